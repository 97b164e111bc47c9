import { essayRuns } from '@pw/domain/anchors';
import { describe, expect, it } from 'vitest';
import { essayLines, lineBlocks } from './essay-lines';

describe('essayLines', () => {
  it("reads each line's format from its newline, several newlines of one insert each a line", () => {
    const runs = essayRuns(
      {
        ops: [
          { insert: 'A' },
          { insert: '\n', attributes: { header: 2 } },
          { insert: 'b' },
          { insert: '\n\n', attributes: { list: 'ordered' } },
          { insert: 'q' },
          { insert: '\n', attributes: { blockquote: true } },
          { insert: 'tail' },
        ],
      },
      '',
    );
    expect(essayLines(runs)).toEqual([
      { start: 0, end: 2, kind: { type: 'heading', level: 2 } },
      { start: 2, end: 4, kind: { type: 'list', ordered: true } },
      { start: 4, end: 5, kind: { type: 'list', ordered: true } },
      { start: 5, end: 7, kind: { type: 'quote' } },
      { start: 7, end: 11, kind: { type: 'paragraph' } },
    ]);
  });

  it('a plain essay is paragraphs; nothing for an empty one', () => {
    expect(essayLines(essayRuns(null, 'one\ntwo'))).toEqual([
      { start: 0, end: 4, kind: { type: 'paragraph' } },
      { start: 4, end: 7, kind: { type: 'paragraph' } },
    ]);
    expect(essayLines(essayRuns(null, ''))).toEqual([]);
  });

  it('groups consecutive items of one list kind', () => {
    const item = (start: number, ordered: boolean) => ({
      start,
      end: start + 1,
      kind: { type: 'list' as const, ordered },
    });
    const para = { start: 9, end: 10, kind: { type: 'paragraph' as const } };
    const blocks = lineBlocks([item(0, false), item(1, false), item(2, true), para, item(10, true)]);
    expect(blocks.map((b) => b.length)).toEqual([2, 1, 1, 1]);
  });
});
