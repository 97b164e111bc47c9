import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { multipart } from '../../../test/factories';
import { call } from '../../../test/helpers';
import { calibrationAnswers } from '../../db/schema';
import { create, progresses, t, useAssignmentWorld, w } from '../assignments/assignments.test-kit';

// Learners answer the calibration examples only while peer review runs, and from its start the
// examples are fixed with the stage's other settings: an answer is always to the example as it
// is shown (issue 34, item 1; docs/decisions.md "Calibration before peer review").

useAssignmentWorld();

const example = (text: string, point: number) => ({
  title: '',
  text,
  points: [point],
  explanations: ['설명'],
});

function withExamples(examples: unknown[]) {
  const [essay, peer] = progresses();
  return [essay, { ...peer, stage_object: { ...(peer?.stage_object ?? {}), calibration: examples } }];
}

describe('calibration examples once learners can answer them', () => {
  it('are fixed: an edit of the examples during peer review is refused and the answers stay', async () => {
    const first = [example('첫 예시 글', 5), example('둘째 예시 글', 2)];
    const a = (await create({ is_directly_starting: true }, withExamples(first))).json() as {
      id: number;
      name: string;
    };
    const url = `/api/v1/courses/${w.course.id}/assignments/${a.id}/`;
    const token = w.tokens.learner as string;
    const work = (await call(t, { method: 'GET', url, token })).json();
    const pid = work.progresses.find((p: { model: string }) => p.model === 'essaywriting').performance_id;
    await call(t, {
      method: 'PATCH',
      url: `${url}performances/${pid}/`,
      token,
      payload: { stage_object: { content: { ops: [{ insert: '학습자의 에세이\n' }] } } },
    });
    await call(t, { method: 'PATCH', url: `${url}move-to-next-stage/`, token: w.tokens.instructor });
    const answer = await call(t, {
      method: 'PATCH',
      url: `${url}calibration/`,
      token,
      payload: { example: 0, points: [4], submit: true },
    });
    expect(answer.statusCode).toBe(200);
    await call(t, {
      method: 'PATCH',
      url: `${url}calibration/`,
      token,
      payload: { example: 1, points: [2] },
    });
    const edit = (examples: unknown[]) =>
      call(t, {
        method: 'PATCH',
        url,
        token: w.tokens.instructor,
        ...multipart({
          name: a.name,
          description: '설명',
          progresses: JSON.stringify(withExamples(examples)),
        }),
      });
    const answers = () =>
      t.database.db
        .select({ example: calibrationAnswers.exampleIndex })
        .from(calibrationAnswers)
        .where(eq(calibrationAnswers.assignmentId, a.id))
        .orderBy(calibrationAnswers.exampleIndex);

    // Neither a corrected point nor another text nor removing the examples is taken once peer
    // review has started; the answers and the examples stay as they were.
    for (const examples of [
      [example('첫 예시 글', 3), example('둘째 예시 글', 2)],
      [example('바뀐 예시 글', 5), example('둘째 예시 글', 2)],
      [],
    ]) {
      const refused = await edit(examples);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields['progresses.peerreview']).toEqual([
        '이 단계의 설정은 더 이상 바꿀 수 없습니다.',
      ]);
    }
    expect(await answers()).toEqual([{ example: 0 }, { example: 1 }]);
    const shown = (await call(t, { method: 'GET', url: `${url}calibration/`, token })).json();
    expect(shown.examples.map((e: { text: string }) => e.text)).toEqual(['첫 예시 글', '둘째 예시 글']);
    expect(shown.examples[0]).toMatchObject({ submitted: true, points: [4], instructor_points: [5] });
  });
});
