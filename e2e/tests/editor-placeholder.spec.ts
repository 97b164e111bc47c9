import { expect, test } from '@playwright/test';
import { COURSE, text as catalogText, PHONE, signIn, WIDE } from './support';

// Issue 35: the essay page showed its editor only once Quill's code had arrived, and then pushed
// everything below it down (a layout shift of 0.42 on a phone, a quarter of Lighthouse's score).
// While Quill loads, a stand-in drawn with Quill's own classes shows the essay's text in the
// editor's place; the editor then takes exactly that place.

const RUNNING = 2; // the demo course's essay-stage assignment, where student01 has written an essay

for (const [name, viewport, lang] of [
  ['ko, 1440 px', WIDE, 'ko'],
  ['en, phone', PHONE, 'en'],
] as const) {
  test(`the essay reads at once while the editor loads, and nothing moves when it comes (${name})`, async ({
    browser,
  }) => {
    const me = await signIn(browser, 'student01@example.com', { viewport, lang });
    // Every layout shift from the page's start (those after input excluded, as the metric does).
    await me.addInitScript(() => {
      const w = window as unknown as { shifts: number };
      w.shifts = 0;
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          hadRecentInput: boolean;
        })[])
          if (!entry.hadRecentInput) w.shifts += entry.value;
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Quill's file (the editor's area, apps/web/vite.config.ts) is held back until the test lets it
    // go: a slow phone network, made certain.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await me.route(/\/assets\/editor-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await me.goto(`${COURSE}/learner/assignments/${RUNNING}/performances/ES`);

    const standIn = me.getByTestId('editor-placeholder');
    await expect(standIn).toBeVisible();
    await expect(standIn).toHaveAttribute('aria-busy', 'true');
    await expect(me.getByTestId('essay-editor')).toHaveCount(0);
    const text = await standIn.locator('.ql-editor').innerText();
    expect(text.trim().length).toBeGreaterThan(100);
    const box = await standIn.boundingBox();
    const counter = await me.getByTestId('length-counter').boundingBox();

    release();
    const editor = me.getByTestId('essay-editor');
    await expect(editor.locator('.ql-toolbar')).toBeVisible();
    await expect(standIn).toHaveCount(0);
    // The same text, in the same place, at the same size; what is below it has not moved.
    expect(await editor.locator('.ql-editor').innerText()).toBe(text);
    const after = await editor.boundingBox();
    expect(Math.abs((after?.y ?? 0) - (box?.y ?? -1))).toBeLessThan(1);
    expect(Math.abs((after?.height ?? 0) - (box?.height ?? -1))).toBeLessThan(1);
    const counterAfter = await me.getByTestId('length-counter').boundingBox();
    expect(Math.abs((counterAfter?.y ?? 0) - (counter?.y ?? -1))).toBeLessThan(1);
    const shifts = await me.evaluate(() => (window as unknown as { shifts: number }).shifts);
    expect(shifts).toBeLessThan(0.01);
    // The heading picker speaks the page's language (Quill's stylesheet drew "Normal" in Korean too).
    const drawn = (selector: string) =>
      editor.locator(selector).evaluate((el) => getComputedStyle(el, '::before').content);
    expect(await drawn('.ql-header .ql-picker-label')).toBe(
      JSON.stringify(catalogText(lang, 'work.toolbar.normal')),
    );
    expect(await drawn('.ql-header .ql-picker-item[data-value="2"]')).toBe(
      JSON.stringify(catalogText(lang, 'work.toolbar.heading', { n: 2 })),
    );
    // So does the link tooltip ("Enter link:" in Quill's stylesheet).
    await editor.locator('.ql-editor p').first().dblclick();
    await editor.locator('button.ql-link').click();
    await expect(editor.locator('.ql-tooltip.ql-editing')).toBeVisible();
    expect(await drawn('.ql-tooltip')).toBe(JSON.stringify(catalogText(lang, 'work.toolbar.enterLink')));
    await me.context().close();
  });
}
