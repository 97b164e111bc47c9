import { Box, List, Modal, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { changesOnAnchors, checkAnchor, locateQuote } from '@pw/domain/anchors';
import { diffWords } from 'diff';
import { Fragment, useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** A comment anchored in the essay (issue 34, item 3), as the comparison lists it. */
export type CompareAnchor = { index: number; length: number; quote: string; label: string; comment: string };

/** "[1][2]" after a change: the comments (numbered in the list below) it answers. */
function Answers({ numbers, label }: { numbers: number[]; label: (n: number) => string }) {
  if (numbers.length === 0) return null;
  return (
    <sup data-testid="answers-comment" style={{ fontWeight: 700, color: 'var(--mantine-color-indigo-8)' }}>
      {numbers.map((n) => (
        <Fragment key={n}>
          <span aria-hidden="true">[{n}]</span>
          <VisuallyHidden>{label(n)}</VisuallyHidden>
        </Fragment>
      ))}
    </sup>
  );
}

/**
 * The essay and the revision side by side with a word-level diff (jsdiff): additions underlined
 * in green and marked "+", deletions struck through in red and marked "−", so the difference is
 * visible without colour too. With the comments anchored in the essay, each change that falls on
 * a commented passage is marked with that comment's number ([n]), and the comments are listed
 * below with how many changes answer each (issue 34, item 4).
 */
export default function CompareModal({
  opened,
  onClose,
  essay,
  revision,
  anchors = [],
}: {
  opened: boolean;
  onClose: () => void;
  essay: string;
  revision: string;
  anchors?: CompareAnchor[];
}) {
  const { t } = useTranslation();
  // The comments found in this text (by their quote near their place when the positions moved),
  // in the essay's order: their numbers.
  const located = useMemo(
    () =>
      anchors
        .map((a) => {
          const at = checkAnchor(essay, a) === null ? a : locateQuote(essay, a.quote, a.index);
          return at && at.quote === a.quote ? { ...a, index: at.index, length: at.length } : null;
        })
        .filter((a) => a !== null)
        .sort((x, y) => x.index - y.index),
    [anchors, essay],
  );
  // Each part keeps its position in the diff: a stable key for this render.
  const parts = useMemo(() => {
    const diff = diffWords(essay, revision);
    const answers = changesOnAnchors(diff, located);
    return diff.map((part, at) => ({
      ...part,
      key: `${at}`,
      answers: (answers[at] ?? []).map((i) => i + 1),
    }));
  }, [essay, revision, located]);
  const answerLabel = (n: number) => t('work.compareAnswersComment', { n });
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('work.compareTitle')}
      size="90%"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('work.legend')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Box data-testid="compare-essay">
            <Title order={3} size="h5" mb="xs">
              {t('work.essay')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {parts
                .filter((p) => !p.added)
                .map((p) =>
                  p.removed ? (
                    <del
                      key={p.key}
                      style={{
                        color: 'var(--mantine-color-red-8)',
                        background: 'var(--mantine-color-red-0)',
                      }}
                    >
                      <span aria-hidden="true">−</span>
                      <VisuallyHidden>{t('work.removed')}: </VisuallyHidden>
                      {p.value}
                      <Answers numbers={p.answers} label={answerLabel} />
                    </del>
                  ) : (
                    <span key={p.key}>{p.value}</span>
                  ),
                )}
            </Text>
          </Box>
          <Box data-testid="compare-revision">
            <Title order={3} size="h5" mb="xs">
              {t('work.revision')}
            </Title>
            <Text style={{ whiteSpace: 'pre-wrap' }}>
              {parts
                .filter((p) => !p.removed)
                .map((p) =>
                  p.added ? (
                    <ins
                      key={p.key}
                      data-testid="diff-added"
                      style={{
                        color: 'var(--mantine-color-green-9)',
                        background: 'var(--mantine-color-green-0)',
                      }}
                    >
                      <span aria-hidden="true">+</span>
                      <VisuallyHidden>{t('work.added')}: </VisuallyHidden>
                      {p.value}
                      <Answers numbers={p.answers} label={answerLabel} />
                    </ins>
                  ) : (
                    <span key={p.key}>{p.value}</span>
                  ),
                )}
            </Text>
          </Box>
        </SimpleGrid>
        {located.length > 0 ? (
          <Box data-testid="compare-comments">
            <Title order={3} size="h5" mb="xs">
              {t('work.compareCommentsTitle')}
            </Title>
            <List type="ordered" spacing="xs">
              {located.map((a, i) => {
                const count = parts.filter((p) => p.answers.includes(i + 1)).length;
                return (
                  <List.Item
                    key={`${a.index}-${a.length}-${a.label}-${a.comment}`}
                    data-testid="compare-comment"
                  >
                    <Text size="sm" fw={600} component="span">
                      {a.label} · “{a.quote}”
                    </Text>
                    <Text size="sm">{a.comment}</Text>
                    <Text size="sm" c={count > 0 ? 'teal.9' : 'dimmed'}>
                      {count > 0 ? t('work.compareAnsweredBy', { count }) : t('work.compareNotAnswered')}
                    </Text>
                  </List.Item>
                );
              })}
            </List>
          </Box>
        ) : null}
      </Stack>
    </Modal>
  );
}
