import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Box,
  Button,
  Card,
  FileButton,
  Group,
  Loader,
  Modal,
  Progress,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { countLength, type Delta, isOverLimit, type Performance, UI } from '@pw/contract';
import {
  IconEye,
  IconFileDiff,
  IconPaperclip,
  IconTrash,
  IconZoomIn,
  IconZoomOut,
} from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import type { EditorChange } from '../../../components/RichText';
import { ApiError, isTooLarge } from '../../../lib/api-error';
import { notify } from '../../../lib/notify';
import { performanceKey, savePerformance } from '../api/performance';
import { clearDraft, readDraft, remindOnce, textDelta, writeDraft, zoomWidth } from './work-draft';

const RichTextEditor = lazy(() => import('../../../components/RichText'));
const RichTextView = lazy(() =>
  import('../../../components/RichText').then((m) => ({ default: m.RichTextView })),
);
const CompareModal = lazy(() => import('../../../components/CompareModal'));

const isDelta = (v: unknown): v is Delta =>
  typeof v === 'object' && v !== null && Array.isArray((v as Delta).ops);

/** The text the editor starts from: the stored work, or (for a revision not yet written) the essay. */
function startingPoint(p: Performance): { delta: Delta; text: string } {
  const so = p.stage_object;
  if (isDelta(so.content)) return { delta: so.content, text: so.plain_text };
  if (so.plain_text) return { delta: textDelta(so.plain_text), text: so.plain_text };
  if (p.model === 'revisement' && so.essay) {
    const essay = so.essay;
    if (isDelta(essay.content)) return { delta: essay.content, text: essay.plain_text };
    return { delta: textDelta(essay.plain_text), text: essay.plain_text };
  }
  return { delta: { ops: [] }, text: '' };
}

const sameText = (a: string, b: string) => a.replace(/\n+$/, '') === b.replace(/\n+$/, '');

type Ids = { courseId: number; assignmentId: number };

/**
 * The essay or revision editor (part 2 §2, §4): Quill, the live counter in letters or words
 * (red above the limit, submission blocked), "save and submit" while the text differs from what
 * is stored and "stored" when it matches, pdf/mp4 attachments with progress, the late essay, a
 * draft kept in the browser until the server has the text, and a stale-save comparison.
 */
