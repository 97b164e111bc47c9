import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { waitForMail } from './mail';
import { api, enrol, fourStages, newCourse } from './support';

// Issue 36, item 17: axe on every page, in Korean and English, at 1440 and 390 px, signed out and
// signed in as each role, with the dialogs open: no violation of WCAG 2.2 AA (docs/accessibility.md
// lists the rule set, the pages and the dialogs). The file only reads the demo data (it runs
// first, alphabetically, but does not rely on it).

type Lang = 'ko' | 'en';
type Tree = { [key: string]: string | Tree };
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
const catalog = (lang: Lang): Tree => ({
  ...read(`../../apps/web/src/locales/${lang}/base.json`),
  ...read(`../../apps/web/src/locales/${lang}/common.json`),
  ...read(`../../apps/web/src/locales/${lang}/help.json`),
  ...read(`../../apps/web/src/locales/${lang}/manager.json`),
  ...read(`../../apps/web/src/locales/${lang}/results.json`),
  ...read(`../../packages/contract/locales/${lang}/messages.json`),
});
const catalogs: Record<Lang, Tree> = { ko: catalog('ko'), en: catalog('en') };
type T = (key: string, params?: Record<string, string | number>) => string;
const textsOf =
  (lang: Lang): T =>
  (key, params = {}) => {
    let node: string | Tree | undefined = catalogs[lang];
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node !== 'string') throw new Error(`no text for ${key}`);
    return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
  };

/** The gate: WCAG 2.0, 2.1 and 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const COURSE = '/courses/1';
const SHOTS = process.env.E2E_SHOTS;

type Ctx = { page: Page; t: T; lang: Lang; phone: boolean };
/** A dialog opened from the page just visited; closed with Escape after the scan. */
type Dialog = { name: string; open: (c: Ctx) => Promise<void> };
type Visit = {
  /** A path, or a step that finds it (e.g. an id from the page before). */
  path: string | ((c: Ctx) => Promise<string>);
  /** What shows once the page has loaded (a test id). */
  ready?: string;
  dialogs?: Dialog[];
};

const byTestId = (id: string) => async (c: Ctx) => {
  await c.page.getByTestId(id).first().click();
};
const byButton =
  (key: string, params?: Record<string, string | number>) =>
  async ({ page, t }: Ctx) => {
    await page
      .getByRole('button', { name: t(key, params), exact: true })
      .first()
      .click();
  };
/** On a phone the side navigation is a drawer: open it first. */
const fromNavigation = (key: string) => async (c: Ctx) => {
  if (c.phone) await c.page.getByRole('button', { name: c.t('nav.openMenu') }).click();
  await c.page
    .getByRole('navigation')
    .getByRole('button', { name: c.t(key), exact: true })
    .first()
    .click();
};

/** A link's target on the current page, found by a test id prefix. */
const hrefOf =
  (selector: string) =>
  async ({ page }: Ctx) => {
    const link = page.locator(selector).first();
    await expect(link).toBeVisible();
    const href = await link.evaluate((el) =>
      el instanceof HTMLAnchorElement ? el.pathname : (el.closest('a')?.pathname ?? ''),
    );
    expect(href).not.toBe('');
    return href;
  };

const common: Visit[] = [
  { path: '/my-page', dialogs: [{ name: 'change password', open: byButton('profile.changePassword') }] },
  { path: '/users/edit' },
  { path: '/helps' },
  { path: '/supports' },
  { path: '/notifications' },
];

