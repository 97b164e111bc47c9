// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { watchPageTitle } from './use-page-title';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the page title', () => {
  let stop = () => {};
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('follows the h1 as it appears, changes its text and is replaced', async () => {
    const main = document.createElement('main');
    document.body.append(main);
    stop = watchPageTitle(main, 'PeerWrite');
    expect(document.title).toBe('PeerWrite');

    const page = document.createElement('section');
    page.innerHTML = '<h1>Dashboard</h1>';
    main.append(page);
    await settle();
    expect(document.title).toBe('Dashboard · PeerWrite');

    main.querySelector('h1')!.firstChild!.nodeValue = 'Hello, Kim';
    await settle();
    expect(document.title).toBe('Hello, Kim · PeerWrite');

    page.remove();
    const next = document.createElement('h1');
    next.textContent = 'Help';
    main.append(next);
    await settle();
    expect(document.title).toBe('Help · PeerWrite');
  });

  it('does not look for the heading while the page’s other text changes (typing an essay)', async () => {
    const main = document.createElement('main');
    main.innerHTML = '<h1>Essay</h1><div contenteditable><p>a</p></div>';
    document.body.append(main);
    stop = watchPageTitle(main, 'PeerWrite');
    expect(document.title).toBe('Essay · PeerWrite');
    const looks = vi.spyOn(main, 'querySelector');
    const paragraph = main.querySelector('p')!;
    const editor = main.querySelector('[contenteditable]')!;
    looks.mockClear();
    for (const text of ['ab', 'abc', 'abcd']) {
      paragraph.firstChild!.nodeValue = text;
      await settle();
    }
    // A new line of the essay (an element without a heading) does not either.
    const line = document.createElement('p');
    line.textContent = 'next';
    editor.append(line);
    await settle();
    expect(looks).not.toHaveBeenCalled();
    expect(document.title).toBe('Essay · PeerWrite');
  });
});
