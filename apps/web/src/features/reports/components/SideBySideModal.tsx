import { Badge, Button, Group, Modal, ScrollArea, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScoreRow } from './score-rows';

type Rater = ScoreRow['pr_performance']['reviewers'][number];

/**
 * Disagreement triage: one essay's peer reviews side by side, a row per rubric standard, the
 * standards the reviewers disagree on marked in words; each finished review offers the existing
 * adjustment (with its reason) where the page allows it.
 */
export function SideBySideModal({
  row,
  questions,
  canAdjust,
  onAdjust,
  onClose,
}: {
  row: ScoreRow | null;
  questions: readonly string[];
  canAdjust: (rater: Rater) => boolean;
  onAdjust: (rater: Rater) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const peers = row?.pr_performance.reviewers.filter((x) => !x.is_self_review) ?? [];
  const count = Math.max(questions.length, ...peers.map((p) => p.responses.length));
  return (
    <Modal
      opened={row !== null}
      onClose={onClose}
      size="xl"
      title={row ? t('score.sideBySide.title', { name: row.name }) : ''}
      data-testid="side-by-side"
    >
      {row ? (
        <>
          <ScrollArea>
            <Table withTableBorder withColumnBorders miw={480} data-testid="side-by-side-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('score.sideBySide.standard')}</Table.Th>
                  {peers.map((p, i) => (
                    <Table.Th key={p.id} ta="center">
                      {t('score.rater', { n: i + 1 })}
                      <Text size="xs" c="dimmed">
                        {p.reviewer_name}
                      </Text>
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Array.from({ length: count }, (_, s) => `standard-${s}`).map((key, s) => {
                  const flagged = row.disagreement.includes(s);
                  return (
                    <Table.Tr key={key} data-flagged={flagged || undefined}>
                      <Table.Th scope="row" fw={flagged ? 700 : 500}>
                        <Text size="sm">{questions[s] ?? `#${s + 1}`}</Text>
                        {flagged ? (
                          <Badge color="orange" variant="light" mt={4}>
                            {t('score.sideBySide.flagged')}
                          </Badge>
                        ) : null}
                      </Table.Th>
                      {peers.map((p) => {
                        const r = p.responses[s];
                        const point = r ? (r.edited_point ?? r.point) : null;
                        return (
                          <Table.Td key={p.id} ta="center" fw={flagged ? 700 : 400}>
                            {p.is_completed && point !== null ? point : '–'}
                            {r?.edited_point != null ? ' ✎' : ''}
                          </Table.Td>
                        );
                      })}
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          <Group mt="md" gap="xs">
            {peers.map((p, i) =>
              canAdjust(p) ? (
                <Button key={p.id} size="xs" variant="light" onClick={() => onAdjust(p)}>
                  {t('score.sideBySide.adjust', { n: i + 1 })}
                </Button>
              ) : null,
            )}
          </Group>
        </>
      ) : null}
    </Modal>
  );
}
