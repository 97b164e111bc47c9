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

  it("draws Quill's line formats, and a passage across lines is marked in each line, numbered once", () => {
    const formatted = {
      ops: [
        { insert: '제목' },
        { insert: '\n', attributes: { header: 1 } },
        { insert: '첫째 항목' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: '둘째 항목' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: '\n본문입니다.\n' },
      ],
    };
    // 제목\n = 0..2, 첫째 항목\n = 3..8, 둘째 항목\n = 9..14, blank line 15, 본문입니다.\n = 16..22
    // '항목\n둘' across two items, and '항목\n' ending on the line's newline.
    const across = [
      { key: 'x', index: 6, length: 4, number: 1, refLabel: '댓글 1' },
      { key: 'y', index: 6, length: 3, number: 2, refLabel: '댓글 2' },
    ];
    const { container } = render(
      <AnchoredEssay content={formatted} plainText="" anchors={across} label="essay" />,
    );
    const root = container.querySelector('[data-testid="anchored-essay"]') as HTMLElement;
    const blocks = [...root.children];
    expect(blocks.map((b) => b.tagName)).toEqual(['DIV', 'UL', 'DIV', 'DIV']);
    expect(blocks[0]?.className).toMatch(/h1/);
    expect([...root.querySelectorAll('li')].map((li) => li.textContent)).toEqual([
      '첫째 항목2\n',
      '둘1째 항목\n',
    ]);
    // A mark in each line it crosses (the newline outside them); each number once, after its
    // passage's last character that is not a newline.
    expect([...root.querySelectorAll('mark')].map((m) => m.textContent)).toEqual(['항목', '둘']);
    expect(root.querySelectorAll('[data-testid="anchor-ref"]')).toHaveLength(2);
    expect(root.querySelector('mark')?.id).toBe('anchor-mark-x');
    // The positions stay whole: every character, newlines included, in order.
    const text = [...root.querySelectorAll<HTMLElement>('[data-start]')].map((s) => s.textContent).join('');
    expect(text).toBe('제목\n첫째 항목\n둘째 항목\n\n본문입니다.\n');
    const body = [...root.querySelectorAll<HTMLElement>('[data-start]')].find(
      (s) => s.textContent === '본문입니다.',
    );
    expect(body?.dataset.start).toBe('16');
  });
});
