import { expect, test } from '@playwright/test';
import { api, COURSE, type Lang, PHONE, signIn, text, WIDE } from './support';

// Issue 34, item 3: the instructor sees the passages the reviewers commented on in a learner's
// essay, as the author does, when opening the essay from the management table. The demo's
// feedback assignment (1-2차) has passage comments on student01's (김하은) essay.

const FEEDBACK = 5;

for (const [viewport, lang] of [
  [WIDE, 'ko'],
  [PHONE, 'en'],
] as const) {
  test(`the instructor sees the passage comments on a learner's essay (${lang}, ${viewport.width} px)`, async ({
    browser,
  }) => {
    const t = (key: string, params: Record<string, string | number> = {}) => text(lang as Lang, key, params);
    const prof = await signIn(browser, 'prof@example.com', { viewport, lang });
    const table = await api(prof, 'GET', `${COURSE}/assignments/${FEEDBACK}/management/`);
    const names = table.json.names as { name: string }[];
    const rows = table.json.rows as { short: string; performance_id: number | null }[][];
    const row = rows[names.findIndex((n) => n.name === '김하은')];
    const essayId = row?.find((cell) => cell.short === 'ES')?.performance_id;
    expect(essayId).toBeTruthy();
    await prof.goto(`${COURSE}/instructor/assignments/${FEEDBACK}`);
    await prof.getByTestId(`open-work-${essayId}`).click();
    await expect(prof.getByTestId('manager-work-view')).toBeVisible();
    const section = prof.getByTestId('staff-anchors');
    await expect(section.getByRole('heading', { name: t('anchors.staffTitle') })).toBeVisible();
    const marks = section.locator('mark');
    await expect(marks.first()).toBeVisible();
    const items = section.getByTestId('anchor-item');
    expect(await items.count()).toBeGreaterThan(0);
    // "Reviewer n" only, as the author sees it.
    await expect(items.first()).toContainText(t('labels.reviewer', { n: 1 }).split(' ')[0] as string);
    // The number after a passage takes the keyboard to its comment.
    await section.getByTestId('anchor-ref').first().click();
    await expect(items.first()).toBeFocused();
    // Opened straight from its address (the early requests run): the page settles, nothing left
    // open, and the assignment the view does not read is not asked for.
    const asked: string[] = [];
    prof.on('request', (request) => asked.push(new URL(request.url()).pathname));
    await prof.reload();
    await expect(section.locator('mark').first()).toBeVisible();
    await prof.waitForLoadState('networkidle', { timeout: 15_000 });
    expect(asked).not.toContain(`/api/v1${COURSE}/assignments/${FEEDBACK}/`);
    expect(asked).toContain(`/api/v1${COURSE}/assignments/${FEEDBACK}/performances/${essayId}/`);
    const overflow = await prof.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
    await prof.context().close();
  });
}
