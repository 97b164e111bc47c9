import { Alert, Anchor, Badge, Box, Loader, Stack, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { type Performance, UI } from '@pw/contract';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { ExtendedDeadline } from '../../../components/ExtendedDeadline';
import { OnDemandDialog } from '../../../components/OnDemandDialog';
import { notify } from '../../../lib/notify';
import { remindOnce, zoomWidth } from './work-draft';
import { EditorPlaceholder } from './work-editor/EditorPlaceholder';
import { LengthCounter } from './work-editor/LengthCounter';
import { RevisionToolbar } from './work-editor/RevisionToolbar';
import { SaveBar } from './work-editor/SaveBar';
import { useWorkDraft } from './work-editor/use-work-draft';
import { useWorkSave } from './work-editor/use-work-save';
import { WorkFiles } from './work-editor/WorkFiles';

const RichTextEditor = lazy(() => import('../../../components/RichText'));
const CompareModal = lazy(() => import('../../../components/CompareModal'));
// The stale-save and essay dialogs load when first needed (issue 35: not on the essay page's arrival).
const workDialogs = () => import('./work-editor/WorkDialogs');
const StaleDialog = lazy(() => workDialogs().then((m) => ({ default: m.StaleDialog })));
const EssayDialog = lazy(() => workDialogs().then((m) => ({ default: m.EssayDialog })));

import type { CompareAnchor } from '../../../components/CompareModal';

// The revision's feedback trace loads with the revision step only: the essay page does not carry it.
const RevisionTracePanel = lazy(() =>
  import('./RevisionTracePanel').then((m) => ({ default: m.RevisionTracePanel })),
);

type Ids = { courseId: number; assignmentId: number };

/**
 * The essay or revision editor (part 2 §2, §4): Quill, the live counter in letters or words
 * (red above the limit, submission blocked), "save and submit" while the text differs from what
 * is stored and "stored" when it matches, pdf/mp4 attachments with progress, the late essay, a
 * draft kept in the browser until the server has the text, and a stale-save comparison. The text
 * lives in `useWorkDraft`, saving in `useWorkSave`; the parts in `work-editor/` only show them.
 */
export function WorkEditor({
  ids,
  performance: p,
  unansweredQuestions,
  questionsAnchor,
  compareAnchors,
}: {
  ids: Ids;
  performance: Performance;
  unansweredQuestions?: number;
  questionsAnchor?: string;
  /** The comments anchored in the essay: the comparison marks the changes that answer them. */
  compareAnchors?: CompareAnchor[];
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const narrow = useMediaQuery(`(max-width: ${UI.narrowBreakpointPx - 1}px)`, false, {
    getInitialValueInEffect: false,
  });
  const revision = p.model === 'revisement';
  const late = !p.editable && p.late_essay_open;
  const writable = p.editable || late;
  const draft = useWorkDraft(p, writable);
  const save = useWorkSave({ ids, performance: p, late });
  const [removing, setRemoving] = useState<{ id: number; name: string } | null>(null);
  const [viewEssay, setViewEssay] = useState(false);
  const [compare, setCompare] = useState(false);
  const [zoom, setZoom] = useState(2);
  const dirty = draft.changed || save.filesChanged;

  const submit = async (version = p.version) => {
    if (draft.over) {
      notify('save', { color: 'yellow', message: t('work.overLimit') });
      return;
    }
    const fresh = await save.saveText(
      {
        content: draft.current.delta,
        plain_text: draft.current.text,
        editor_type: 'Q',
        ...(revision ? { retrospective: draft.retrospective } : {}),
      },
      version,
    );
    if (!fresh) return;
    draft.markStored();
    notify('save', { color: 'teal', message: t(revision ? 'work.revisionSaved' : 'work.submitted') });
    if (!revision && unansweredQuestions && unansweredQuestions > 0) {
      remindOnce(location.pathname, () => {
        reminder.current = notify('reminder', {
          color: 'blue',
          title: t('work.reminderTitle'),
          message: reminderBody(unansweredQuestions),
          autoClose: 6_000,
          onClose: () => {
            reminder.current = null;
          },
        });
      });
    }
  };

  // The reminder follows the questions as they are answered: a new count, or gone at zero.
  const reminder = useRef<string | null>(null);
  const reminderBody = (count: number) => (
    <Stack gap={4}>
      <Text size="sm">{t('work.reminder', { count })}</Text>
      {questionsAnchor ? (
        <Anchor size="sm" href={`#${questionsAnchor}`}>
          {t('work.goToQuestions')}
        </Anchor>
      ) : null}
    </Stack>
  );
  const reminderBodyRef = useRef(reminderBody);
  reminderBodyRef.current = reminderBody;
  useEffect(() => {
    const id = reminder.current;
    if (id === null || unansweredQuestions === undefined) return;
    if (unansweredQuestions === 0) notifications.hide(id);
    else notifications.update({ id, message: reminderBodyRef.current(unansweredQuestions) });
  }, [unansweredQuestions]);

  const remove = async () => {
    if (!removing) return;
    await save.removeFile(removing.id);
    setRemoving(null);
  };

  const useTheirs = () => {
    if (!save.stale) return;
    draft.replace(save.stale);
    save.takeStale();
  };

  const readOnlyMessage = revision ? t('work.readOnlyRevision') : t('work.readOnlyEssay');
  const essay = p.stage_object.essay;
  const width = revision ? `${zoomWidth(zoom)}%` : '100%';

  // The editor (a stand-in while Quill loads) and its counter, beside the trace in a revision.
  const editorLabel = t(revision ? 'work.revisionEditorLabel' : 'work.editorLabel');
  const editorFrame = (
    <Box w={narrow ? '100%' : width} mx="auto" data-testid="editor-frame">
      <Suspense
        fallback={<EditorPlaceholder initial={draft.initialDelta} readOnly={!writable} label={editorLabel} />}
      >
        <RichTextEditor
          key={draft.editorKey}
          initial={draft.initialDelta}
          onChange={draft.onEditor}
          readOnly={!writable}
          label={editorLabel}
        />
      </Suspense>
      <LengthCounter count={draft.count} max={draft.max} limitType={draft.limitType} over={draft.over} />
    </Box>
  );

  return (
    <Stack gap="md" data-testid={revision ? 'revision-work' : 'essay-work'} pb={narrow && writable ? 72 : 0}>
      <ExtendedDeadline p={p} />
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
        <RevisionToolbar
          hasEssay={Boolean(essay)}
          narrow={narrow}
          zoom={zoom}
          onZoom={setZoom}
          onViewEssay={() => setViewEssay(true)}
          onCompare={() => setCompare(true)}
        />
      ) : null}
      {revision ? (
        <Box
          style={{
            display: 'flex',
            flexDirection: narrow ? 'column' : 'row',
            gap: 'var(--mantine-spacing-md)',
            alignItems: 'flex-start',
          }}
          data-testid="revision-layout"
        >
          <Box style={{ flex: 2, minWidth: 0 }} w={narrow ? '100%' : undefined}>
            {editorFrame}
          </Box>
          <Box style={{ flex: 1, minWidth: 0 }} w={narrow ? '100%' : undefined}>
            <Suspense fallback={<Loader size="sm" />}>
              <RevisionTracePanel ids={{ ...ids, performanceId: p.id }} />
            </Suspense>
          </Box>
        </Box>
      ) : (
        editorFrame
      )}
      {revision ? (
        <Textarea
          label={t('work.retrospective')}
          description={t('work.retrospectiveHint')}
          value={draft.retrospective}
          autosize
          minRows={3}
          maxLength={5000}
          readOnly={!writable}
          onChange={(e) => draft.onRetrospective(e.currentTarget.value)}
          data-testid="retrospective"
        />
      ) : null}
      {revision ? null : (
        <WorkFiles
          files={p.stage_object.files}
          writable={writable}
          progress={save.progress}
          onAdd={(files) => void save.upload(files)}
          onRemove={(f) => setRemoving({ id: f.id, name: f.name })}
        />
      )}
      {writable ? (
        <SaveBar
          narrow={narrow}
          late={late}
          dirty={dirty}
          over={draft.over}
          state={save.state}
          onSave={() => void submit()}
        />
      ) : null}

      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => void remove()}
        title={t('work.confirmRemoveTitle')}
        message={t('work.confirmRemove', { name: removing?.name ?? '' })}
        confirmLabel={t('common.delete')}
      />
      <OnDemandDialog
        opened={save.stale !== null}
        render={(shown) => (
          <StaleDialog
            stale={shown ? save.stale : null}
            mine={draft.current.text}
            saving={save.saving}
            onClose={save.closeStale}
            onUseTheirs={useTheirs}
            onKeepMine={(version) => void submit(version)}
          />
        )}
      />
      {essay ? (
        <OnDemandDialog
          opened={viewEssay}
          render={(shown) => <EssayDialog essay={essay} opened={shown} onClose={() => setViewEssay(false)} />}
        />
      ) : null}
      {essay && compare ? (
        <Suspense fallback={null}>
          <CompareModal
            opened={compare}
            onClose={() => setCompare(false)}
            essay={essay.plain_text}
            revision={draft.current.text}
            anchors={compareAnchors}
          />
        </Suspense>
      ) : null}
    </Stack>
  );
}
