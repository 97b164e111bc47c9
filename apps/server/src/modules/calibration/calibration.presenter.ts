import type { Calibration, CalibrationExample } from '@pw/contract';
import { calibrationDone, exampleCloseness, overallCloseness } from '@pw/domain';
import type { Standard } from '../assignments/assignment-shape';

export type StoredAnswer = { exampleIndex: number; points: (number | null)[]; submittedAt: Date | null };

const rubricOf = (standards: readonly Standard[]) => standards.map((s) => ({ maxPoint: s.max_point }));

/** The closeness of one learner's answers: per example (null until submitted) and overall. */
export function closenessOf(
  examples: readonly CalibrationExample[],
  standards: readonly Standard[],
  answers: readonly StoredAnswer[],
) {
  const rubric = rubricOf(standards);
  const perExample = examples.map((example, i) => {
    const a = answers.find((x) => x.exampleIndex === i);
    return a?.submittedAt ? exampleCloseness(rubric, a.points, example.points) : null;
  });
  return { perExample, overall: overallCloseness(perExample) };
}

/**
 * The learner's calibration: each example's text and their points; the instructor's points and
 * explanations only for an example the learner submitted. No example names its source.
 */
export function learnerView(input: {
  examples: readonly CalibrationExample[];
  standards: readonly Standard[];
  answers: readonly StoredAnswer[];
  editable: boolean;
}): Calibration {
  const { examples, standards, answers } = input;
  const { perExample, overall } = closenessOf(examples, standards, answers);
  const submitted = examples.map((_, i) => !!answers.find((x) => x.exampleIndex === i)?.submittedAt);
  return {
    enabled: examples.length > 0,
    editable: input.editable,
    done: calibrationDone(examples.length, submitted),
    standards: standards.map((s) => ({ question: s.question, max_point: s.max_point })),
    examples: examples.map((example, i) => {
      const a = answers.find((x) => x.exampleIndex === i);
      const revealed = submitted[i] === true;
      return {
        index: i,
        title: example.title,
        text: example.text,
        points: standards.map((_, k) => a?.points[k] ?? null),
        submitted: revealed,
        instructor_points: revealed ? example.points : null,
        explanations: revealed ? example.explanations : null,
        closeness: perExample[i] ?? null,
      };
    }),
    closeness: overall,
    learners: null,
  };
}

/** The staff's view: the examples with the instructor's points, and every participant's closeness. */
export function staffView(input: {
  examples: readonly CalibrationExample[];
  standards: readonly Standard[];
  learners: readonly { id: number; name: string; answers: readonly StoredAnswer[] }[];
}): Calibration {
  const { examples, standards } = input;
  return {
    enabled: examples.length > 0,
    editable: false,
    done: true,
    standards: standards.map((s) => ({ question: s.question, max_point: s.max_point })),
    examples: examples.map((example, i) => ({
      index: i,
      title: example.title,
      text: example.text,
      points: [],
      submitted: false,
      instructor_points: example.points,
      explanations: example.explanations,
      closeness: null,
    })),
    closeness: null,
    learners: input.learners.map((l) => ({
      enrollment_id: l.id,
      name: l.name,
      submitted: l.answers.filter((a) => a.submittedAt !== null).length,
      closeness: closenessOf(examples, standards, l.answers).overall,
    })),
  };
}
