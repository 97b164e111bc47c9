import { type Browser, expect, type Page, test } from '@playwright/test';
import {
  api,
  COURSE,
  enrol,
  fourStages,
  type Lang,
  newCourse,
  PHONE,
  shot,
  signIn as signInAs,
  t,
  toast,
  WIDE,
} from './support';

// Issue 34, item 3: comments anchored in the essay. A reviewer selects a passage (a mouse drag in
// Korean at 1440 px, a selection and a tap on the button in English at 390 px, or words typed by
// keyboard) and comments on it; edits and deletes; the author then sees the passages highlighted
// with each comment beside (or below) them, under "Reviewer n" only. The demo's feedback
// assignment shows student01 the comments received.

const signIn = (browser: Browser, email: string, viewport: typeof WIDE, lang: Lang) =>
  signInAs(browser, email, { viewport, lang });
const FEEDBACK = 5; // the demo's feedback assignment

async function expectNoSideways(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(1);
}

/** The screen box of `words` in the anchored essay (for a real mouse drag). */
async function boxOf(page: Page, words: string) {
  return page.getByTestId('anchored-essay').evaluate((root, w) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n.textContent ?? '').indexOf(w);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + w.length);
      const r = range.getBoundingClientRect();
      return { left: r.left, right: r.right, y: r.top + r.height / 2 };
    }
    throw new Error(`no ${w}`);
  }, words);
}

/** Selects `words` as a touch selection leaves it (the selection API; Playwright has no long-press). */
async function selectWords(page: Page, words: string) {
  await page.getByTestId('anchored-essay').evaluate((root, w) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const at = (n.textContent ?? '').indexOf(w);
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(n, at);
      range.setEnd(n, at + w.length);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`no ${w}`);
  }, words);
}

