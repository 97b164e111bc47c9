import { expect, type Page, test } from '@playwright/test';
import {
  api,
  COURSE,
  enrol,
  fourStages,
  newCourse,
  PHONE,
  shot,
  signIn,
  t,
  toast,
  WIDE,
  writeAndMoveOn,
} from './support';

// Issue 13: three learners review each other anonymously, evaluate themselves once their peer
// reviews are done, rate the reviews they received, and one objects (files, edits, withdraws and
// files again). The instructor checks the matching page during the peer review. One learner works
// on a phone (390px), one in English. A learner who joins during the peer review is approved from
// the management table, gets essays from the engine and is re-matched on the matching page.

/** No sideways scrolling: the page fits the phone's width. */
async function fitsWidth(page: Page) {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(1);
}

test('learners review each other, evaluate themselves, rate what they received and object', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const prof = await signIn(browser, 'prof@example.com');
  const created = await api(prof, 'POST', `${COURSE}/assignments/`, undefined, {
    name: `E2E 동료평가 ${Date.now() % 100000}`,
    description: '서로 평가합니다.',
    is_directly_starting: 'true',
    progresses: fourStages(1, [{ question: '주장이 분명한가?', max_point: 4 }]),
  });
  expect(created.status).toBe(201);
  const aid = created.json.id as number;
  // student20 on a wide screen in Korean, student21 on a phone, student22 in English.
  const learners = [
    await signIn(browser, 'student20@example.com'),
    await signIn(browser, 'student21@example.com', { viewport: PHONE }),
    await signIn(browser, 'student22@example.com', { viewport: WIDE, lang: 'en' }),
  ];
  for (const [i, page] of learners.entries()) {
    const a = await api(page, 'GET', `${COURSE}/assignments/${aid}/`);
    const saved = await api(
      page,
      'PATCH',
      `${COURSE}/assignments/${aid}/performances/${a.json.performance_id}/`,
      {
        stage_object: { content: { ops: [{ insert: `학습자 ${i + 1}의 에세이입니다.\n` }] } },
      },
    );
    expect(saved.status).toBe(200);
  }
  expect(
    (await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, { expected_stage: 'ES' }))
      .status,
  ).toBe(200);

  // The whole demo class takes part, so the engine may have given these essays to other learners:
  // the instructor re-matches the three writers in a ring.
  const page0 = await api(prof, 'GET', `${COURSE}/assignments/${aid}/matchings/`);
  const writerRows = (page0.json.reviewers as { id: number; name: string; has_essay: boolean }[]).filter(
    (r) => r.has_essay,
  );
  const writers = writerRows.map((r) => r.id);
  expect(writers).toHaveLength(3);
  const ring = writers.map((id, i) => ({ reviewer: id, target: writers[(i + 1) % writers.length] }));
  expect(
    (await api(prof, 'POST', `${COURSE}/assignments/${aid}/matchings-reset/`, { matchings: ring })).status,
  ).toBe(200);

  // The matching page, from the management page's button: real names; a cleared slot leaves an
  // essay without a reviewer (warning, no saving); reset brings the ring back; save.
  await prof.goto(`${COURSE}/instructor/assignments/${aid}`);
  await prof.getByTestId('assignment-matching').click();
  await expect(prof).toHaveURL(new RegExp(`/assignments/${aid}/matchings$`));
  const matching = prof.getByTestId('matching-page');
  await expect(matching).toBeVisible();
  await expect(prof.getByTestId('matching-uncovered')).toHaveCount(0);
  const [first, second] = writerRows as [(typeof writerRows)[0], (typeof writerRows)[0]];
  const slot = prof.getByRole('combobox', {
    name: t('matching.slotLabel', { name: first.name, n: 1 }),
    exact: true,
  });
  await expect(slot).toHaveValue(`${second.name} (1/1)`);
  await shot(prof, 'matching-ko');
  await prof.locator('td', { has: slot }).locator('button').click();
  await expect(slot).toHaveValue('');
  await expect(prof.getByTestId('matching-uncovered')).toContainText(second.name);
  await expect(prof.getByTestId('save-matching')).toBeDisabled();
  await prof.getByTestId('reset-matching').click();
  await expect(slot).toHaveValue(`${second.name} (1/1)`);
  await expect(prof.getByTestId('matching-uncovered')).toHaveCount(0);
  await prof.getByTestId('save-matching').click();
  await expect(toast(prof, t('matching.saved'))).toBeVisible();

  // In the browser: the list, the locked self-evaluation, one review, then the self-evaluation.
  const me = learners[0] as Page;
  await me.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
  const list = me.getByTestId('peer-review-list');
  await expect(list.getByRole('link', { name: t('review.peer', { n: 1 }) })).toBeVisible();
  await expect(list.getByText(t('review.self'), { exact: true })).toBeVisible();
  await expect(list.getByRole('link', { name: t('review.self') })).toHaveCount(0);
  await expect(list.getByTestId('self-review-warning')).toHaveText(t('errors.self_review_locked'));
  await shot(me, 'peer-list-ko');
  await list.getByRole('link', { name: t('review.peer', { n: 1 }) }).click();
  await expect(me).toHaveURL(/\/performances\/PE\/peer-review\/\d+$/);
  const page = me.getByTestId('peer-review-page');
  await expect(page.getByTestId('essay-view')).toContainText('의 에세이입니다');
  // The scale starts at half the maximum (4 → 2); the comment is required.
  await expect(page.getByRole('radio', { name: '2' })).toBeChecked();
  await page.getByTestId('submit-review').click();
  await expect(toast(me, t('review.commentRequired'))).toBeVisible();
  await expect(page.getByText(t('validation.required'))).toBeVisible();
  await page.getByTestId('standard-0').getByText('3', { exact: true }).click();
  await expect(page.getByRole('radio', { name: '3' })).toBeChecked();
  await page.getByLabel(t('review.comment')).fill('주장이 첫 문장에 분명히 드러납니다.');
  await shot(me, 'peer-review-ko');
  await page.getByTestId('submit-review').click();
  await expect(toast(me, t('review.saved'))).toBeVisible();
  await page.getByRole('link', { name: t('review.backToList') }).click();
  await expect(list.getByText(t('review.done'), { exact: true })).toBeVisible();
  await expect(list.getByTestId('self-review-warning')).toHaveCount(0);
  await list.getByRole('link', { name: t('review.self') }).click();
  await expect(me.getByTestId('essay-view')).toContainText('학습자 1의 에세이입니다');
  // The heading says "my essay" (it read "자기 평가의 글").
  await expect(me.getByRole('heading', { name: t('review.ownEssay'), exact: true })).toBeVisible();
  await me.getByLabel(t('review.comment')).fill('근거가 더 필요합니다.');
  await me.getByTestId('submit-review').click();
  await expect(toast(me, t('review.saved'))).toBeVisible();
  await me.getByRole('link', { name: t('review.backToList') }).click();
  await expect(list.getByText(t('review.done'), { exact: true })).toHaveCount(2);

  // On a phone: the essay above the rubric, nothing wider than the screen.
  const phone = learners[1] as Page;
  await phone.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
  await phone
    .getByTestId('peer-review-list')
    .getByRole('link', { name: t('review.peer', { n: 1 }) })
    .click();
  const essayCard = phone.getByText(t('review.essayOf', { who: t('review.peer', { n: 1 }) }), {
    exact: true,
  });
  const rubricCard = phone.getByText(t('review.rubric'), { exact: true });
  await expect(phone.getByTestId('essay-view')).toBeVisible();
  const eBox = await essayCard.boundingBox();
  const rBox = await rubricCard.boundingBox();
  expect(eBox && rBox && rBox.y > eBox.y + eBox.height).toBe(true);
  await fitsWidth(phone);
  await shot(phone, 'peer-review-phone');

  // In English: the same list with English labels and the English warning.
  const en = learners[2] as Page;
  await en.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
  const enList = en.getByTestId('peer-review-list');
  await expect(enList.getByRole('heading', { name: t('review.toReview', {}, 'en') })).toBeVisible();
  await expect(enList.getByRole('link', { name: t('review.peer', { n: 1 }, 'en') })).toBeVisible();
  await expect(enList.getByTestId('self-review-warning')).toHaveText(
    t('errors.self_review_locked', {}, 'en'),
  );
  await shot(en, 'peer-list-en');
  await enList.getByRole('link', { name: t('review.peer', { n: 1 }, 'en') }).click();
  await expect(en.getByRole('button', { name: t('review.submit', {}, 'en') })).toBeVisible();
  await shot(en, 'peer-review-en');

  // The other two finish through the API; the instructor moves on to feedback.
  for (const other of learners.slice(1)) {
    const a = await api(other, 'GET', `${COURSE}/assignments/${aid}/`);
    const work = await api(
      other,
      'GET',
      `${COURSE}/assignments/${aid}/performances/${a.json.performance_id}/`,
    );
    for (const target of work.json.stage_object.targets as { id: number }[]) {
      const r = await api(
        other,
        'PATCH',
        `${COURSE}/assignments/${aid}/performances/peerreview-matching/${target.id}/`,
        {
          responses: [{ id: 0, point: 2, comment: '문단 연결을 다듬어 보세요.' }],
        },
      );
      expect(r.status).toBe(200);
    }
  }
  expect(
    (await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, { expected_stage: 'PE' }))
      .status,
  ).toBe(200);

  // Feedback: the review received, labelled; a rating; the move to the revision, once.
  await me.goto(`${COURSE}/learner/assignments/${aid}/performances/FE`);
  const card = me.locator('[data-testid^="received-"]').first();
  await expect(card).toContainText(t('labels.reviewer', { n: 1 }));
  await expect(card).toContainText('문단 연결을 다듬어 보세요.');
  await expect(card).toContainText(t('review.scale', { point: 2, max: 4 }));
  const rate = card.getByRole('button', { name: t('review.rate') });
  await expect(rate).toBeDisabled();
  await card.locator('[data-testid^="rating-"] label').nth(3).click();
  await expect(rate).toBeDisabled();
  await card.getByLabel(t('review.ratingComment')).fill('구체적이라 도움이 됐습니다.');
  await rate.click();
  await expect(toast(me, t('review.rated'))).toBeVisible();
  await expect(rate).toBeDisabled();
  await expect(me.getByRole('dialog').getByText(t('review.toRevision'))).toBeVisible();
  const revisionTop = () =>
    me.evaluate(() => document.getElementById('revision-section')?.getBoundingClientRect().top ?? 0);
  const before = await revisionTop();
  await me
    .getByRole('dialog')
    .getByRole('button', { name: t('review.goRevision') })
    .click();
  // A second later the page scrolls to the revision (as far as the page allows).
  await expect.poll(revisionTop).toBeLessThan(before - 100);
  // A second rating does not ask again.
  await card.locator('[data-testid^="rating-"] label').nth(4).click();
  await rate.click();
  await expect(toast(me, t('review.rated'))).toBeVisible();
  await me.waitForTimeout(500);
  await expect(me.getByRole('dialog')).toHaveCount(0);

  // An objection: filed, edited, withdrawn (confirmed), filed again and kept.
  const dialog = me.getByRole('dialog');
  await card.getByRole('button', { name: t('review.object') }).click();
  await expect(dialog.getByTestId('save-objection')).toBeDisabled();
  await dialog.getByRole('textbox').fill('근거를 보지 않고 낮게 준 것 같습니다.');
  await dialog.getByTestId('save-objection').click();
  await expect(toast(me, t('review.objectionSaved'))).toBeVisible();
  await expect(card).toContainText(t('review.status.pending'));
  await card.getByRole('button', { name: t('review.editObjection') }).click();
  // Editing is titled and confirmed as editing (issue 36, item 15).
  await expect(me.getByRole('dialog', { name: t('review.editObjection') })).toBeVisible();
  await expect(dialog.getByRole('textbox')).toHaveValue('근거를 보지 않고 낮게 준 것 같습니다.');
  await dialog.getByRole('textbox').fill('두 번째 문단의 근거를 보지 않은 것 같습니다.');
  await dialog.getByTestId('save-objection').click();
  await expect(toast(me, t('review.objectionUpdated'))).toBeVisible();
  const mine = await api(me, 'GET', `${COURSE}/assignments/${aid}/`);
  const feId = (mine.json.progresses as { model: string; performance_id: number }[]).find(
    (x) => x.model === 'feedbackreview',
  )?.performance_id;
  const fe = await api(me, 'GET', `${COURSE}/assignments/${aid}/performances/${feId}/`);
  expect(fe.json.stage_object.targets[0].matching.objection.comment).toBe(
    '두 번째 문단의 근거를 보지 않은 것 같습니다.',
  );
  await card.getByRole('button', { name: t('review.withdrawObjection') }).click();
  await dialog.getByRole('button', { name: t('review.withdrawObjection') }).click();
  await expect(toast(me, t('review.objectionWithdrawn'))).toBeVisible();
  await expect(card).not.toContainText(t('review.status.pending'));
  await card.getByRole('button', { name: t('review.object') }).click();
  await dialog.getByRole('textbox').fill('근거를 보지 않고 낮게 준 것 같습니다.');
  await dialog.getByTestId('save-objection').click();
  await expect(toast(me, t('review.objectionSaved'))).toBeVisible();
  await expect(card).toContainText(t('review.status.pending'));
  await shot(me, 'feedback-ko');

  // The phone and English views of the feedback step.
  await phone.goto(`${COURSE}/learner/assignments/${aid}/performances/FE`);
  await expect(phone.locator('[data-testid^="received-"]').first()).toContainText(
    t('labels.reviewer', { n: 1 }),
  );
  await fitsWidth(phone);
  await shot(phone, 'feedback-phone');
  await en.goto(`${COURSE}/learner/assignments/${aid}/performances/FE`);
  const enCard = en.locator('[data-testid^="received-"]').first();
  await expect(enCard).toContainText(t('labels.reviewer', { n: 1 }, 'en'));
  await expect(enCard.getByRole('button', { name: t('review.rate', {}, 'en') })).toBeDisabled();
  await shot(en, 'feedback-en');

  // The instructor sees the objection in the management table's data.
  const table = await api(prof, 'GET', `${COURSE}/assignments/${aid}/management/`);
  expect(table.json.names.filter((n: { objection: unknown }) => n.objection !== null)).toHaveLength(1);
});

