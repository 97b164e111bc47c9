import type { StageModelName } from '@pw/contract';
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import type { ScheduleContext, StepKey } from '../../form';

/** The stages an instructor may add or remove. */
export type OptionalModel = 'questionwriting' | 'adjustment' | 'feedbackreview' | 'revisement';

/** The form section whose `enabled` switches an optional stage. */
export const SECTION_OF: Record<OptionalModel, 'question' | 'adjustment' | 'feedback' | 'revisement'> = {
  questionwriting: 'question',
  adjustment: 'adjustment',
  feedbackreview: 'feedback',
  revisement: 'revisement',
};

/** The step whose dates a stage runs in (companions run in their host's step). */
export const HOST_STEP: Record<StageModelName, StepKey> = {
  essaywriting: 'essay',
  questionwriting: 'essay',
  peerreview: 'peer',
  adjustment: 'adjustment',
  feedbackreview: 'feedback',
  revisement: 'feedback',
};

/** What every card of the editor needs besides the form values: the mode and the server's locks. */
export type AssignmentEditor = {
  mode: 'create' | 'edit';
  /** The assignment being edited (none while creating): its essays can become calibration examples. */
  ids?: { courseId: number; assignmentId: number };
  /** The whole assignment is locked (part 2 §4 editor locking). */
  lockedAll: boolean;
  /** Steps already started: their start (and the running step's end too) can no longer change. */
  firstOpen: number;
  /** Whether a stage's settings may still change. */
  settingsOpen: (model: StageModelName) => boolean;
  /** Adds or removes an optional stage, moving the default score split along. */
  toggle: (model: OptionalModel, on: boolean) => void;
  /** Validates again once the form has been submitted (so shown errors follow an option). */
  revalidate: () => void;
};

const EditorContext = createContext<AssignmentEditor | null>(null);
export const EditorProvider = EditorContext.Provider;

export function useEditor(): AssignmentEditor {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside AssignmentForm');
  return value;
}

/** The schedule rules' context: a new assignment may start within the current minute, as the server allows. */
export function scheduleContextOf(
  mode: AssignmentEditor['mode'],
  firstOpen: number,
  isDirectlyStarting: boolean,
): ScheduleContext {
  return {
    now: new Date(Date.now() - (mode === 'create' ? 60_000 : 0)),
    startedSteps: firstOpen,
    startsNow: mode === 'create' && isDirectlyStarting,
  };
}

/** Catalog keys (with `|max`) are translated; the server's messages arrive translated. */
export function useTr() {
  const { t } = useTranslation();
  return (message: string | undefined) => {
    if (!message) return undefined;
    if (!message.startsWith('validation.')) return message;
    const [key, max] = message.split('|');
    return t(key ?? message, { max });
  };
}
