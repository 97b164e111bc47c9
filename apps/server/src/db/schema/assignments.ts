import { STAGE_MODELS } from '@pw/contract/stages';
import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { courses, enrollments } from './courses';
import { files } from './files';
import { users } from './users';

/**
 * An assignment of a course. `stepIndex` is the stage machine's position (-1 preparation,
 * steps.length complete; see packages/domain/src/stages). `nextTransitionAt` is when an
 * auto-scheduled assignment next changes state, so the scheduler finds due work by index.
 */
export const assignments = pgTable(
  'assignments',
  {
    id: serial('id').primaryKey(),
    courseId: integer('course_id')
      .notNull()
      .references(() => courses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull(),
    isAutoSchedule: boolean('is_auto_schedule').notNull().default(false),
    isDirectlyStarting: boolean('is_directly_starting').notNull().default(false),
    isContinueFromPreviousStep: boolean('is_continue_from_previous_step').notNull().default(false),
    isPublic: boolean('is_public').notNull().default(true),
    /** Release when ready (issue 33): after completion learners see no scores until released. */
    isReleaseHeld: boolean('is_release_held').notNull().default(false),
    /** When a held assignment's scores were released (null: not yet). */
    scoresReleasedAt: timestamp('scores_released_at', { withTimezone: true }),
    /** Who released them (the record of the release; there is no general audit log). */
    scoresReleasedBy: integer('scores_released_by').references(() => users.id, { onDelete: 'set null' }),
    /** The rubric reliability of the assignment this one was imported from (a snapshot, issue 33). */
    previousReliability: jsonb('previous_reliability'),
    stepIndex: smallint('step_index').notNull().default(-1),
    nextTransitionAt: timestamp('next_transition_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('assignments_course_name_key').on(t.courseId, t.name),
    index('assignments_next_transition_idx').on(t.nextTransitionAt),
  ],
);

export const assignmentFiles = pgTable(
  'assignment_files',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.fileId] }),
    index('assignment_files_file_idx').on(t.fileId),
  ],
);

/** One stage of an assignment's progress list with its settings (`settings` is the stage_object). */
export const stages = pgTable(
  'stages',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    // The contract's stage vocabulary (one copy for the server, the database and the web).
    model: text('model', { enum: STAGE_MODELS }).notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
  },
  (t) => [uniqueIndex('stages_assignment_model_key').on(t.assignmentId, t.model)],
);

/**
 * Whether a learner takes part in an assignment: 1 participating, 2 waiting for the
 * instructor's approval of a late request (part 2 §4). Absent means not participating.
 * `attendedAt` is when the task information was first viewed.
 */
export const participations = pgTable(
  'participations',
  {
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    isLate: boolean('is_late').notNull().default(false),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.assignmentId, t.enrollmentId] }),
    index('participations_enrollment_idx').on(t.enrollmentId),
  ],
);

