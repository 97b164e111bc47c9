// @vitest-environment happy-dom
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, loadPageTexts } from '../lib/i18n';
import CompareModal from './CompareModal';

// The comparison with the comments anchored in the essay (issue 34, item 4): each change on a
// commented passage carries that comment's number, and the list says how many changes answer it.

beforeAll(async () => {
  await changeLanguage('en');
  await loadPageTexts();
});
afterEach(cleanup);

const essay = 'The cat sat. It was red.';
const anchors = [
  // Listed out of order and with a moved position: numbered by their place, found by their quote.
  { index: 13, length: 10, quote: 'It was red', label: 'Reviewer 2', comment: 'Say more about the colour.' },
  { index: 0, length: 3, quote: 'cat', label: 'Reviewer 1', comment: 'Which animal?' },
  { index: 30, length: 4, quote: 'gone', label: 'Reviewer 1', comment: 'Not in this essay.' },
];

describe('CompareModal', () => {
  it('marks the changes that answer each anchored comment and lists the comments with their count', async () => {
    render(
      <MantineProvider>
        <CompareModal
          opened
          onClose={() => undefined}
          essay={essay}
          revision="The dog sat. It was red."
          anchors={anchors}
        />
      </MantineProvider>,
    );
    const items = await screen.findAllByTestId('compare-comment');
    // "gone" is not in the essay: left out. "cat" comes first (its place), then "It was red".
    expect(items.map((i) => i.textContent)).toEqual([
      'Reviewer 1 · “cat”Which animal?2 changes in this passage',
      'Reviewer 2 · “It was red”Say more about the colour.No change in this passage yet',
    ]);
    // The removed "cat" and the added "dog" both answer comment 1.
    const marks = screen.getAllByTestId('answers-comment');
    expect(marks.map((m) => m.textContent)).toEqual(['[1]answers comment 1', '[1]answers comment 1']);
    expect(screen.getByTestId('compare-essay').querySelector('del')?.textContent).toContain('cat[1]');
    expect(screen.getByTestId('compare-revision').querySelector('ins')?.textContent).toContain('dog[1]');
  });

  it('without anchored comments, no numbers and no list', async () => {
    render(
      <MantineProvider>
        <CompareModal opened onClose={() => undefined} essay={essay} revision="The dog sat." />
      </MantineProvider>,
    );
    await screen.findByTestId('compare-revision');
    expect(screen.queryAllByTestId('answers-comment')).toHaveLength(0);
    expect(screen.queryByTestId('compare-comments')).toBeNull();
  });
});