for (const [viewport, lang] of [
  [WIDE, 'ko'],
  [PHONE, 'en'],
] as const) {
  test(`the demo's author sees the passages commented on, linked to the comments (${lang}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const me = await signIn(browser, 'student01@example.com', viewport, lang);
    await me.goto(`${COURSE}/learner/assignments/${FEEDBACK}/performances/FE`);
    const view = me.getByTestId('anchors-received');
    await expect(view).toBeVisible({ timeout: 30_000 });
    const marks = view.locator('mark');
    expect(await marks.count()).toBeGreaterThan(0);
    const items = view.getByTestId('anchor-item');
    expect(await items.count()).toBeGreaterThan(0);
    await expect(items.first()).toContainText(t('labels.reviewer', { n: 1 }, lang).split(' ')[0] as string);
    // The number after a passage moves the focus to its comment, and back.
    await view.getByTestId('anchor-ref').first().click();
    await expect(items.first()).toBeFocused();
    await items
      .first()
      .getByRole('button', { name: t('anchors.show', { n: 1 }, lang) })
      .click();
    await expect(view.locator('mark[id]').first()).toBeFocused();
    await expectNoSideways(me);
    await shot(me, `anchors-demo-${lang}-${viewport.width}`);
    await me.context().close();
  });
}

test('reviewers comment on passages (mouse, touch, keyboard); the authors see them highlighted, anonymously', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const prof = await signIn(browser, 'prof@example.com', WIDE, 'ko');
  const { cid, code } = await newCourse(
    prof,
    `부분 댓글 ${Date.now() % 100000}`,
    '글의 부분에 댓글을 답니다.',
  );
  const emails = ['student24@example.com', 'student25@example.com', 'student26@example.com'];
  const setups: [typeof WIDE, Lang][] = [
    [WIDE, 'ko'],
    [PHONE, 'en'],
    [WIDE, 'ko'],
  ];
  const learners: Page[] = [];
  for (const [i, email] of emails.entries()) {
    const [viewport, lang] = setups[i] as [typeof WIDE, Lang];
    const page = await signIn(browser, email, viewport, lang);
    await enrol(page, `ANCHOR-${i}`, code);
    learners.push(page);
  }
  const created = await api(prof, 'POST', `/courses/${cid}/assignments/`, undefined, {
    name: '부분 댓글 과제',
    description: '동료의 글에서 부분을 골라 댓글을 답니다.',
    is_directly_starting: 'true',
    progresses: fourStages(2, [{ question: '주장이 분명한가?', max_point: 4 }]),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const aid = created.json.id as number;
  const base = `/courses/${cid}/assignments/${aid}`;
  const workOf = async (page: Page, model: string) =>
    (
      (await api(page, 'GET', `${base}/`)).json.progresses as { model: string; performance_id: number }[]
    ).find((p) => p.model === model)?.performance_id as number;
  for (const [i, page] of learners.entries()) {
    const saved = await api(page, 'PATCH', `${base}/performances/${await workOf(page, 'essaywriting')}/`, {
      stage_object: {
        content: {
          ops: [
            { insert: `학습자 ${i + 1}의 글입니다. ` },
            { insert: '기술은 생각을 대신하지 않는다', attributes: { bold: true } },
            { insert: '. 근거가 더 필요합니다.\n' },
          ],
        },
      },
    });
    expect(saved.status).toBe(200);
  }
  const move = async () =>
    expect((await api(prof, 'PATCH', `${base}/move-to-next-stage/`, {})).status).toBe(200);
  await move(); // peer review
  const targetsOf = async (page: Page) =>
    (
      (await api(page, 'GET', `${base}/performances/${await workOf(page, 'peerreview')}/`)).json.stage_object
        .targets as { id: number; is_self_review: boolean }[]
    ).filter((x) => !x.is_self_review);

  // Korean, 1440 px: a mouse drag over a passage of the first review, then a comment.
  const ko = learners[0] as Page;
  const [first] = await targetsOf(ko);
  await ko.goto(`/courses/${cid}/learner/assignments/${aid}/performances/PE/peer-review/${first?.id}`);
  const panel = ko.getByTestId('review-anchors');
  await expect(panel.getByTestId('anchored-essay')).toBeVisible({ timeout: 30_000 });
  const box = await boxOf(ko, '기술은 생각을 대신하지 않는다');
  await ko.mouse.move(box.left + 1, box.y);
  await ko.mouse.down();
  await ko.mouse.move(box.right - 1, box.y, { steps: 8 });
  await ko.mouse.up();
  await expect(panel.getByTestId('anchor-passage')).toHaveValue('기술은 생각을 대신하지 않는다');
  await panel.getByTestId('anchor-comment').fill('이 주장을 첫 문장으로 옮기면 더 분명해집니다.');
  await panel.getByTestId('anchor-add').click();
  await expect(toast(ko, t('anchors.added'))).toBeVisible();
  await expect(panel.locator('mark')).toHaveText('기술은 생각을 대신하지 않는다');
  await expect(panel.getByTestId('anchor-ref')).toHaveText('1');
  // By keyboard: words typed into the passage box (a second comment), then edited and deleted.
  await panel.getByTestId('anchor-passage').fill('근거가 더 필요합니다');
  await panel.getByTestId('anchor-comment').fill('어떤 근거인지 예를 들어 주세요.');
  await panel.getByTestId('anchor-comment').press('Tab');
  await ko.keyboard.press('Enter');
  await expect(toast(ko, t('anchors.added'))).toBeVisible();
  const items = panel.getByTestId('anchor-item');
  await expect(items).toHaveCount(2);
  await items
    .nth(1)
    .getByRole('button', { name: t('anchors.edit', { n: 2 }) })
    .click();
  await panel.getByTestId('anchor-comment').fill('통계나 사례 하나를 더해 주세요.');
  await panel.getByTestId('anchor-add').click();
  await expect(toast(ko, t('anchors.updated'))).toBeVisible();
  await expect(items.nth(1)).toContainText('통계나 사례 하나를 더해 주세요.');
  // Words not in the essay: said so, nothing saved.
  await panel.getByTestId('anchor-passage').fill('없는 문장');
  await panel.getByTestId('anchor-comment').fill('무시됩니다.');
  await panel.getByTestId('anchor-add').click();
  await expect(panel).toContainText(t('anchors.notFound'));
  await expect(items).toHaveCount(2);
  await items
    .nth(1)
    .getByRole('button', { name: t('anchors.delete', { n: 2 }) })
    .click();
  await expect(toast(ko, t('anchors.deleted'))).toBeVisible();
  await expect(items).toHaveCount(1);
  await shot(ko, 'anchors-review-ko-1440');
  // The second review: the same passage typed by keyboard (every author gets a Korean comment).
  const [, second] = await targetsOf(ko);
  await ko.goto(`/courses/${cid}/learner/assignments/${aid}/performances/PE/peer-review/${second?.id}`);
  await expect(panel.getByTestId('anchored-essay')).toBeVisible({ timeout: 30_000 });
  await panel.getByTestId('anchor-passage').fill('기술은 생각을 대신하지 않는다');
  await panel.getByTestId('anchor-comment').fill('이 주장을 첫 문장으로 옮기면 더 분명해집니다.');
  await panel.getByTestId('anchor-add').click();
  await expect(toast(ko, t('anchors.added'))).toBeVisible();
  await expect(panel.locator('mark')).toHaveText('기술은 생각을 대신하지 않는다');

  // English, 390 px: a touch-style selection, then the button, in both reviews.
  const en = learners[1] as Page;
  for (const target of await targetsOf(en)) {
    await en.goto(`/courses/${cid}/learner/assignments/${aid}/performances/PE/peer-review/${target.id}`);
    const phone = en.getByTestId('review-anchors');
    await expect(phone.getByTestId('anchored-essay')).toBeVisible({ timeout: 30_000 });
    await selectWords(en, '근거가 더 필요합니다');
    await expect(phone.getByTestId('anchor-passage')).toHaveValue('근거가 더 필요합니다');
    await phone.getByTestId('anchor-comment').fill('Give one example here.');
    await phone.getByTestId('anchor-add').click();
    await expect(toast(en, t('anchors.added', {}, 'en'))).toBeVisible();
    await expect(phone.locator('mark')).toHaveText('근거가 더 필요합니다');
    await expectNoSideways(en);
  }
  await shot(en, 'anchors-review-en-390');

  // Every review completed (the rubric), the feedback step opens.
  for (const page of learners)
    for (const target of await targetsOf(page))
      expect(
        (
          await api(page, 'PATCH', `${base}/performances/peerreview-matching/${target.id}/`, {
            responses: [{ id: 0, point: 3, comment: '주장을 첫 문단에서 밝혀 주세요.' }],
          })
        ).status,
      ).toBe(200);
  await move();
  // The stage closed: the reviewer's comments can no longer change.
  const closed = await api(ko, 'PUT', `${base}/performances/peerreview-matching/${first?.id}/anchors/`, {
    anchors: [],
  });
  expect(closed.status).toBe(406);

  // The authors: every one received the Korean reviewer's comment (learners 2 and 3) and the
  // English reviewer's (learners 1 and 3), highlighted, under "Reviewer n" only.
  const names = (
    (await api(prof, 'GET', `/courses/${cid}/learners/`)).json as { user: { name: string } }[]
  ).map((r) => r.user.name);
  for (const [i, page] of learners.entries()) {
    const lang = (setups[i] as [typeof WIDE, Lang])[1];
    await page.goto(`/courses/${cid}/learner/assignments/${aid}/performances/FE`);
    const view = page.getByTestId('anchors-received');
    await expect(view).toBeVisible({ timeout: 30_000 });
    const got = view.getByTestId('anchor-item');
    if (i !== 1) await expect(got.filter({ hasText: 'Give one example here.' })).toHaveCount(1);
    if (i !== 0) {
      await expect(got.filter({ hasText: '이 주장을 첫 문장으로' })).toHaveCount(1);
      await expect(view.locator('mark').filter({ hasText: '기술은 생각을 대신하지 않는다' })).toHaveCount(1);
    }
    await expect(got.first()).toContainText(t('labels.reviewer', { n: 1 }, lang).split(' ')[0] as string);
    for (const name of names) await expect(view).not.toContainText(name);
    await expectNoSideways(page);
    await shot(page, `anchors-author-${lang}-${i}`);
  }
  for (const page of [prof, ...learners]) await page.context().close();
});