test('the peer-review and feedback tabs on a phone, in English', async ({ browser }) => {
  // The demo's peer-review assignment (3) and feedback assignment (5), as student10.
  const me = await signIn(browser, 'student10@example.com', { viewport: { width: 390, height: 844 } });
  await me
    .getByTestId('language-switch')
    .getByText('English')
    .click()
    .catch(() => undefined);
  await me.evaluate(() => localStorage.setItem('language', 'en'));
  await me.goto(`${COURSE}/learner/assignments/3/performances/PE`);
  const list = me.getByTestId('peer-review-list');
  await expect(list.getByRole('link', { name: 'Peer 1' })).toBeVisible();
  await expect(list.getByRole('link', { name: 'Self-evaluation' })).toBeVisible();
  await list.getByRole('link', { name: 'Peer 1' }).click();
  await expect(me.getByTestId('peer-review-page')).toContainText('Rubric');
  await expect(me.getByTestId('essay-view')).toBeVisible();
  await shot(me, 'peer-review-phone-en');
  await me.goto(`${COURSE}/learner/assignments/5/performances/FE`);
  await expect(me.locator('[data-testid^="received-"]').first()).toContainText('Reviewer 1');
  await expect(me.getByText('How helpful was this review?').first()).toBeVisible();
  await shot(me, 'feedback-phone-en');
});

