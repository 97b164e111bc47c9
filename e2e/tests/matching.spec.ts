import { expect, type Page, test } from '@playwright/test';
import { api, enrol, newCourse, signIn, t, toast, writeAndMoveOn } from './support';

// Issue 36, 0b and 4: the matching page marks finished reviews, a save that would delete one asks
// first in a dialog naming it (cancel keeps it; confirming deletes exactly that one), and the page
// says who reviews nobody and why.

test('the matching page marks finished reviews and asks before a save deletes one, naming it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A course of its own: three writers and one learner who writes nothing.
  const prof = await signIn(browser, 'prof@example.com');
  const { cid, code } = await newCourse(prof, `평가자 배정 ${Date.now() % 100000}`, '완료된 평가 확인');
  const learners: Page[] = [];
  for (const [i, email] of [
    'student27@example.com',
    'student28@example.com',
    'student19@example.com',
    'student18@example.com',
  ].entries()) {
    const page = await signIn(browser, email);
    await enrol(page, `MATCH-${i}`, code);
    learners.push(page);
  }
  const created = await api(prof, 'POST', `/courses/${cid}/assignments/`, undefined, {
    name: '평가자 배정 과제',
    description: '서로 평가합니다.',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 70 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 2,
          max_review_score: 15,
          max_metacognition_score: 15,
          standards: [{ question: '주장이 분명한가?', max_point: 4 }],
        },
      },
    ]),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const aid = created.json.id as number;
  await writeAndMoveOn(prof, learners.slice(0, 3), cid, aid);

  // The first writer finishes one of her two reviews.
  type Row = {
    id: number;
    name: string;
    has_essay: boolean;
    targets: { matching_id: number; target: number; name: string }[];
  };
  const rows = (await api(prof, 'GET', `/courses/${cid}/assignments/${aid}/matchings/`)).json
    .reviewers as Row[];
  const me = learners[0] as Page;
  const myWork = await api(me, 'GET', `/courses/${cid}/assignments/${aid}/`);
  const work = await api(
    me,
    'GET',
    `/courses/${cid}/assignments/${aid}/performances/${myWork.json.performance_id}/`,
  );
  const firstReview = (work.json.stage_object.targets as { id: number; is_self_review: boolean }[]).find(
    (x) => !x.is_self_review,
  );
  expect(
    (
      await api(
        me,
        'PATCH',
        `/courses/${cid}/assignments/${aid}/performances/peerreview-matching/${firstReview?.id}/`,
        {
          responses: [{ id: 0, point: 3, comment: '주장이 분명합니다.' }],
        },
      )
    ).status,
  ).toBe(200);
  const mine = rows.find((r) => r.targets.some((x) => x.matching_id === firstReview?.id)) as Row;
  const slotIndex = mine.targets.findIndex((x) => x.matching_id === firstReview?.id);
  const done = mine.targets[slotIndex] as Row['targets'][number];
  const nonWriter = rows.find((r) => !r.has_essay) as Row;

  // The page: the finished slot is marked, the learner who wrote nothing is named as left out.
  await prof.goto(`/courses/${cid}/instructor/assignments/${aid}/matchings`);
  await expect(prof.getByTestId('matching-page')).toBeVisible();
  await expect(prof.getByTestId('matching-left-out-no_essay')).toContainText(nonWriter.name);
  const slot = prof.getByRole('combobox', {
    name: t('matching.slotLabel', { name: mine.name, n: slotIndex + 1 }),
    exact: true,
  });
  const cell = prof.locator('td', { has: slot });
  await expect(cell).toHaveAttribute('data-finished', 'true');
  await expect(cell).toContainText(t('matching.finished'));
  await expect(prof.locator('td[data-finished]')).toHaveCount(1);

  // Clearing the finished slot and saving asks first, naming the review; cancel keeps it.
  await cell.locator('button').click();
  await expect(slot).toHaveValue('');
  await prof.getByTestId('save-matching').click();
  const dialog = prof.getByTestId('finished-loss');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId('finished-loss-item')).toHaveText([
    t('matching.confirmDeleteItem', { reviewer: mine.name, target: done.name }),
  ]);
  await prof.getByRole('button', { name: t('common.cancel') }).click();
  await expect(dialog).toHaveCount(0);
  const kept = await api(
    me,
    'GET',
    `/courses/${cid}/assignments/${aid}/performances/peerreview-matching/${done.matching_id}/`,
  );
  expect(kept.json.is_completed).toBe(true);

  // Confirmed: saved, and that review (only that one) is gone.
  await prof.getByTestId('save-matching').click();
  await dialog.getByTestId('confirm-finished-loss').click();
  await expect(toast(prof, t('matching.saved'))).toBeVisible();
  await expect(prof.locator('td[data-finished]')).toHaveCount(0);
  const gone = await api(
    me,
    'GET',
    `/courses/${cid}/assignments/${aid}/performances/peerreview-matching/${done.matching_id}/`,
  );
  expect(gone.status).toBe(404);
});
