import { countLength, type Delta, isOverLimit, type Performance } from '@pw/contract';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EditorChange } from '../../../../components/RichText';
import { notify } from '../../../../lib/notify';
import { clearDraft, readDraft, textDelta, writeDraft } from '../work-draft';

const isDelta = (v: unknown): v is Delta =>
  typeof v === 'object' && v !== null && Array.isArray((v as Delta).ops);

/** The text the editor starts from: the stored work, or (for a revision not yet written) the essay. */
export function startingPoint(p: Performance): { delta: Delta; text: string } {
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

/** Texts equal but for trailing line breaks (Quill always ends with one). */
export const sameText = (a: string, b: string) => a.replace(/\n+$/, '') === b.replace(/\n+$/, '');

/**
 * The learner's local draft of an essay or revision: the text being edited (from the stored work,
 * or from a draft kept in the browser, announced once when restored), the retrospective, the
 * counter's input (count, limit, over the limit), whether the text differs from the stored one
 * (with a warning before leaving the page), and a replacement by another version of the work.
 */
export function useWorkDraft(p: Performance, writable: boolean) {
  const { t } = useTranslation();
  const revision = p.model === 'revisement';
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
  const restoredShown = useRef(false);

  const limitType = p.stage_object.limit_type ?? 'L';
  const max = p.stage_object.max_length;
  const count = countLength(current.text, limitType);
  const over = isOverLimit(current.text, limitType, max);
  const storedRetro = p.stage_object.retrospective ?? '';
  const changed =
    !sameText(current.text, p.stage_object.plain_text) || (revision && retrospective !== storedRetro);
  const unsaved = writable && changed;

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

  const onEditor = (change: EditorChange) => {
    setCurrent(change);
    writeDraft(p.id, { ...change, retrospective, version: p.version, at: Date.now() });
  };
  const onRetrospective = (value: string) => {
    setRetrospective(value);
    writeDraft(p.id, { ...current, retrospective: value, version: p.version, at: Date.now() });
  };
  /** The server has the text: the browser's copy goes. */
  const markStored = () => clearDraft(p.id);
  /** Starts again from another version of the work (the newer one of a stale save). */
  const replace = (work: Performance) => {
    clearDraft(p.id);
    setCurrent(startingPoint(work));
    setRetrospective(work.stage_object.retrospective ?? '');
    setInitial(null);
    setEditorKey((k) => k + 1);
  };

  return {
    /** What the (uncontrolled) editor starts from; it remounts when `editorKey` changes. */
    initialDelta: (initial ?? stored).delta,
    editorKey,
    current,
    retrospective,
    onEditor,
    onRetrospective,
    limitType,
    max,
    count,
    over,
    changed,
    markStored,
    replace,
  };
}
