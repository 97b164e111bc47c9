import { type AssignmentSettings, totalScore } from '@pw/contract';
import {
  editableAt,
  normaliseStageDates,
  type ScheduledStage,
  type StageModel,
  stepsOf,
  validateSchedule,
  validateStageModels,
} from '@pw/domain';
import { validationError } from '../../lib/errors';

export type StageRow = {
  id: number;
  position: number;
  model: StageModel;
  startAt: Date | null;
  endAt: Date | null;
  settings: Record<string, unknown>;
};

/** JSON with object keys sorted, so settings compare equal whatever order the database keeps keys in. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** Progress entries of the editor as the stage machine's scheduled stages (dates normalised). */
export function scheduledStages(settings: AssignmentSettings): ScheduledStage[] {
  return settings.progresses.map((p) =>
    normaliseStageDates({ model: p.model, startAt: p.start_date ?? null, endAt: p.end_date ?? null }),
  );
}

/**
 * Every rule of the assignment editor that needs more than the field schemas (part 2 §4, §5):
 * stage order, the 100-point total, the schedule, and, once running, what is locked.
 * Throws 400 with field messages (catalog keys).
 */
export function assertValidSettings(
  settings: AssignmentSettings,
  opts: { now: Date; existing?: StageRow[]; stepIndex?: number },
) {
  const errors: Record<string, string[]> = {};
  const add = (field: string, key: string) => {
    errors[field] = [...(errors[field] ?? []), key];
  };
  const models = settings.progresses.map((p) => p.model);
  for (const e of validateStageModels(models)) add('progresses', `validation.stage_${e}`);
  const total = totalScore(settings.progresses);
  if (total !== 100) add('scores', `validation.score_total|${total}`);

  const stages = scheduledStages(settings);
  const stepIndex = opts.stepIndex ?? -1;
  const startedSteps = Math.max(0, stepIndex + 1);
  for (const { step, error } of validateSchedule(stages, {
    isAutoSchedule: settings.is_auto_schedule,
    now: opts.now,
    startedSteps,
  })) {
    add(`schedule.${step}`, `validation.schedule_${error}`);
  }

  if (opts.existing) {
    const oldSteps = stepsOf(
      opts.existing.map((s) => ({ model: s.model, startAt: s.startAt, endAt: s.endAt })),
    );
    const editable = editableAt(oldSteps, stepIndex);
    if (editable.locked) add('non_field_errors', 'validation.assignment_locked');
    // Started steps keep their stages (their start dates are kept by the caller); settings follow the per-stage locks.
    const newSteps = stepsOf(stages);
    for (let i = 0; i < startedSteps && i < oldSteps.length; i++) {
      const before = oldSteps[i];
      const after = newSteps[i];
      if (!after || before?.models.join() !== after.models.join())
        add('progresses', 'validation.stage_started_locked');
    }
    for (const p of settings.progresses) {
      const old = opts.existing.find((s) => s.model === p.model);
      if (
        old &&
        !editable.settings[p.model] &&
        canonicalJson(old.settings) !== canonicalJson(p.stage_object)
      ) {
        add(`progresses.${p.model}`, 'validation.stage_settings_locked');
      }
    }
  }
  if (Object.keys(errors).length > 0) throw validationError(errors);
}
