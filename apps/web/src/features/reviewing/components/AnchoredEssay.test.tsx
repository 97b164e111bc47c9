// @vitest-environment happy-dom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { AnchoredEssay } from './AnchoredEssay';
import { pointOffset } from './anchor-selection';

// The essay drawn with its anchored passages (issue 34, item 3): the marks cover exactly the
// anchored positions, each passage is followed by its number linking to its comment, and a point
// in the drawn text maps back to Quill's position.

const delta = {
  ops: [
    { insert: '첫 문장입니다. ' },
    { insert: '굵은 주장', attributes: { bold: true } },
    { insert: '이 있다.\n' },
  ],
};
const anchors = [
  { key: 'a', index: 9, length: 5, number: 1, refLabel: '댓글 1' },
  { key: 'b', index: 12, length: 4, number: 2, refLabel: '댓글 2' },
];

afterEach(cleanup);

describe('AnchoredEssay', () => {
  it('marks the anchored positions, overlapping ones shared, each followed by its linked number', () => {
    const { container } = render(
      <AnchoredEssay content={delta} plainText="" anchors={anchors} label="essay" />,
    );
    const marks = [...container.querySelectorAll('mark')];
    expect(marks.map((m) => m.textContent)).toEqual(['굵은 ', '주장', '이 ']);
    expect(marks.map((m) => m.dataset.anchors)).toEqual(['1', '1 2', '2']);
    // The first mark of each passage can take the focus from its comment.
    expect(marks[0]?.id).toBe('anchor-mark-a');
    expect(marks[1]?.id).toBe('anchor-mark-b');
    const refs = [...container.querySelectorAll('a')];
    expect(refs.map((r) => [r.textContent, r.getAttribute('href'), r.getAttribute('aria-label')])).toEqual([
      ['1', '#anchor-comment-a', '댓글 1'],
      ['2', '#anchor-comment-b', '댓글 2'],
    ]);
    // Bold kept, the text whole (the numbers aside).
    expect(container.querySelector('span[style*="font-weight"]')?.textContent).toBe('굵은 ');
    const text = [...container.querySelectorAll('[data-start]')].map((s) => s.textContent).join('');
    expect(text).toBe('첫 문장입니다. 굵은 주장이 있다.\n');
  });

  it('maps a point in the drawn text back to its Quill position', () => {
    const { container } = render(
      <AnchoredEssay content={delta} plainText="" anchors={anchors} label="essay" />,
    );
    const root = container.querySelector('[data-testid="anchored-essay"]') as HTMLElement;
    const spans = [...root.querySelectorAll<HTMLElement>('[data-start]')];
    const piece = spans.find((s) => s.textContent === '주장') as HTMLElement;
    expect(pointOffset(root, piece.firstChild as Node, 1)).toBe(13);
    expect(pointOffset(root, spans[0]?.firstChild as Node, 0)).toBe(0);
    expect(pointOffset(document.body, document.body, 0)).toBe(0);
    const outside = document.createElement('p');
    expect(pointOffset(root, outside, 0)).toBeNull();
  });
});
