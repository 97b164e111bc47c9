import { lateEssayRule, type Performance } from '@pw/contract';
import { learnerSaveRule, learnerStageEnd } from '@pw/domain';
import { fileLink } from '../files/files.service';
import { isOwner } from './performances.policy';
import type { Context, FileRow, PerformanceRow } from './performances.queries';

/** What the answer about a performance shows beyond its context, loaded before it is presented. */
export type PerformanceView = {
  ctx: Context;
  now: Date;
  /** The signing secret of file links. */
  secret: string;
  /** The learner's essay (the work itself when it is the essay). */
  essay: PerformanceRow | undefined;
  /** The essay's files when the essay is another performance (shown beside its revision). */
  essayFiles: FileRow[];
  /** The learner's name, for the instructor and assistants reading another's work. */
  ownerName: string | undefined;
  /** The reviews its owner owes (peer review) or received (feedback), labelled, never named. */
  targets: Performance['stage_object']['targets'];
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The API shape of a performance (part 2 §3) for the context's member (no I/O). */
export function presentPerformance(view: PerformanceView): Performance {
  const { ctx, now, essay } = view;
  const { p, shape, stage, m } = ctx;
  const model = stage.model;
  const filesFor = (id: number) =>
    (id === p.id ? ctx.files : view.essayFiles).map((f) => fileLink(view.secret, f));
  const question = model === 'essaywriting' || model === 'questionwriting' ? ctx.questionId : null;
  const essaySettings = shape.stage('essaywriting')?.settings;
  const owner = isOwner(m, p.enrollmentId);
  const quizzes = stage.model === 'questionwriting' ? stage.settings.quizs : [];
  const answers = (p.responses ?? []) as { id: number; response: string }[];
  const writesText = model === 'essaywriting' || model === 'revisement';
  return {
    id: p.id,
    is_completed: p.isCompleted,
    is_late: p.isLate,
    stage: shape.steps[shape.stepOf(model)]?.code ?? shape.code,
    model,
    version: p.version,
    updated_at: p.updatedAt.toISOString(),
    completed_at: iso(p.completedAt),
    late_time: iso(p.lateAt),
    editable: owner && learnerSaveRule(shape.steps, shape.stepIndex, model, now, ctx.extensionEnd) === null,
    deadline: iso(learnerStageEnd(shape.steps, model, ctx.extensionEnd)),
    is_extended:
      ctx.extensionEnd !== null && learnerStageEnd(shape.steps, model, ctx.extensionEnd) === ctx.extensionEnd,
    late_essay_open:
      owner &&
      model === 'essaywriting' &&
      lateEssayRule(shape.steps, shape.stepIndex, now, { isCompleted: p.isCompleted, isLate: p.isLate }) ===
        null,
    is_mine: owner,
    ...(view.ownerName !== undefined ? { owner_name: view.ownerName } : {}),
    stage_object: {
      id: p.id,
      late: p.isLate,
      files: filesFor(p.id),
      content: p.content ?? null,
      plain_text: p.plainText ?? '',
      editor_type: p.editorType,
      max_length: writesText ? (essaySettings?.max_length ?? null) : null,
      limit_type: writesText ? (essaySettings?.limit_type ?? 'L') : null,
      responses:
        model === 'questionwriting'
          ? quizzes.map((q, i) => ({
              id: i,
              quiz: q.quiz,
              response: answers.find((r) => r.id === i)?.response ?? '',
            }))
          : null,
      essay:
        model === 'revisement' && essay
          ? {
              id: essay.id,
              content: essay.content ?? null,
              plain_text: essay.plainText ?? '',
              editor_type: essay.editorType,
              files: filesFor(essay.id),
              is_late: essay.isLate,
              is_completed: essay.isCompleted,
            }
          : null,
      retrospective: p.retrospective,
      targets: view.targets,
      extra: { question: question ?? null, is_late: essay?.isLate ?? false },
    },
  };
}