/** A learner's work in one stage: essay, questions, peer review, feedback review or revision. */
export const performances = pgTable(
  'performances',
  {
    id: serial('id').primaryKey(),
    stageId: integer('stage_id')
      .notNull()
      .references(() => stages.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    isCompleted: boolean('is_completed').notNull().default(false),
    isLate: boolean('is_late').notNull().default(false),
    content: jsonb('content'),
    plainText: text('plain_text'),
    editorType: text('editor_type'),
    responses: jsonb('responses'),
    retrospective: text('retrospective'),
    // Bumped by every save, so a save from a stale tab is refused instead of overwriting newer work.
    version: integer('version').notNull().default(0),
    lateAt: timestamp('late_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('performances_stage_enrollment_key').on(t.stageId, t.enrollmentId)],
);

export const performanceFiles = pgTable(
  'performance_files',
  {
    performanceId: integer('performance_id')
      .notNull()
      .references(() => performances.id, { onDelete: 'cascade' }),
    fileId: integer('file_id')
      .notNull()
      .references(() => files.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.performanceId, t.fileId] }),
    index('performance_files_file_idx').on(t.fileId),
  ],
);

/** A reviewer assigned to an author's essay (a self-review when both are the same). */
export const peerMatchings = pgTable(
  'peer_matchings',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    targetId: integer('target_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    isCompleted: boolean('is_completed').notNull().default(false),
    instructorComment: text('instructor_comment'),
    adjustmentReason: text('adjustment_reason'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** When the reviewer first opened the review (null: never); an unopened review may move. */
    openedAt: timestamp('opened_at', { withTimezone: true }),
    /** When the review was given to its reviewer: a review given late gets its own time to be opened. */
    assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
    /** The reviewer this review was taken from when it moved to a volunteer (issue 33). */
    movedFromId: integer('moved_from_id').references(() => enrollments.id, { onDelete: 'set null' }),
    /**
     * Written by the instructor or an assistant from the fill-in queue (issue 33): the reviewer is
     * staff (the instructor's seat, or the assistant's own enrolment) who does not take part; the
     * review counts as an anchor and stays out of the matching's reset.
     */
    isStaffFillIn: boolean('is_staff_fill_in').notNull().default(false),
  },
  (t) => [
    uniqueIndex('peer_matchings_pair_key').on(t.assignmentId, t.reviewerId, t.targetId),
    index('peer_matchings_target_idx').on(t.assignmentId, t.targetId),
    index('peer_matchings_reviewer_enrollment_idx').on(t.reviewerId),
    index('peer_matchings_target_enrollment_idx').on(t.targetId),
  ],
);

/** One rubric standard's point and comment in a review; `editedPoint` is the instructor's adjustment. */
export const peerResponses = pgTable(
  'peer_responses',
  {
    id: serial('id').primaryKey(),
    matchingId: integer('matching_id')
      .notNull()
      .references(() => peerMatchings.id, { onDelete: 'cascade' }),
    standardIndex: smallint('standard_index').notNull(),
    point: smallint('point'),
    editedPoint: smallint('edited_point'),
    comment: text('comment').notNull().default(''),
  },
  (t) => [uniqueIndex('peer_responses_matching_standard_key').on(t.matchingId, t.standardIndex)],
);

/**
 * Feedback traced into the revision (issue 34, item 4): the essay's author's mark on one comment
 * received (a peer review's comment on one standard): used, partly used or not used, with a reason.
 * The author is the matching's target.
 */
export const revisionTraces = pgTable(
  'revision_traces',
  {
    id: serial('id').primaryKey(),
    matchingId: integer('matching_id')
      .notNull()
      .references(() => peerMatchings.id, { onDelete: 'cascade' }),
    standardIndex: smallint('standard_index').notNull(),
    status: text('status').$type<'used' | 'partly_used' | 'not_used'>().notNull(),
    reason: text('reason').notNull().default(''),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('revision_traces_matching_standard_key').on(t.matchingId, t.standardIndex)],
);

/**
 * A reviewer's comment anchored in the essay they review (issue 34, item 3): the passage by its
 * Quill positions (`index`, `length`) and its quoted text, in the order the reviewer keeps them.
 */
export const reviewAnchors = pgTable(
  'review_anchors',
  {
    id: serial('id').primaryKey(),
    matchingId: integer('matching_id')
      .notNull()
      .references(() => peerMatchings.id, { onDelete: 'cascade' }),
    position: smallint('position').notNull(),
    index: integer('index').notNull(),
    length: integer('length').notNull(),
    quote: text('quote').notNull(),
    comment: text('comment').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('review_anchors_matching_position_key').on(t.matchingId, t.position)],
);

/**
 * Calibration (issue 34, item 1): a learner's points on one of the assignment's example essays
 * (`stage_object.calibration` of the peer-review stage, by index). `submittedAt` set = revealed:
 * the learner sees the instructor's points and may no longer change theirs.
 */
export const calibrationAnswers = pgTable(
  'calibration_answers',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    exampleIndex: smallint('example_index').notNull(),
    points: jsonb('points').$type<(number | null)[]>().notNull().default([]),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('calibration_answers_learner_example_key').on(t.assignmentId, t.enrollmentId, t.exampleIndex),
  ],
);

/** The author's helpfulness rating of one review received. */
export const feedbackMatchings = pgTable('feedback_matchings', {
  matchingId: integer('matching_id')
    .primaryKey()
    .references(() => peerMatchings.id, { onDelete: 'cascade' }),
  point: smallint('point').notNull(),
  comment: text('comment').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** An author's objection to one review received, and the instructor's ruling (0 pending, 1 accepted, 2 rejected). */
export const objections = pgTable('objections', {
  id: serial('id').primaryKey(),
  matchingId: integer('matching_id')
    .notNull()
    .unique()
    .references(() => peerMatchings.id, { onDelete: 'cascade' }),
  comment: text('comment').notNull(),
  status: smallint('status').notNull().default(0),
  rulingReason: text('ruling_reason'),
  ruledBy: integer('ruled_by').references(() => users.id, { onDelete: 'set null' }),
  ruledAt: timestamp('ruled_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every change an instructor or assistant makes to a review's outcome: point adjustments and
 * objection rulings — who, when, the values before and after, and the reason.
 */
export const reviewAudit = pgTable(
  'review_audit',
  {
    id: serial('id').primaryKey(),
    /** The review, for adjustments and rulings; null for an extension's entry. */
    matchingId: integer('matching_id').references(() => peerMatchings.id, { onDelete: 'cascade' }),
    kind: text('kind', {
      enum: [
        'adjustment',
        'objection_ruling',
        'extension_granted',
        'extension_changed',
        'extension_withdrawn',
      ],
    }).notNull(),
    /** An extension's entry: the assignment and the learner (the extension itself may be withdrawn). */
    assignmentId: integer('assignment_id').references(() => assignments.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id').references(() => enrollments.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('review_audit_matching_idx').on(t.matchingId),
    index('review_audit_assignment_idx').on(t.assignmentId),
  ],
);

/**
 * A later end of one stage for one learner (issue 33, item 1): saves of that stage are accepted
 * until `endAt` while the stage still moves for everyone else on time. One per learner and stage
 * (the unique index makes two grants at once one row).
 */
export const extensions = pgTable(
  'extensions',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    model: text('model', { enum: STAGE_MODELS }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    reason: text('reason').notNull().default(''),
    grantedBy: integer('granted_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('extensions_learner_stage_key').on(t.assignmentId, t.enrollmentId, t.model)],
);

/** A learner's score kept by the database from the stored report (`scores.learner.scores.<key>`). */
const learnerScore = (column: string, key: string) =>
  doublePrecision(column).generatedAlwaysAs(
    sql.raw(`(scores -> 'learner' -> 'scores' ->> '${key}')::float8`),
  );

/**
 * A learner's report: the instructor's comment and revision score (with its original value),
 * and the five scores as last computed by the scoring engine.
 */
export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    assignmentId: integer('assignment_id')
      .notNull()
      .references(() => assignments.id, { onDelete: 'cascade' }),
    enrollmentId: integer('enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    comment: text('comment'),
    commentedBy: integer('commented_by').references(() => users.id, { onDelete: 'set null' }),
    revisementScore: doublePrecision('revisement_score'),
    originRevisementScore: doublePrecision('origin_revisement_score'),
    scores: jsonb('scores'),
    /**
     * The learner's total and five scores and whether the seat is the instructor's, kept by the
     * database from `scores` as plain columns: the results, personal score and my score read (or
     * average) a row per learner and assignment, and extracting these from the whole stored report
     * (a few KB with the class's averages and lowest evaluators), or even from a JSON object of
     * the six, was most of their time.
     */
    scoreTotal: learnerScore('score_total', 'total'),
    scoreEssayWriting: learnerScore('score_essay_writing', 'essayWriting'),
    scorePeerReview: learnerScore('score_peer_review', 'peerReview'),
    scoreMetacognition: learnerScore('score_metacognition', 'metacognition'),
    scoreFeedbackReview: learnerScore('score_feedback_review', 'feedbackReview'),
    scoreRevisement: learnerScore('score_revisement', 'revisement'),
    isSeat: boolean('is_seat').generatedAlwaysAs(
      sql`(scores -> 'learner' ->> 'isInstructorLearner')::boolean`,
    ),
    /** The learner submitted an essay (ranked and averaged); reports stored before the field read as true. */
    isSubmitted: boolean('is_submitted').generatedAlwaysAs(
      sql`coalesce((scores -> 'learner' ->> 'submitted')::boolean, true)`,
    ),
    computedAt: timestamp('computed_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('reports_assignment_enrollment_key').on(t.assignmentId, t.enrollmentId)],
);

/** Per-assignment weights for the course results (part 2 §5). */
export const assignmentWeights = pgTable('assignment_weights', {
  assignmentId: integer('assignment_id')
    .primaryKey()
    .references(() => assignments.id, { onDelete: 'cascade' }),
  weight: integer('weight').notNull(),
});