const plans: Record<'staff' | 'instructor' | 'assistant' | 'learner', { email: string; visits: Visit[] }> = {
  staff: {
    email: 'admin@example.com',
    visits: [
      { path: '/', dialogs: [{ name: 'manual', open: byButton('dashboard.tutorial.openManual') }] },
      { path: '/manager/users' },
      { path: hrefOf('[data-testid^="manager-user-"] a[href^="/manager/users/"]') },
      { path: '/manager/users/new' },
      { path: '/manager/courses' },
      { path: '/manager/courses/1' },
      { path: '/manager/assignments' },
      { path: '/manager/assignments/courses/1/assignments/3' },
      { path: '/manager/supports' },
      { path: '/manager/lti' },
    ],
  },
  instructor: {
    email: 'prof@example.com',
    visits: [
      { path: '/', dialogs: [{ name: 'create course', open: fromNavigation('nav.openCourse') }] },
      {
        path: `${COURSE}/instructor`,
        dialogs: [{ name: 'student management', open: byButton('courses.manageStudents') }],
      },
      { path: `${COURSE}/instructor/edit` },
      { path: `${COURSE}/instructor/posts/new` },
      { path: `${COURSE}/instructor/posts/1` },
      { path: `${COURSE}/instructor/posts/1/edit` },
      { path: `${COURSE}/instructor/results` },
      { path: hrefOf('main a[href*="/personal-score"]') },
      { path: `${COURSE}/instructor/assignments/new` },
      {
        path: `${COURSE}/instructor/assignments/1`,
        dialogs: [{ name: 'next-stage confirmation', open: byTestId('assignment-next-step') }],
      },
      { path: `${COURSE}/instructor/assignments/1/edit` },
      { path: `${COURSE}/instructor/assignments/2` },
      { path: hrefOf('[data-testid^="open-work-"]') },
      {
        path: `${COURSE}/instructor/assignments/3`,
        dialogs: [{ name: 'extension grant', open: byTestId('extension-grant-open') }],
      },
      {
        path: `${COURSE}/instructor/assignments/3/matchings`,
        dialogs: [{ name: 'automatic matching', open: byButton('matching.automatic') }],
      },
      { path: `${COURSE}/instructor/assignments/5` },
      {
        path: `${COURSE}/instructor/assignments/5/score`,
        dialogs: [
          {
            name: 'objection ruling',
            open: async ({ page }) =>
              page.getByTestId('pending-objections').getByRole('button').first().click(),
          },
        ],
      },
      { path: `${COURSE}/instructor/assignments/4` },
      {
        path: `${COURSE}/instructor/assignments/4/score`,
        dialogs: [
          {
            name: 'score adjustment',
            open: async ({ page }) =>
              page.locator('[data-testid^="rater-cell-"]').first().getByRole('button').click(),
          },
        ],
      },
      {
        path: hrefOf('[data-testid="score-table"] tbody tr th a'),
        ready: 'report-view',
        dialogs: [{ name: 'comparison', open: byButton('report.compare') }],
      },
    ],
  },
  assistant: {
    email: 'student01@example.com',
    visits: [
      { path: '/' },
      { path: `${COURSE}/assistant` },
      { path: `${COURSE}/assistant/assignments/3` },
      { path: `${COURSE}/assistant/assignments/4/score` },
      { path: `${COURSE}/assistant/results` },
    ],
  },
  learner: {
    email: 'student10@example.com',
    visits: [
      { path: '/', dialogs: [{ name: 'enrol', open: fromNavigation('nav.enrol') }] },
      {
        path: `${COURSE}/learner`,
        dialogs: [{ name: 'student ID', open: byButton('courses.editMyStudentId') }],
      },
      { path: `${COURSE}/learner/posts/2` },
      { path: `${COURSE}/learner/my-score` },
      { path: `${COURSE}/learner/assignments/2/performances/info` },
      { path: `${COURSE}/learner/assignments/2/performances/ES` },
      { path: `${COURSE}/learner/assignments/3/performances/ES` },
      { path: `${COURSE}/learner/assignments/3/performances/PE` },
      { path: hrefOf('[data-testid="peer-review-list"] a[href*="/peer-review/"]') },
      {
        path: `${COURSE}/learner/assignments/5/performances/FE`,
        dialogs: [{ name: 'objection', open: byButton('review.object') }],
      },
      {
        path: `${COURSE}/learner/assignments/4/performances/CO`,
        dialogs: [{ name: 'comparison', open: byButton('report.compare') }],
      },
      ...common,
    ],
  },
};

type Found = { where: string; rule: string; impact: string; help: string; nodes: string[] };

