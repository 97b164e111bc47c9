// What the browser specs share: the product's own texts (so a spec reads as the user sees the
// page, in either language), signing in with a demo account, calling the API as the signed-in
// user, finding a toast, a chart's canvas drawn, screenshots on demand and the stages of a peer-reviewed assignment.
import { readFileSync } from 'node:fs';
import { type Browser, expect, type Locator, type Page } from '@playwright/test';

export type Lang = 'ko' | 'en';
type Tree = { [key: string]: string | Tree };
const read = (path: string) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Tree;
/** `b` merged into `a`, objects key by key (a feature's texts add keys to a common section). */
const merge = (a: Tree, b: Tree): Tree => {
  const out: Tree = { ...a };
  for (const [key, value] of Object.entries(b)) {
    const here = out[key];
    out[key] = typeof here === 'object' && typeof value === 'object' ? merge(here, value) : value;
  }
  return out;
};
// The arrival texts, the pages' texts, the texts that load with the features that show them
// (calibration, the revision trace, passage comments, management, results) and the contract's
// messages.
const catalog = (lang: Lang): Tree =>
  [
    `../../apps/web/src/locales/${lang}/base.json`,
    `../../apps/web/src/locales/${lang}/common.json`,
    `../../apps/web/src/locales/${lang}/calibration.json`,
    `../../apps/web/src/locales/${lang}/trace.json`,
    `../../apps/web/src/locales/${lang}/anchors.json`,
    `../../packages/contract/locales/${lang}/messages.json`,
    `../../apps/web/src/locales/${lang}/manager.json`,
    `../../apps/web/src/locales/${lang}/results.json`,
  ].reduce((tree, path) => merge(tree, read(path)), {} as Tree);
const catalogs: Record<Lang, Tree> = { ko: catalog('ko'), en: catalog('en') };

const lookup = (lang: Lang, key: string): string | Tree | undefined => {
  let node: string | Tree | undefined = catalogs[lang];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  return node;
};

/**
 * The text of `key` in `lang`, with its `{{name}}` placeholders filled in; with a numeric `count`,
 * the plural form the language gives it (i18next's `key_one`, `key_other`) where the catalog has one.
 */