test('a learner who joins late during peer review gets essays from the engine, and the instructor re-matches them', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  // A course of its own, so the class is the three writers and the late joiner.
  const prof = await signIn(browser, 'prof@example.com');
  const { cid, code } = await newCourse(prof, `늦은 참여 ${Date.now() % 100000}`, '늦게 들어온 학습자');
  const emails = ['student23@example.com', 'student24@example.com', 'student25@example.com'];
  const writers: Page[] = [];
  for (const [i, email] of emails.entries()) {
    const page = await signIn(browser, email);
    await enrol(page, `LATE-${i}`, code);
    writers.push(page);
  }
  const created = await api(prof, 'POST', `/courses/${cid}/assignments/`, undefined, {
    name: '늦은 참여 과제',
    description: '서로 평가합니다.',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 2,
          // Learners without an essay review too (issue 36: off by default), so the late joiner gets work.
          non_writers_review: true,
          max_review_score: 10,
          max_metacognition_score: 10,
          standards: [{ question: '주장이 분명한가?', max_point: 4 }],
        },
      },
      { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
      { model: 'revisement', stage_object: { max_revisement_score: 10 } },
    ]),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const aid = created.json.id as number;
  await writeAndMoveOn(prof, writers, cid, aid);

  // student26 enrols during the peer review and asks to take part from the course page.
  const late = await signIn(browser, 'student26@example.com');
  await enrol(late, 'LATE-9', code);
  await late.goto(`/courses/${cid}/learner`);
  const card = late.locator('[data-testid^="assignment-card-"]').filter({ hasText: '늦은 참여 과제' });
  await card.getByRole('button', { name: t('assignments.join.request') }).click();
  await expect(toast(late, t('assignments.join.requested'))).toBeVisible();
  await expect(card.getByRole('button', { name: t('assignments.join.waiting') })).toBeVisible();

  // The instructor approves from the management table: the engine gives the late joiner essays.
  const roster = (await api(prof, 'GET', `/courses/${cid}/learners/`)).json as {
    id: number;
    user: { name: string; email: string };
  }[];
  const lateRow = roster.find((r) => r.user.email === 'student26@example.com');
  expect(lateRow).toBeDefined();
  const lateName = lateRow?.user.name ?? '';
  await prof.goto(`/courses/${cid}/instructor/assignments/${aid}`);
  await prof.getByRole('button', { name: t('assignments.manage.approveLabel', { name: lateName }) }).click();
  await expect(toast(prof, t('assignments.manage.approved'))).toBeVisible();
  type Row = { id: number; name: string; has_essay: boolean; targets: { target: number }[] };
  const before = (await api(prof, 'GET', `/courses/${cid}/assignments/${aid}/matchings/`)).json
    .reviewers as Row[];
  const joiner = before.find((r) => r.id === lateRow?.id) as Row;
  expect(joiner.has_essay).toBe(false);
  expect(joiner.targets.length).toBeGreaterThanOrEqual(1);

  // On the matching page the instructor moves the late joiner's first review to the essay they
  // were not given: a writer who reviews that essay gives up the slot, so it has room.
  const essays = before.filter((r) => r.has_essay);
  const given = joiner.targets.map((x) => x.target);
  const free = essays.find((e) => !given.includes(e.id)) as Row;
  const from = essays.find((e) => e.id !== free.id && e.targets.some((x) => x.target === free.id)) as Row;
  const fromSlot = from.targets.findIndex((x) => x.target === free.id) + 1;
  await prof.getByTestId('assignment-matching').click();
  await expect(prof.getByTestId('matching-page')).toBeVisible();
  const lateSlot = prof.getByRole('combobox', {
    name: t('matching.slotLabel', { name: lateName, n: 1 }),
    exact: true,
  });
  await expect(lateSlot).not.toHaveValue('');
  const fromCell = prof.getByRole('combobox', {
    name: t('matching.slotLabel', { name: from.name, n: fromSlot }),
    exact: true,
  });
  await prof.locator('td', { has: fromCell }).locator('button').click();
  await expect(fromCell).toHaveValue('');
  await lateSlot.click();
  await prof.getByRole('option', { name: `${free.name} (1/2)` }).click();
  await expect(lateSlot).toHaveValue(`${free.name} (2/2)`);
  await expect(prof.getByTestId('matching-uncovered')).toHaveCount(0);
  await shot(prof, 'matching-late-joiner-ko');
  await prof.getByTestId('save-matching').click();
  await expect(toast(prof, t('matching.saved'))).toBeVisible();
  const after = (await api(prof, 'GET', `/courses/${cid}/assignments/${aid}/matchings/`)).json
    .reviewers as Row[];
  expect(after.find((r) => r.id === joiner.id)?.targets.map((x) => x.target)).toContain(free.id);
  expect(after.find((r) => r.id === from.id)?.targets.map((x) => x.target)).not.toContain(free.id);

  // The late joiner reviews the essay they were moved to, shown by label, never by name.
  await late.goto(`/courses/${cid}/learner/assignments/${aid}/performances/PE`);
  const list = late.getByTestId('peer-review-list');
  await expect(list.getByRole('link', { name: t('review.peer', { n: 1 }) })).toBeVisible();
  await expect(list).not.toContainText(free.name);
  const writerIndex = emails.indexOf(roster.find((r) => r.id === free.id)?.user.email ?? '');
  let found = false;
  for (let n = 1; n <= given.length && !found; n++) {
    await late.goto(`/courses/${cid}/learner/assignments/${aid}/performances/PE`);
    await list.getByRole('link', { name: t('review.peer', { n }) }).click();
    const essay = late.getByTestId('essay-view');
    await expect(essay).toContainText('의 글입니다');
    found = ((await essay.textContent()) ?? '').includes(`작가 ${writerIndex + 1}의 글입니다`);
  }
  expect(found).toBe(true);
});