/** Axe on what the page shows now: WCAG 2.2 AA violations (the gate) and best-practice findings. */
async function scan(page: Page, where: string, within?: string): Promise<{ gate: Found[]; advice: Found[] }> {
  await page.waitForLoadState('networkidle');
  // Let transitions (dialogs, toasts, tabs) settle: a half-faded text reads as low contrast.
  await page.waitForTimeout(400);
  const started = Date.now();
  const builder = new AxeBuilder({ page });
  // An open dialog is scanned alone: the page behind it was scanned just before.
  if (within) builder.include(within);
  const results = await builder
    .withTags([...WCAG_TAGS, 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .analyze();
  if (process.env.AXE_DUMP) console.log(`${where}: ${Date.now() - started} ms`);
  const gate: Found[] = [];
  const advice: Found[] = [];
  for (const v of results.violations) {
    const found = {
      where,
      rule: v.id,
      impact: v.impact ?? '',
      help: v.help,
      nodes: v.nodes.map((n) => `${n.target.join(' ')} :: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`),
    };
    (v.tags.some((tag) => WCAG_TAGS.includes(tag)) ? gate : advice).push(found);
  }
  return { gate, advice };
}

async function newPage(browser: Browser, lang: Lang, viewport: typeof WIDE) {
  const context = await browser.newContext({ viewport, locale: lang === 'en' ? 'en-US' : 'ko-KR' });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  return context.newPage();
}

async function signIn(browser: Browser, email: string, lang: Lang, viewport: typeof WIDE) {
  const page = await newPage(browser, lang, viewport);
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill('demo1234');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  return page;
}

function report(all: { gate: Found[]; advice: Found[] }, name: string) {
  if (all.advice.length)
    test.info().annotations.push({
      type: 'axe best-practice',
      description: all.advice.map((f) => `${f.where}: ${f.rule}`).join('\n'),
    });
  if (process.env.AXE_DUMP) {
    mkdirSync(process.env.AXE_DUMP, { recursive: true });
    writeFileSync(`${process.env.AXE_DUMP}/${name}.json`, JSON.stringify(all, null, 1));
  }
  const lines = all.gate.flatMap((f) => [
    `${f.where}: ${f.rule} (${f.impact}) ${f.help}`,
    ...f.nodes.map((n) => `    ${n}`),
  ]);
  expect(lines, lines.join('\n')).toEqual([]);
}

for (const lang of ['ko', 'en'] as const) {
  for (const viewport of [WIDE, PHONE]) {
    const size = `${lang} ${viewport.width}px`;
    const phone = viewport === PHONE;

    test(`axe: signed-out pages (${size})`, async ({ browser }) => {
      const t = textsOf(lang);
      const page = await newPage(browser, lang, viewport);
      const all = { gate: [] as Found[], advice: [] as Found[] };
      const add = (r: { gate: Found[]; advice: Found[] }) => {
        all.gate.push(...r.gate);
        all.advice.push(...r.advice);
      };
      await page.goto('/sign-in');
      await expect(page.getByTestId('login-title')).toBeVisible();
      add(await scan(page, '/sign-in'));
      await page.goto('/sign-up');
      await expect(page.locator('input[name="passwordCheck"]')).toBeVisible();
      add(await scan(page, '/sign-up'));
      // The server's password-reset pages: the request form, its answer, the mailed link's form.
      const email = phone ? 'student29@example.com' : 'student30@example.com';
      await page.goto(`/accounts/password_reset/?lang=${lang}`);
      add(await scan(page, '/accounts/password_reset/'));
      await page.locator('input[name="email"]').fill(email);
      await page.locator('button[type="submit"], input[type="submit"]').first().click();
      await expect(page).toHaveURL(/password_reset\/done/);
      add(await scan(page, '/accounts/password_reset/done/'));
      const mail = await waitForMail(email);
      const link = /(http:\/\/127\.0\.0\.1:\d+\/accounts\/reset\/[A-Za-z0-9_-]+\/\?lang=\w+)/.exec(mail)?.[1];
      expect(link).toBeDefined();
      await page.goto(link ?? '');
      add(await scan(page, '/accounts/reset/<token>/'));
      await page.goto(`/accounts/reset/done/?lang=${lang}`);
      add(await scan(page, '/accounts/reset/done/'));
      expect(t('signIn.submit')).not.toBe('');
      report(all, `signed-out-${lang}-${viewport.width}`);
    });

    // Signed in, each role's pages in Korean on the wide screen and in English on the phone
    // (both languages, both widths); AXE_ALL=1 adds the other two pairs.
    const paired = (lang === 'ko') === (viewport === WIDE);
    for (const [role, plan] of Object.entries(plans)) {
      if (!paired && !process.env.AXE_ALL) continue;
      test(`axe: ${role} pages and dialogs (${size})`, async ({ browser }) => {
        test.setTimeout(600_000);
        const t = textsOf(lang);
        const page = await signIn(browser, plan.email, lang, viewport);
        const c: Ctx = { page, t, lang, phone };
        const all = { gate: [] as Found[], advice: [] as Found[] };
        for (const visit of plan.visits) {
          const path = typeof visit.path === 'string' ? visit.path : await visit.path(c);
          await page.goto(path);
          await expect(page.locator('main')).toBeVisible();
          if (visit.ready) await expect(page.getByTestId(visit.ready)).toBeVisible();
          // Only what the user waits for: a loader inside a hidden tab panel is not on screen.
          await expect(
            page.locator('main [aria-busy="true"]:visible, main .mantine-Loader-root:visible'),
          ).toHaveCount(0, { timeout: 30_000 });
          const r = await scan(page, path);
          all.gate.push(...r.gate);
          all.advice.push(...r.advice);
          for (const dialog of visit.dialogs ?? []) {
            await dialog.open(c);
            const open = page.getByRole('dialog').last();
            await expect(open).toBeVisible();
            await expect(open.locator('.mantine-Loader-root')).toHaveCount(0);
            const d = await scan(page, `${path} + ${dialog.name} dialog`, '[role="dialog"]');
            all.gate.push(...d.gate);
            all.advice.push(...d.advice);
            if (SHOTS) await page.screenshot({ path: `${SHOTS}/${role}-${dialog.name}-${size}.png` });
            await page.keyboard.press('Escape');
            await expect(page.getByRole('dialog')).toHaveCount(0);
          }
        }
        report(all, `${role}-${lang}-${viewport.width}`);
      });
    }
  }
}

/**
 * Moves the focus with Tab (at most `max` presses) until `target` has it; fails if Tab never gets
 * there. A button or link reached must show where the focus is (an outline).
 */
async function tabTo(page: Page, target: Locator, max = 80) {
  // A segmented control's radio input is visually hidden behind its label, which is what shows.
  const hiddenRadio = await target.evaluate(
    (el) => el instanceof HTMLInputElement && el.type === 'radio' && el.labels?.[0] !== undefined,
  );
  await expect(hiddenRadio ? target.locator('xpath=..') : target).toBeVisible();
  for (let i = 0; i <= max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) {
      const outline = await target.evaluate((el) =>
        el.matches('button, a') ? getComputedStyle(el).outlineStyle : 'not a button',
      );
      expect(outline, 'the focus is shown').not.toBe('none');
      return;
    }
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target}`);
}

test('keyboard only: a learner writes, reviews a peer, rates the review received and revises', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const t = textsOf('ko');
  // A course of its own with two new learners, so the demo course stays as seeded.
  const prof = await signIn(browser, 'prof@example.com', 'ko', WIDE);
  const stamp = Date.now() % 1_000_000;
  const { cid, code } = await newCourse(prof, `키보드 ${stamp}`, '키보드만으로 한 바퀴');
  const learners: Page[] = [];
  for (const n of [1, 2]) {
    const email = `keys${n}.${stamp}@example.com`;
    const signUp = await prof.request.post('/api/v1/users/sign-up/', {
      data: {
        email,
        name: `키보드${n}`,
        password: 'demo1234',
        attending_type: 'N',
        address: '서울',
        date_of_birth: '2000-01-01',
      },
    });
    expect(signUp.status(), await signUp.text()).toBe(201);
    const page = await signIn(browser, email, 'ko', WIDE);
    await enrol(page, `K-${n}`, code);
    learners.push(page);
  }
  const [me, peer] = learners as [Page, Page];
  const created = await api(prof, 'POST', `/courses/${cid}/assignments/`, undefined, {
    name: '키보드 과제',
    description: '키보드만으로 씁니다.',
    is_directly_starting: 'true',
    progresses: fourStages(1, [{ question: '주장이 분명한가?', max_point: 4 }]),
  });
  expect(created.status, JSON.stringify(created.json)).toBe(201);
  const aid = created.json.id as number;
  const base = `/courses/${cid}/learner/assignments/${aid}/performances`;
  const move = async (stage: string) =>
    expect(
      (
        await api(prof, 'PATCH', `/courses/${cid}/assignments/${aid}/move-to-next-stage/`, {
          expected_stage: stage,
        })
      ).status,
    ).toBe(200);
  const toast = (text: string) => me.getByRole('alert').filter({ hasText: text }).first();

  // 1. The essay: Tab into the editor, type, Tab to the save button, Enter.
  await me.goto(`${base}/ES`);
  const editor = me.locator('[data-testid="essay-editor"] .ql-editor');
  await tabTo(me, editor);
  await me.keyboard.type('키보드만으로 쓴 에세이입니다. 기술은 글쓰기를 돕습니다.');
  await tabTo(me, me.getByTestId('save-work'));
  await me.keyboard.press('Enter');
  await expect(toast(t('work.submitted'))).toBeVisible();
  const other = await api(peer, 'GET', `/courses/${cid}/assignments/${aid}/`);
  await api(peer, 'PATCH', `/courses/${cid}/assignments/${aid}/performances/${other.json.performance_id}/`, {
    stage_object: { content: { ops: [{ insert: '동료의 에세이입니다.\n' }] } },
  });
  await move('ES');

  // 2. The peer review: the list's link, the scale (arrow keys), the comment, submit.
  await me.goto(`${base}/PE`);
  await tabTo(me, me.getByTestId('peer-review-list').getByRole('link', { name: t('review.peer', { n: 1 }) }));
  await me.keyboard.press('Enter');
  const review = me.getByTestId('peer-review-page');
  await expect(review.getByTestId('essay-view')).toContainText('동료의 에세이입니다');
  await tabTo(me, review.getByRole('radio', { checked: true }));
  await me.keyboard.press('ArrowRight');
  await expect(review.getByRole('radio', { name: '3' })).toBeChecked();
  await tabTo(me, review.getByLabel(t('review.comment')));
  await me.keyboard.type('주장이 첫 문장에 분명합니다.');
  await tabTo(me, review.getByTestId('submit-review'));
  await me.keyboard.press('Enter');
  await expect(toast(t('review.saved'))).toBeVisible();
  const theirs = await api(peer, 'GET', `/courses/${cid}/assignments/${aid}/`);
  const peerWork = (theirs.json.progresses as { model: string; performance_id: number }[]).find(
    (x) => x.model === 'peerreview',
  )?.performance_id;
  const targets = (await api(peer, 'GET', `/courses/${cid}/assignments/${aid}/performances/${peerWork}/`))
    .json.stage_object.targets as { id: number }[];
  for (const target of targets)
    expect(
      (
        await api(
          peer,
          'PATCH',
          `/courses/${cid}/assignments/${aid}/performances/peerreview-matching/${target.id}/`,
          {
            responses: [{ id: 0, point: 2, comment: '근거를 더 보태 보세요.' }],
          },
        )
      ).status,
    ).toBe(200);
  await move('PE');

  // 3. The rating of the review received (stars with the arrow keys), then on to the revision.
  await me.goto(`${base}/FE`);
  const card = me.locator('[data-testid^="received-"]').first();
  await expect(card).toContainText('근거를 더 보태 보세요.');
  await tabTo(me, card.locator('[data-testid^="rating-"] input').first());
  // The arrows preview a star (Mantine's Rating); Space chooses it.
  for (let i = 0; i < 3; i++) await me.keyboard.press('ArrowRight');
  await me.keyboard.press('Space');
  await expect(card.locator('[data-testid^="rating-"] input[value="3"]')).toBeChecked();
  await tabTo(me, card.getByLabel(t('review.ratingComment')));
  await me.keyboard.type('구체적이라 도움이 됐습니다.');
  await tabTo(me, card.getByRole('button', { name: t('review.rate') }));
  await me.keyboard.press('Enter');
  await expect(toast(t('review.rated'))).toBeVisible();
  const ask = me.getByRole('dialog');
  await tabTo(me, ask.getByRole('button', { name: t('review.goRevision') }), 5);
  await me.keyboard.press('Enter');
  await expect(ask).toHaveCount(0);

  // 4. The revision: the editor starts from the essay; add a sentence at its end and save.
  const revision = me.locator('#revision-section');
  const revisionEditor = revision.locator('.ql-editor');
  await expect(revisionEditor).toContainText('키보드만으로 쓴 에세이입니다.');
  await tabTo(me, revisionEditor);
  await me.keyboard.press('Control+End');
  await me.keyboard.type(' 고쳐 쓴 문장입니다.');
  await tabTo(me, revision.getByTestId('save-work'));
  await me.keyboard.press('Enter');
  await expect(toast(t('work.revisionSaved'))).toBeVisible();
  const mine = await api(me, 'GET', `/courses/${cid}/assignments/${aid}/`);
  const revisionId = (mine.json.progresses as { model: string; performance_id: number }[]).find(
    (x) => x.model === 'revisement',
  )?.performance_id;
  const saved = await api(me, 'GET', `/courses/${cid}/assignments/${aid}/performances/${revisionId}/`);
  expect(JSON.stringify(saved.json.stage_object)).toContain('고쳐 쓴 문장입니다.');
});
