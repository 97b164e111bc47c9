import { expect, test } from '@playwright/test';
import { api, COURSE, type Lang, PHONE, signIn, text, WIDE } from './support';

// A learner's own deadline (issue 33, item 1): with an extension of peer review, student28 sees
// their own end, marked extended, on the dashboard, the course page's card, the task information's
// schedule and timeline, and the peer-review page; student11 (no extension) sees none of it — in
// Korean and English, on a PC and a phone.

const ASSIGNMENT = '1차 과제: 나를 소개하는 글';
const CASES: { lang: Lang; viewport: typeof WIDE }[] = [
  { lang: 'ko', viewport: WIDE },
  { lang: 'ko', viewport: PHONE },
  { lang: 'en', viewport: WIDE },
  { lang: 'en', viewport: PHONE },
];

let aid = 0;

test.beforeAll(async ({ browser }) => {
  // The instructor gives student28 (code 20240028) a later end of peer review (a grant again
  // changes the same extension: one row whatever the number of runs).
  const prof = await signIn(browser, 'prof@example.com');
  const list = await api(prof, 'GET', '/courses/1/assignments/');
  aid = (list.json as { id: number; name: string }[]).find((a) => a.name === ASSIGNMENT)?.id ?? 0;
  expect(aid).toBeGreaterThan(0);
  const table = await api(prof, 'GET', `/courses/1/assignments/${aid}/management/`);
  const pk = (table.json.names as { pk: number; code: string }[]).find((n) => n.code === '20240028')?.pk;
  const granted = await api(prof, 'POST', `/courses/1/assignments/${aid}/extensions/`, {
    enrollments: [pk],
    stage: 'peerreview',
    end_date: '2099-03-02 18:00',
    reason: '',
  });
  expect(granted.status, JSON.stringify(granted.json)).toBe(201);
  // The classmate (student11, code 20240011) has no extension of this assignment, whatever the
  // specs before this one granted (extensions.spec picks learners from the list).
  const other = (table.json.names as { pk: number; code: string }[]).find((n) => n.code === '20240011')?.pk;
  const extensions = await api(prof, 'GET', `/courses/1/assignments/${aid}/extensions/`);
  for (const e of extensions.json as { id: number; enrollment_id: number }[]) {
    if (e.enrollment_id !== other) continue;
    const withdrawn = await api(prof, 'DELETE', `/courses/1/assignments/${aid}/extensions/${e.id}/`);
    expect(withdrawn.status).toBe(204);
  }
  await prof.context().close();
});

for (const { lang, viewport } of CASES) {
  test(`a learner sees their own extended deadline everywhere a deadline shows (${lang}, ${viewport.width}px)`, async ({
    browser,
  }) => {
    const t = (key: string, params?: Record<string, string | number>) => text(lang, key, params);
    const stage = t('stages.PE');
    const page = await signIn(browser, 'student28@example.com', { viewport, lang });

    // The dashboard: the assignment's line names the learner's own peer-review end.
    await page.goto('/');
    // The end (18:00 Korean time) as the screens write it in the browser's time zone (MM/DD HH:mm).
    const short = await page.evaluate(() => {
      const d = new Date('2099-03-02T09:00:00.000Z');
      const p = (n: number) => String(n).padStart(2, '0');
      return `${p(d.getMonth() + 1)}/${p(d.getDate())} ${p(d.getHours())}:${p(d.getMinutes())}`;
    });
    const line = page.getByTestId(`dashboard-assignment-${aid}`).first();
    await expect(line.getByTestId('schedule-extension')).toContainText(stage);
    await expect(line.getByTestId('schedule-extension')).toContainText(short);
    await expect(line.getByTestId('schedule-extension')).toContainText(lang === 'ko' ? '연장됨' : 'extended');

    // The course page's card.
    await page.goto(`${COURSE}/learner`);
    if (viewport.width < 800) await page.getByRole('tab', { name: t('courses.tabs.assignments') }).click();
    const card = page.getByTestId(`assignment-card-${aid}`);
    await expect(card.getByTestId('schedule-extension')).toContainText(stage);
    await expect(card.getByTestId('schedule-extension')).toContainText(short);

    // The task information: the schedule and the timeline's peer-review step.
    await page.goto(`${COURSE}/learner/assignments/${aid}/performances/info`);
    await expect(page.getByTestId('task-info').getByTestId('schedule-extension')).toContainText(short);
    await expect(page.getByTestId('timeline-step-PE').getByTestId('timeline-extended')).toContainText(
      t('assignments.timeline.extendedEnd', { date: '' })
        .replace(/\s*\(.*$/, '')
        .trim(),
    );

    // The peer-review page says the learner's own deadline.
    await page.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
    await expect(page.getByTestId('extended-deadline')).toContainText('2099');

    // Nothing runs off the side of a phone.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await page.context().close();

    // A classmate without an extension sees the stage's schedule only.
    // (student11: a classmate no spec deactivates; manager.spec deactivates student29.)
    const other = await signIn(browser, 'student11@example.com', { viewport, lang });
    await other.goto(`${COURSE}/learner/assignments/${aid}/performances/info`);
    await expect(other.getByTestId('stage-timeline')).toBeVisible();
    await expect(other.getByTestId('schedule-extension')).toHaveCount(0);
    await expect(other.getByTestId('timeline-extended')).toHaveCount(0);
    await other.goto(`${COURSE}/learner/assignments/${aid}/performances/PE`);
    await expect(other.getByTestId('peer-review-list')).toBeVisible();
    await expect(other.getByTestId('extended-deadline')).toHaveCount(0);
    await other.context().close();
  });
}