export function text(lang: Lang, key: string, params: Record<string, string | number> = {}): string {
  const plural =
    typeof params.count === 'number'
      ? lookup(lang, `${key}_${new Intl.PluralRules(lang === 'en' ? 'en-US' : 'ko-KR').select(params.count)}`)
      : undefined;
  const node = typeof plural === 'string' ? plural : lookup(lang, key);
  if (typeof node !== 'string') throw new Error(`no text for ${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));
}

/** `text` with the language last, Korean unless told. */
export const t = (key: string, params: Record<string, string | number> = {}, lang: Lang = 'ko'): string =>
  text(lang, key, params);

export const WIDE = { width: 1440, height: 900 };
export const PHONE = { width: 390, height: 844 };
export const COURSE = '/courses/1';

/**
 * A demo account (or one with its own `password`) signed in, in a context of its own, in `lang`
 * (unless the page switches it).
 */
export async function signIn(
  browser: Browser,
  email: string,
  options: { viewport?: { width: number; height: number }; lang?: Lang; password?: string } = {},
): Promise<Page> {
  const lang = options.lang ?? 'ko';
  const context = await browser.newContext({
    viewport: options.viewport ?? WIDE,
    locale: lang === 'en' ? 'en-US' : 'ko-KR',
  });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('language')) localStorage.setItem('language', l);
  }, lang);
  const page = await context.newPage();
  await page.goto('/sign-in');
  await page.locator('input[name="email"]').fill(email);
  await page.locator('input[name="password"]').fill(options.password ?? 'demo1234');
  await page.locator('button[type="submit"]').click();
  await expect(page.getByTestId('dashboard-greeting')).toBeVisible();
  return page;
}

/** Calls the API as the page's signed-in user (JSON body, or a multipart form). */
export async function api(
  page: Page,
  method: string,
  path: string,
  body?: unknown,
  form?: Record<string, string>,
) {
  return page.evaluate(
    async ({ method, path, body, form }) => {
      let payload: BodyInit | undefined;
      const headers: Record<string, string> = { authorization: `Token ${localStorage.getItem('token')}` };
      if (form) {
        const data = new FormData();
        for (const [k, v] of Object.entries(form)) data.append(k, v);
        payload = data;
      } else if (body !== undefined) {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(body);
      }
      const res = await fetch(`/api/v1${path}`, { method, headers, body: payload });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    { method, path, body, form },
  );
}

/** A toast (Mantine renders them with role="alert") saying `message`. */
export const toast = (page: Page, message: string): Locator =>
  page.getByRole('alert').filter({ hasText: message }).first();

/** A full-page screenshot named `name`, only when E2E_SHOTS names a folder for them. */
export async function shot(page: Page, name: string) {
  const folder = process.env.E2E_SHOTS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

/**
 * The `progresses` of a four-stage assignment as the API takes them: writing (up to 1000
 * letters), a peer review of `peerCount` essays on `standards`, the feedback review, the revision.
 */
export const fourStages = (peerCount: number, standards: { question: string; max_point: number }[]) =>
  JSON.stringify([
    { model: 'essaywriting', stage_object: { limit_type: 'L', max_length: 1000, max_writing_score: 60 } },
    {
      model: 'peerreview',
      stage_object: { peer_count: peerCount, max_review_score: 10, max_metacognition_score: 10, standards },
    },
    { model: 'feedbackreview', stage_object: { max_review_score: 10, max_point: 5 } },
    { model: 'revisement', stage_object: { max_revisement_score: 10 } },
  ]);

/** A course of its own made by the instructor on `prof`: its id, and the code learners enrol with. */
export async function newCourse(prof: Page, name: string, description: string) {
  const course = await api(prof, 'POST', '/courses/', undefined, { name, description });
  expect(course.status).toBe(201);
  const cid = course.json.id as number;
  const code = (await api(prof, 'GET', `/courses/${cid}/`)).json.code as string;
  return { cid, code };
}

/** The learner on `page` enrols in the course whose code is `courseCode`, as student number `number`. */
export async function enrol(page: Page, number: string, courseCode: string) {
  expect((await api(page, 'POST', '/enrolls/', { code: number, course_code: courseCode })).status).toBe(201);
}

/**
 * Each of `writers` saves "작가 n의 글입니다." as their essay in assignment `aid` of course `cid`;
 * then the instructor on `prof` moves the assignment on from writing.
 */
export async function writeAndMoveOn(prof: Page, writers: Page[], cid: number, aid: number) {
  for (const [i, page] of writers.entries()) {
    const a = await api(page, 'GET', `/courses/${cid}/assignments/${aid}/`);
    const saved = await api(
      page,
      'PATCH',
      `/courses/${cid}/assignments/${aid}/performances/${a.json.performance_id}/`,
      {
        stage_object: { content: { ops: [{ insert: `작가 ${i + 1}의 글입니다.\n` }] } },
      },
    );
    expect(saved.status).toBe(200);
  }
  const moved = await api(prof, 'PATCH', `/courses/${cid}/assignments/${aid}/move-to-next-stage/`, {
    expected_stage: 'ES',
  });
  expect(moved.status).toBe(200);
}

/** A chart's canvas drawn at a visible size (Chart.js sizes it to its box). */
export async function expectCanvas(chart: Locator) {
  const canvas = chart.locator('canvas');
  await expect(canvas).toBeVisible();
  const box = await canvas.boundingBox();
  expect(box?.width ?? 0).toBeGreaterThan(100);
  expect(box?.height ?? 0).toBeGreaterThan(100);
  // Something painted: not every pixel blank.
  const painted = await canvas.evaluate((c: HTMLCanvasElement) => {
    const g = c.getContext('2d');
    if (!g) return 0;
    const px = g.getImageData(0, 0, c.width, c.height).data;
    let n = 0;
    for (let i = 3; i < px.length; i += 4) if ((px[i] ?? 0) > 0) n++;
    return n;
  });
  expect(painted).toBeGreaterThan(100);
}
