import { describe, expect, it } from 'vitest';
import { placeholderBlocks } from './placeholder-lines';

describe('placeholderBlocks', () => {
  it('splits the text into Quill 2 lines, each with the format its newline carries', () => {
    const blocks = placeholderBlocks({
      ops: [
        { insert: 'Title' },
        { insert: '\n', attributes: { header: 1 } },
        { insert: 'First ' },
        { insert: 'bold', attributes: { bold: true } },
        { insert: ' line\n\nQuoted' },
        { insert: '\n', attributes: { blockquote: true } },
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'two' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'dot' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'Last\n' },
      ],
    });
    expect(blocks).toEqual([
      { kind: 'line', line: { tag: 'h1', text: 'Title' } },
      { kind: 'line', line: { tag: 'p', text: 'First bold line' } },
      { kind: 'line', line: { tag: 'p', text: '' } },
      { kind: 'line', line: { tag: 'blockquote', text: 'Quoted' } },
      {
        kind: 'list',
        items: [
          { tag: 'li', list: 'ordered', text: 'one' },
          { tag: 'li', list: 'ordered', text: 'two' },
          { tag: 'li', list: 'bullet', text: 'dot' },
        ],
      },
      { kind: 'line', line: { tag: 'p', text: 'Last' } },
    ]);
  });

  it('shows an empty essay as one empty paragraph, as Quill does, and keeps text without a final newline', () => {
    expect(placeholderBlocks(null)).toEqual([{ kind: 'line', line: { tag: 'p', text: '' } }]);
    expect(placeholderBlocks({ ops: [] })).toEqual([{ kind: 'line', line: { tag: 'p', text: '' } }]);
    expect(placeholderBlocks({ ops: [{ insert: 'a\nb' }] })).toEqual([
      { kind: 'line', line: { tag: 'p', text: 'a' } },
      { kind: 'line', line: { tag: 'p', text: 'b' } },
    ]);
  });
});