export function WorkEditor({
  ids,
  performance: p,
  unansweredQuestions,
  questionsAnchor,
}: {
  ids: Ids;
  performance: Performance;
  unansweredQuestions?: number;
  questionsAnchor?: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const location = useLocation();
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const revision = p.model === 'revisement';
  const late = !p.editable && p.late_essay_open;
  const writable = p.editable || late;
  const stored = useMemo(() => startingPoint(p), [p]);
  const [initial, setInitial] = useState(() => {
    const draft = writable ? readDraft(p.id) : null;
    return draft && !sameText(draft.text, stored.text) ? draft : null;
  });
  const [editorKey, setEditorKey] = useState(0);
  const [current, setCurrent] = useState<{ delta: Delta; text: string }>(initial ?? stored);
  const [retrospective, setRetrospective] = useState(
    initial?.retrospective ?? p.stage_object.retrospective ?? '',
  );
  const [filesChanged, setFilesChanged] = useState(false);
  const [saving, setSaving] = useState(false);
  const [progress, setProgress] = useState<number | null>(null);
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [stale, setStale] = useState<Performance | null>(null);
  const [viewEssay, setViewEssay] = useState(false);
  const [compare, setCompare] = useState(false);
  const [zoom, setZoom] = useState(2);
  const restoredShown = useRef(false);

  const limitType = p.stage_object.limit_type ?? 'L';
  const max = p.stage_object.max_length;
  const count = countLength(current.text, limitType);
  const over = isOverLimit(current.text, limitType, max);
  const storedText = p.stage_object.plain_text;
  const storedRetro = p.stage_object.retrospective ?? '';
  const dirty =
    !sameText(current.text, storedText) || (revision && retrospective !== storedRetro) || filesChanged;
  const unsaved =
    writable && (!sameText(current.text, storedText) || (revision && retrospective !== storedRetro));

  useEffect(() => {
    if (initial && !restoredShown.current) {
      restoredShown.current = true;
      notify('draft', { color: 'blue', message: t('work.draftRestored') });
    }
  }, [initial, t]);

  // Warn before leaving the page with text the server does not have.
  useEffect(() => {
    if (!unsaved) return;
    const warn = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = t('work.unsavedLeave');
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved, t]);

  const keep = (next: { delta: Delta; text: string }, retro = retrospective) => {
    setCurrent(next);
    writeDraft(p.id, { ...next, retrospective: retro, version: p.version, at: Date.now() });
  };
  const onEditor = (change: EditorChange) => keep(change);

  const apply = (fresh: Performance) => {
    queryClient.setQueryData(performanceKey(ids.courseId, ids.assignmentId, p.id), fresh);
    void queryClient.invalidateQueries({
      queryKey: [...performanceKey(ids.courseId, ids.assignmentId, p.id).slice(0, 3)],
    });
  };

  const failed = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'performance_stale' && error.body.current) {
      setStale(error.body.current as Performance);
      return;
    }
    if (isTooLarge(error)) {
      notify('save', { color: 'yellow', message: t('errors.payload_too_large') });
      return;
    }
    if (error instanceof ApiError && error.code === 'essay_too_long') {
      notify('save', { color: 'yellow', message: t('work.overLimit') });
      return;
    }
    if (error instanceof ApiError && error.status === 0) {
      notify('save', { color: 'yellow', message: t('work.offlineKept') });
      return;
    }
    const detail = error instanceof ApiError && error.status !== 500 ? error.body.detail : undefined;
    notify('save', { color: 'yellow', message: detail ?? t('work.saveFailed') });
  };

  const submit = async (version = p.version) => {
    if (over) {
      notify('save', { color: 'yellow', message: t('work.overLimit') });
      return;
    }
    setSaving(true);
    try {
      const fresh = await savePerformance({
        ...ids,
        performanceId: p.id,
        late,
        version,
        stageObject: {
          content: current.delta,
          plain_text: current.text,
          editor_type: 'Q',
          ...(revision ? { retrospective } : {}),
        },
      });
      clearDraft(p.id);
      setFilesChanged(false);
      setStale(null);
      apply(fresh);
      notify('save', { color: 'teal', message: t(revision ? 'work.revisionSaved' : 'work.submitted') });
      if (!revision && unansweredQuestions && unansweredQuestions > 0) {
        remindOnce(location.pathname, () =>
          notify('reminder', {
            color: 'blue',
            title: t('work.reminderTitle'),
            message: (
              <Stack gap={4}>
                <Text size="sm">{t('work.reminder', { count: unansweredQuestions })}</Text>
                {questionsAnchor ? (
                  <Anchor size="sm" href={`#${questionsAnchor}`}>
                    {t('work.goToQuestions')}
                  </Anchor>
                ) : null}
              </Stack>
            ),
            autoClose: 10_000,
          }),
        );
      }
    } catch (error) {
      failed(error);
    } finally {
      setSaving(false);
    }
  };

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    if (files.some((f) => !/\.(pdf|mp4)$/i.test(f.name))) {
      notify('save', { color: 'yellow', message: t('work.fileTypes') });
      return;
    }
    if (files.some((f) => f.size > 20 * 1024 * 1024)) {
      notify('save', { color: 'yellow', message: t('errors.payload_too_large') });
      return;
    }
    setProgress(0);
    try {
      const fresh = await savePerformance({
        ...ids,
        performanceId: p.id,
        late,
        stageObject: {},
        files,
        onProgress: setProgress,
      });
      setFilesChanged(true);
      apply(fresh);
      notify('save', { color: 'teal', message: t('work.fileCreated') });
    } catch (error) {
      failed(error);
    } finally {
      setProgress(null);
    }
  };

  const remove = async () => {
    if (!removing) return;
    try {
      const fresh = await savePerformance({
        ...ids,
        performanceId: p.id,
        late,
        stageObject: { delFile: true, fileId: removing.id },
      });
      setFilesChanged(true);
      apply(fresh);
      notify('save', { color: 'teal', message: t('work.fileDeleted') });
    } catch (error) {
      failed(error);
    } finally {
      setRemoving(null);
    }
  };

  const useTheirs = () => {
    if (!stale) return;
    const theirs = startingPoint(stale);
    clearDraft(p.id);
    apply(stale);
    setCurrent(theirs);
    setRetrospective(stale.stage_object.retrospective ?? '');
    setInitial(null);
    setEditorKey((k) => k + 1);
    setStale(null);
  };

  const unit = t(limitType === 'W' ? 'work.unitWords' : 'work.unitLetters');
  const readOnlyMessage = revision ? t('work.readOnlyRevision') : t('work.readOnlyEssay');
  const essay = p.stage_object.essay;
  const width = revision ? `${zoomWidth(zoom)}%` : '100%';

  return (
    <Stack gap="md" data-testid={revision ? 'revision-work' : 'essay-work'} pb={narrow && writable ? 72 : 0}>
      {late ? (
        <Alert color="orange" title={t('work.late')} data-testid="late-essay-hint">
          {t('work.lateHint')}
        </Alert>
      ) : null}
      {!writable && p.is_mine ? (
        <Alert color="gray" data-testid="read-only-message">
          {readOnlyMessage}
        </Alert>
      ) : null}
      {p.is_late ? (
        <Badge color="orange" variant="light" data-testid="late-badge">
          {t('work.lateBadge')}
        </Badge>
      ) : null}
      {revision ? (
        <Group gap="xs" justify="space-between">
          <Group gap="xs">
            <Button
              variant="light"
              size="xs"
              leftSection={<IconEye size={14} />}
              onClick={() => setViewEssay(true)}
              disabled={!essay}
            >
              {t('work.viewEssay')}
            </Button>
            <Button
              variant="light"
              size="xs"
              leftSection={<IconFileDiff size={14} />}
              onClick={() => setCompare(true)}
              disabled={!essay}
              data-testid="compare-button"
            >
              {t('work.compare')}
            </Button>
          </Group>
          {narrow ? null : (
            <Group gap={4} role="group" aria-label={t('work.zoom')}>
              <Tooltip label={t('work.zoomOut')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('work.zoomOut')}
                  disabled={zoom <= 0}
                  onClick={() => setZoom((z) => z - 1)}
                >
                  <IconZoomOut size={16} />
                </ActionIcon>
              </Tooltip>
              <Text size="sm" w={48} ta="center" data-testid="zoom-width">
                {zoomWidth(zoom)}%
              </Text>
              <Tooltip label={t('work.zoomIn')}>
                <ActionIcon
                  variant="default"
                  aria-label={t('work.zoomIn')}
                  disabled={zoom >= 2}
                  onClick={() => setZoom((z) => z + 1)}
                >
                  <IconZoomIn size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
      ) : null}
      <Box w={narrow ? '100%' : width} mx="auto" data-testid="editor-frame">
        <Suspense fallback={<Loader size="sm" />}>
          <RichTextEditor
            key={editorKey}
            initial={(initial ?? stored).delta}
            onChange={onEditor}
            readOnly={!writable}
            label={t(revision ? 'work.revisionEditorLabel' : 'work.editorLabel')}
          />
        </Suspense>
        <Group justify="flex-end" mt={4}>
          <Text
            size="sm"
            c={over ? 'red' : 'dimmed'}
            fw={over ? 700 : 400}
            data-testid="length-counter"
            aria-live="polite"
          >
            {max ? t('work.counter', { count, max, unit }) : t('work.counterNoLimit', { count, unit })}
          </Text>
        </Group>
        {over ? (
          <Text size="sm" c="red" role="alert" data-testid="over-limit">
            {t('work.overLimit')}
          </Text>
        ) : null}
      </Box>
      {revision ? (
        <Textarea
          label={t('work.retrospective')}
          description={t('work.retrospectiveHint')}
          value={retrospective}
          autosize
          minRows={3}
          maxLength={5000}
          readOnly={!writable}
          onChange={(e) => {
            setRetrospective(e.currentTarget.value);
            writeDraft(p.id, {
              ...current,
              retrospective: e.currentTarget.value,
              version: p.version,
              at: Date.now(),
            });
          }}
          data-testid="retrospective"
        />
      ) : null}
      {revision ? null : (
        <Card withBorder radius="md" p="md">
          <Stack gap="xs">
            <Text fw={600} size="sm">
              {t('work.attachments')}
            </Text>
            {p.stage_object.files.map((f) => (
              <Group key={f.id} gap="xs" wrap="nowrap">
                <IconPaperclip size={14} aria-hidden />
                <Anchor
                  href={f.file}
                  target="_blank"
                  rel="noopener noreferrer"
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {f.name}
                </Anchor>
                {writable ? (
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t('work.removeFile', { name: f.name })}
                    onClick={() => setRemoving({ id: f.id, name: f.name })}
                  >
                    <IconTrash size={14} />
                  </ActionIcon>
                ) : null}
              </Group>
            ))}
            {progress !== null ? (
              <Stack gap={2}>
                <Progress
                  value={progress * 100}
                  aria-label={t('work.uploading', { percent: Math.round(progress * 100) })}
                />
                <Text size="xs" c="dimmed">
                  {t('work.uploading', { percent: Math.round(progress * 100) })}
                </Text>
              </Stack>
            ) : null}
            {writable ? (
              <FileButton
                onChange={(files) => void upload(files)}
                accept="application/pdf,video/mp4,.pdf,.mp4"
                multiple
              >
                {(props) => (
                  <Button
                    {...props}
                    variant="default"
                    size="xs"
                    leftSection={<IconPaperclip size={14} />}
                    w="fit-content"
                    disabled={progress !== null}
                    data-testid="add-file"
                  >
                    {t('work.addFile')}
                  </Button>
                )}
              </FileButton>
            ) : null}
          </Stack>
        </Card>
      )}
      {writable ? (
        <Group
          justify="flex-end"
          style={
            narrow
              ? {
                  position: 'fixed',
                  bottom: 0,
                  left: 0,
                  right: 0,
                  padding: 'var(--mantine-spacing-sm)',
                  background: 'var(--mantine-color-body)',
                  borderTop: '1px solid var(--mantine-color-gray-3)',
                  zIndex: 100,
                }
              : undefined
          }
          data-testid="work-bottom-bar"
        >
          <Button
            onClick={() => void submit()}
            loading={saving}
            disabled={!dirty || over}
            data-testid="save-work"
            data-state={dirty ? 'changed' : 'stored'}
            fullWidth={narrow}
          >
            {late ? t('work.lateSubmit') : dirty ? t('work.saveSubmit') : t('work.stored')}
          </Button>
        </Group>
      ) : null}

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove()}
        title={t('work.confirmRemoveTitle')}
        message={t('work.confirmRemove', { name: removing?.name ?? '' })}
        confirmLabel={t('common.delete')}
      />
      <Modal
        opened={stale !== null}
        onClose={() => setStale(null)}
        title={t('work.staleTitle')}
        size="xl"
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack data-testid="stale-dialog">
          <Text size="sm">{t('work.staleBody')}</Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Card withBorder>
              <Text fw={600} size="sm" mb="xs">
                {t('work.staleMine')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="stale-mine">
                {current.text}
              </Text>
            </Card>
            <Card withBorder>
              <Text fw={600} size="sm" mb="xs">
                {t('work.staleTheirs')}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="stale-theirs">
                {stale?.stage_object.plain_text}
              </Text>
            </Card>
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={useTheirs} data-testid="use-theirs">
              {t('work.useTheirs')}
            </Button>
            <Button
              onClick={() => stale && void submit(stale.version)}
              loading={saving}
              data-testid="keep-mine"
            >
              {t('work.keepMine')}
            </Button>
          </Group>
        </Stack>
      </Modal>
      {essay ? (
        <Modal
          opened={viewEssay}
          onClose={() => setViewEssay(false)}
          title={t('work.essayTitle')}
          size="xl"
          closeButtonProps={{ 'aria-label': t('common.close') }}
        >
          <Suspense fallback={<Loader size="sm" />}>
            <RichTextView
              content={essay.content}
              editorType={essay.editor_type}
              plainText={essay.plain_text}
              label={t('work.essayTitle')}
            />
          </Suspense>
        </Modal>
      ) : null}
      {essay && compare ? (
        <Suspense fallback={null}>
          <CompareModal
            opened={compare}
            onClose={() => setCompare(false)}
            essay={essay.plain_text}
            revision={current.text}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}

export { RichTextView };
