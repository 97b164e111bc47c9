import { readStageSettings, type StageCode, type StageSettings } from '@pw/contract';
import { codeAt, isModelOpen, type StageModel, type Step, stepsOf } from '@pw/domain';
import type { assignments, stages } from '../../db/schema';

export type AssignmentRow = typeof assignments.$inferSelect;
export type StageRow = typeof stages.$inferSelect;

/** The columns of an assignment the shape itself reads; a query may select only these and more. */
export type ShapeRow = Pick<AssignmentRow, 'stepIndex'>;

/** A stage with its settings parsed by its model's schema (typed jsonb). */
export type Stage<M extends StageModel = StageModel> = Omit<StageRow, 'model' | 'settings'> & {
  model: M;
  settings: StageSettings<M>;
  /** The settings as stored (what the API shows as `stage_object`). */
  stored: StageRow['settings'];
};
/** Any stage, narrowed by `model`. */
export type AnyStage = { [M in StageModel]: Stage<M> }[StageModel];

/** A peer-review standard (rubric row) as the engine and the screens read it. */
export type Standard = { question: string; max_point: number };

/** Each score's maximum (0: the kind is not used), by the report's score codes. */
export type ScoreMaxima = { ES: number; PE: number; ME: number; FE: number; RE: number };

/**
 * An assignment as every module reads it: the row, its stages in order with typed settings, the
 * stage machine's steps and position, and the accessors the rules ask for. Built once per use
 * case by `loadAssignment` (or `shapeOf` from rows a query already has) and passed down.
 */
export type AssignmentShape<R extends ShapeRow = AssignmentRow> = {
  row: R;
  stages: AnyStage[];
  steps: Step[];
  /** The stage machine's position: -1 preparation, `steps.length` complete. */
  stepIndex: number;
  /** The stage code of the position (PR before the first step, CO after the last). */
  code: StageCode;
  isComplete: boolean;
  /** The stage of a model, with its settings typed (undefined when the assignment has none). */
  stage<M extends StageModel>(model: M): Stage<M> | undefined;
  /** Is the step that holds `model` the current one? */
  isOpen(model: StageModel): boolean;
  /** The index of the step that holds `model` (-1 when no step does). */
  stepOf(model: StageModel): number;
  /** The models of the steps started so far (the current one included). */
  startedModels: ReadonlySet<StageModel>;
  /** Reviews each essay gets (the peer stage's `peer_count`; 3 by default). */
  peerCount: number;
  /** The peer stage's rubric (empty without one). */
  standards: Standard[];
  maxima: ScoreMaxima;
};

const PEER_COUNT_DEFAULT = 3;

/** What the stages alone tell (no position): the scoring input needs only this. */
export type StagesShape = Pick<
  AssignmentShape<ShapeRow>,
  'stages' | 'stage' | 'peerCount' | 'standards' | 'maxima'
>;

/** The stages' part of the shape, from the stage rows (pure; any order of rows). */
export function stagesShapeOf(stageRows: readonly StageRow[]): StagesShape {
  const ordered = [...stageRows].sort((x, y) => x.position - y.position);
  const typed = ordered.map(
    (s) => ({ ...s, settings: readStageSettings(s.model, s.settings), stored: s.settings }) as AnyStage,
  );
  const byModel = new Map(typed.map((s) => [s.model, s]));
  const stage = <M extends StageModel>(model: M) => byModel.get(model) as Stage<M> | undefined;
  const peer = stage('peerreview')?.settings;
  return {
    stages: typed,
    stage,
    peerCount: Number(peer?.peer_count ?? PEER_COUNT_DEFAULT),
    standards: peer?.standards ?? [],
    maxima: {
      ES: Number(stage('essaywriting')?.settings.max_writing_score ?? 0),
      PE: Number(peer?.max_review_score ?? 0),
      ME: Number(peer?.max_metacognition_score ?? 0),
      FE: Number(stage('feedbackreview')?.settings.max_review_score ?? 0),
      RE: Number(stage('revisement')?.settings.max_revisement_score ?? 0),
    },
  };
}

/** The shape of an assignment from its row and its stage rows (pure; any order of rows). */
export function shapeOf<R extends ShapeRow>(row: R, stageRows: readonly StageRow[]): AssignmentShape<R> {
  const part = stagesShapeOf(stageRows);
  const steps = stepsOf(part.stages.map((s) => ({ model: s.model, startAt: s.startAt, endAt: s.endAt })));
  return {
    ...part,
    row,
    steps,
    stepIndex: row.stepIndex,
    code: codeAt(steps, row.stepIndex),
    isComplete: row.stepIndex >= steps.length,
    isOpen: (model) => isModelOpen(steps, row.stepIndex, model),
    stepOf: (model) => steps.findIndex((s) => s.models.includes(model)),
    startedModels: new Set(steps.slice(0, Math.max(0, row.stepIndex + 1)).flatMap((s) => s.models)),
  };
}

/** The stage rows a shape was built from (settings as stored). */
export function stageRowsOf(shape: Pick<AssignmentShape<ShapeRow>, 'stages'>): StageRow[] {
  return shape.stages.map(({ stored, ...s }) => ({ ...s, settings: stored }));
}

/** The same assignment with its row changed (a stage move: the stages stay as they are). */
export function withRow<R extends ShapeRow>(
  shape: AssignmentShape<R>,
  changes: Partial<R>,
): AssignmentShape<R> {
  return shapeOf({ ...shape.row, ...changes }, stageRowsOf(shape));
}
