import '../../../lib/texts/anchors-texts';
import { Alert, Button, Group, Loader, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { ANCHOR_COMMENT_MAX } from '@pw/contract';
import { type Anchor, anchorText, locateQuote } from '@pw/domain/anchors';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { type AnchorDraft, reviewAnchorsKey, saveReviewAnchors, useReviewAnchors } from '../api/anchors';
import { AnchoredEssay, commentId, type DrawnAnchor, focusById, markId } from './AnchoredEssay';
import classes from './AnchoredEssay.module.css';
import { selectionAnchor } from './anchor-selection';

type Ids = { courseId: number; assignmentId: number };
type Essay = { content: unknown; plain_text: string };

const draftOf = (a: AnchorDraft): AnchorDraft => ({
  index: a.index,
  length: a.length,
  quote: a.quote,
  comment: a.comment,
});
/** In reading order (then longer first), so the numbers follow the essay. */
const inOrder = <T extends AnchorDraft>(list: T[]) =>
  [...list].sort((x, y) => x.index - y.index || y.length - x.length);

/**
 * The peer-review page's essay with the reviewer's comments anchored in it (issue 34, item 3): select
 * a passage (mouse, touch) or type words of it, write a comment, add; each comment listed below
 * the essay with its passage, to show in the essay, edit or delete while the review may be saved.
 */
export default function ReviewAnchorsPanel({
  ids,
  matchingId,
  essay,
  label,
}: {
  ids: Ids;
  matchingId: number;
  essay: Essay;
  label: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useReviewAnchors(ids, matchingId);
  const root = useRef<HTMLDivElement>(null);
  const text = useMemo(() => anchorText(essay.content, essay.plain_text), [essay]);
  /** The passage last selected in the essay (kept while the reviewer taps the button on a phone). */
  const [selected, setSelected] = useState<Anchor | null>(null);
  const [passage, setPassage] = useState('');
  const [comment, setComment] = useState('');
  /** The comment being edited (its position in the list), null when adding. */
  const [editing, setEditing] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<{ passage?: string; comment?: string }>({});

  useEffect(() => {
    const onChange = () => {
      if (!root.current) return;
      const found = selectionAnchor(root.current, text);
      if (!found) return;
      setSelected(found);
      setPassage(found.quote);
      setErrors({});
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [text]);

  const saved = useMemo(() => inOrder(list.data?.anchors ?? []), [list.data]);
  const editable = list.data?.editable ?? false;
  const drawn: DrawnAnchor[] = saved.map((a, i) => ({
    key: String(i),
    index: a.index,
    length: a.length,
    number: i + 1,
    refLabel: t('anchors.refLabel', { n: i + 1 }),
  }));

  const reset = () => {
    setEditing(null);
    setPassage('');
    setComment('');
    setSelected(null);
    setErrors({});
  };

  const store = async (next: AnchorDraft[], done: string) => {
    setSaving(true);
    try {
      const fresh = await saveReviewAnchors(ids, matchingId, inOrder(next.map(draftOf)));
      queryClient.setQueryData(reviewAnchorsKey(ids, matchingId), fresh);
      reset();
      notify('anchors', { color: 'teal', message: done });
      return true;
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const first = fields ? Object.values(fields).flat()[0] : undefined;
      const detail =
        error instanceof ApiError && error.status !== 500 && error.status !== 0
          ? error.body.detail
          : undefined;
      notify('anchors', { color: 'yellow', message: first ?? detail ?? t('common.wrongRequest') });
      return false;
    } finally {
      setSaving(false);
    }
  };

  const submit = async () => {
    const words = passage.trim();
    // The selected passage when the field still shows it, else the typed words nearest to it.
    const anchor =
      editing !== null && words === saved[editing]?.quote
        ? saved[editing]
        : selected && words === selected.quote
          ? selected
          : locateQuote(text, words, selected?.index ?? saved[editing ?? -1]?.index ?? 0);
    const problems: typeof errors = {};
    if (!words) problems.passage = t('anchors.passageRequired');
    else if (!anchor) problems.passage = t('anchors.notFound');
    if (!comment.trim()) problems.comment = t('validation.required');
    if (problems.passage || problems.comment || !anchor) {
      setErrors(problems);
      return;
    }
    const entry = {
      index: anchor.index,
      length: anchor.length,
      quote: anchor.quote,
      comment: comment.trim(),
    };
    const next = editing === null ? [...saved, entry] : saved.map((a, i) => (i === editing ? entry : a));
    await store(next, editing === null ? t('anchors.added') : t('anchors.updated'));
  };

  const remove = (i: number) =>
    store(
      saved.filter((_, k) => k !== i),
      t('anchors.deleted'),
    );
  const edit = (i: number) => {
    const a = saved[i];
    if (!a) return;
    setEditing(i);
    setPassage(a.quote);
    setComment(a.comment);
    setSelected(null);
    setErrors({});
    window.setTimeout(() => document.getElementById('anchor-comment-input')?.focus(), 0);
  };

  return (
    <Stack gap="md" data-testid="review-anchors">
      <div data-testid="essay-view">
        <AnchoredEssay
          content={essay.content}
          plainText={essay.plain_text}
          anchors={drawn}
          label={label}
          rootRef={root}
        />
      </div>
      <Stack gap="xs">
        <Title order={3} size="h6">
          {t('anchors.title')}
        </Title>
        {list.isPending ? <Loader size="sm" /> : null}
        {editable ? (
          <Stack gap="xs" data-testid="anchor-form" p="sm" bg="gray.0" style={{ borderRadius: 8 }}>
            <Text size="sm" c="dimmed">
              {t('anchors.howTo')}
            </Text>
            <TextInput
              label={t('anchors.passage')}
              description={t('anchors.passageHint')}
              value={passage}
              error={errors.passage}
              onChange={(e) => {
                setPassage(e.currentTarget.value);
                setErrors((x) => ({ ...x, passage: undefined }));
              }}
              data-testid="anchor-passage"
            />
            <Textarea
              id="anchor-comment-input"
              label={t('anchors.comment')}
              value={comment}
              error={errors.comment}
              autosize
              minRows={2}
              maxLength={ANCHOR_COMMENT_MAX}
              onChange={(e) => {
                setComment(e.currentTarget.value);
                setErrors((x) => ({ ...x, comment: undefined }));
              }}
              data-testid="anchor-comment"
            />
            <Group gap="xs" justify="flex-end">
              {editing !== null ? (
                <Button variant="default" onClick={reset}>
                  {t('common.cancel')}
                </Button>
              ) : null}
              <Button onClick={() => void submit()} loading={saving} data-testid="anchor-add">
                {editing === null ? t('anchors.add') : t('anchors.update')}
              </Button>
            </Group>
          </Stack>
        ) : null}
        {list.data && saved.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('anchors.empty')}
          </Text>
        ) : null}
        {saved.length ? (
          <Stack component="ol" gap="sm" aria-label={t('anchors.listLabel')} p={0} m={0}>
            {saved.map((a, i) => (
              <AnchorItem key={a.id} anchorKey={String(i)} number={i + 1} quote={a.quote} comment={a.comment}>
                {editable ? (
                  <>
                    <Button size="compact-sm" variant="subtle" onClick={() => edit(i)}>
                      {t('anchors.edit', { n: i + 1 })}
                    </Button>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      disabled={saving}
                      onClick={() => void remove(i)}
                    >
                      {t('anchors.delete', { n: i + 1 })}
                    </Button>
                  </>
                ) : null}
              </AnchorItem>
            ))}
          </Stack>
        ) : null}
        {list.isError ? <Alert color="yellow">{t('common.wrongRequest')}</Alert> : null}
      </Stack>
    </Stack>
  );
}

/** One comment of the list: its number, who (for the author), the passage, the comment, actions. */
export function AnchorItem({
  anchorKey,
  number,
  who,
  quote,
  comment,
  changed,
  children,
}: {
  anchorKey: string;
  number: number;
  who?: string;
  quote: string;
  comment: string;
  changed?: boolean;
  children?: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <li
      id={commentId(anchorKey)}
      tabIndex={-1}
      className={classes.item}
      style={{ listStyle: 'none' }}
      data-testid="anchor-item"
    >
      <Stack gap={4}>
        <Text size="sm" fw={700}>
          {who ? t('anchors.itemWho', { n: number, who }) : t('anchors.item', { n: number })}
        </Text>
        <Text size="sm" className={classes.quote} lineClamp={4}>
          {quote}
        </Text>
        {changed ? (
          <Text size="xs" c="dimmed">
            {t('anchors.passageChanged')}
          </Text>
        ) : null}
        <Text
          size="sm"
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
          data-testid="anchor-text"
        >
          {comment}
        </Text>
        <Group gap={4}>
          {changed ? null : (
            <Button size="compact-sm" variant="subtle" onClick={() => focusById(markId(anchorKey))}>
              {t('anchors.show', { n: number })}
            </Button>
          )}
          {children}
        </Group>
      </Stack>
    </li>
  );
}