test('in the adjustment step a learner is told what happens next (Korean wide, English phone)', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const prof = await signIn(browser, 'prof@example.com');
  const created = await api(prof, 'POST', `${COURSE}/assignments/`, undefined, {
    name: `E2E 점수 조정 ${Date.now() % 100000}`,
    description: '조정 단계가 있는 과제입니다.',
    is_directly_starting: 'true',
    progresses: JSON.stringify([
      { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 70 } },
      {
        model: 'peerreview',
        stage_object: {
          peer_count: 1,
          max_review_score: 15,
          max_metacognition_score: 15,
          standards: [{ question: '주장이 분명한가?', max_point: 4 }],
        },
      },
      { model: 'adjustment', stage_object: {} },
    ]),
  });
  expect(created.status).toBe(201);
  const aid = created.json.id as number;
  for (const stage of ['ES', 'PE']) {
    const moved = await api(prof, 'PATCH', `${COURSE}/assignments/${aid}/move-to-next-stage/`, {
      expected_stage: stage,
    });
    expect(moved.status).toBe(200);
  }
  const visits = [
    ['student23@example.com', WIDE, 'ko'],
    ['student24@example.com', PHONE, 'en'],
  ] as const;
  for (const [email, viewport, lang] of visits) {
    const page = await signIn(browser, email, { viewport, lang });
    await page.goto(`${COURSE}/learner/assignments/${aid}/performances/AD`);
    const notice = page.getByTestId('stage-adjustment');
    await expect(notice).toContainText(t('assignments.info.adjusting', {}, lang));
    await expect(notice).toContainText(t('stages.AD', {}, lang));
    if (viewport === PHONE) await fitsWidth(page);
    await shot(page, `adjustment-${lang}`);
    await page.context().close();
  }
});
