import { describe, expect, it } from 'vitest';
import { deltaBlocks, deltaLines, inlineWraps } from './delta-lines';

// The read-only essay view draws a Delta as Quill 2 does, without Quill (issue 35).

describe('deltaLines', () => {
  it('gives each line the block format kept on its newline', () => {
    const lines = deltaLines({
      ops: [
        { insert: 'Title', attributes: { bold: true } },
        { insert: '\n', attributes: { header: 1 } },
        { insert: 'Sub\n', attributes: { header: 2 } },
        { insert: 'Small' },
        { insert: '\n', attributes: { header: 3 } },
        { insert: 'Quoted' },
        { insert: '\n', attributes: { blockquote: true } },
        { insert: 'Centred' },
        { insert: '\n', attributes: { align: 'center', indent: 2 } },
        { insert: 'Plain\n' },
      ],
    });
    expect(lines.map((l) => [l.tag, l.className])).toEqual([
      ['h1', ''],
      ['h2', ''],
      ['h3', ''],
      ['blockquote', ''],
      ['p', 'ql-align-center ql-indent-2'],
      ['p', ''],
    ]);
    // Bold on the text, not the line: the heading's content is a <strong>.
    expect(lines[0]?.children).toEqual([{ wrap: { format: 'bold' }, children: ['Title'] }]);
  });

  it('keeps only Quill’s alignments and indents 1–8', () => {
    const lines = deltaLines({
      ops: [
        { insert: 'a\n', attributes: { align: 'right' } },
        { insert: 'b\n', attributes: { align: 'left' } },
        { insert: 'c\n', attributes: { align: 'justify', indent: 8 } },
        { insert: 'd\n', attributes: { indent: 9 } },
        { insert: 'e\n', attributes: { indent: 0 } },
        { insert: 'f\n', attributes: { align: 'x" onclick="y' } },
      ],
    });
    expect(lines.map((l) => l.className)).toEqual([
      'ql-align-right',
      '',
      'ql-align-justify ql-indent-8',
      '',
      '',
      '',
    ]);
  });

  it('draws an empty line as an empty paragraph, and the last line without its newline as one', () => {
    const lines = deltaLines({ ops: [{ insert: 'one\n\nlast' }] });
    expect(lines).toEqual([
      { tag: 'p', className: '', children: ['one'] },
      { tag: 'p', className: '', children: [] },
      { tag: 'p', className: '', children: ['last'] },
    ]);
    expect(deltaLines({ ops: [{ insert: 'one\n' }] })).toHaveLength(1);
  });

  it('gives an empty essay (or none) one empty paragraph', () => {
    const empty = [{ tag: 'p', className: '', children: [] }];
    expect(deltaLines({ ops: [] })).toEqual(empty);
    expect(deltaLines(null)).toEqual(empty);
    expect(deltaLines({ ops: [{ insert: '\n' }] })).toEqual(empty);
  });

  it('skips embeds', () => {
    const lines = deltaLines({
      ops: [{ insert: 'a' }, { insert: { image: 'https://example.com/x.png' } }, { insert: 'b\n' }],
    });
    expect(lines).toEqual([{ tag: 'p', className: '', children: ['a', 'b'] }]);
  });

  it('lets the last block format on a newline win, as Quill does', () => {
    const [line] = deltaLines({ ops: [{ insert: 'x\n', attributes: { header: 1, list: 'ordered' } }] });
    expect(line?.tag).toBe('li');
    expect(line?.list).toBe('ordered');
  });

  it('keeps a code block’s text plain', () => {
    const [line] = deltaLines({
      ops: [
        { insert: 'let x', attributes: { bold: true } },
        { insert: '\n', attributes: { 'code-block': true } },
      ],
    });
    expect(line).toEqual({ tag: 'code', className: '', children: ['let x'] });
  });
});

describe('inline formats', () => {
  const runOf = (attributes: Record<string, unknown>) =>
    deltaLines({ ops: [{ insert: 'x', attributes }, { insert: '\n' }] })[0]?.children;

  it('draws each format as Quill 2 does, nested in Quill’s order (code outermost, link innermost)', () => {
    expect(
      runOf({
        link: 'https://example.com',
        bold: true,
        italic: true,
        underline: true,
        strike: true,
        script: 'super',
        code: true,
      }),
    ).toEqual([
      {
        wrap: { format: 'code' },
        children: [
          {
            wrap: { format: 'script', value: 'super' },
            children: [
              {
                wrap: { format: 'bold' },
                children: [
                  {
                    wrap: { format: 'italic' },
                    children: [
                      {
                        wrap: { format: 'strike' },
                        children: [
                          {
                            wrap: { format: 'underline' },
                            children: [
                              { wrap: { format: 'link', value: 'https://example.com' }, children: ['x'] },
                            ],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
            ],
          },
        ],
      },
    ]);
    expect(runOf({ script: 'sub' })).toEqual([{ wrap: { format: 'script', value: 'sub' }, children: ['x'] }]);
    expect(runOf({ script: 'middle' })).toEqual(['x']);
    expect(runOf({ bold: false, italic: null })).toEqual(['x']);
  });

  it('keeps links to http, https and mailto only; others become plain text', () => {
    expect(runOf({ link: ' mailto:a@b.c ' })).toEqual([
      { wrap: { format: 'link', value: 'mailto:a@b.c' }, children: ['x'] },
    ]);
    expect(runOf({ link: 'http://example.com' })).toEqual([
      { wrap: { format: 'link', value: 'http://example.com' }, children: ['x'] },
    ]);
    expect(runOf({ link: 'javascript:alert(1)' })).toEqual(['x']);
    expect(runOf({ link: 'JAVASCRIPT:alert(1)', bold: true })).toEqual([
      { wrap: { format: 'bold' }, children: ['x'] },
    ]);
    expect(runOf({ link: 'data:text/html,<script>alert(1)</script>' })).toEqual(['x']);
    expect(runOf({ link: 42 })).toEqual(['x']);
  });

  it('keeps a colour only when it is hex or rgb(), on a span or the element formatted before it', () => {
    expect(runOf({ color: '#e60000' })).toEqual([
      { wrap: { format: 'inline', color: '#e60000' }, children: ['x'] },
    ]);
    expect(runOf({ background: 'rgb(255, 255, 0)' })).toEqual([
      { wrap: { format: 'inline', background: 'rgb(255, 255, 0)' }, children: ['x'] },
    ]);
    expect(runOf({ color: 'red; background: url(x)' })).toEqual(['x']);
    expect(runOf({ color: 'expression(alert(1))', bold: true })).toEqual([
      { wrap: { format: 'bold' }, children: ['x'] },
    ]);
    // Quill puts the colour on the outermost element already there, else on a span inside.
    expect(inlineWraps({ underline: true, color: '#f00' })).toEqual([{ format: 'underline', color: '#f00' }]);
    expect(inlineWraps({ color: '#f00', underline: true })).toEqual([
      { format: 'underline' },
      { format: 'inline', color: '#f00' },
    ]);
  });

  it('lets adjacent runs share their outer element, as Quill merges them', () => {
    expect(
      deltaLines({
        ops: [
          { insert: 'a', attributes: { bold: true } },
          { insert: 'b', attributes: { bold: true, italic: true } },
          { insert: 'c' },
          { insert: 'd', attributes: { bold: true } },
          { insert: '\n' },
        ],
      })[0]?.children,
    ).toEqual([
      { wrap: { format: 'bold' }, children: ['a', { wrap: { format: 'italic' }, children: ['b'] }] },
      'c',
      { wrap: { format: 'bold' }, children: ['d'] },
    ]);
  });
});

describe('deltaBlocks', () => {
  it('puts consecutive list items, of either kind, in one list and consecutive code lines in one container', () => {
    const blocks = deltaBlocks({
      ops: [
        { insert: 'one' },
        { insert: '\n', attributes: { list: 'ordered' } },
        { insert: 'dot' },
        { insert: '\n', attributes: { list: 'bullet' } },
        { insert: 'odd' },
        { insert: '\n', attributes: { list: 'whatever' } },
        { insert: 'between\nfn()' },
        { insert: '\n', attributes: { 'code-block': true } },
        { insert: '\n', attributes: { 'code-block': 'plain' } },
        { insert: 'end' },
      ],
    });
    expect(blocks).toEqual([
      {
        kind: 'list',
        items: [
          { tag: 'li', list: 'ordered', className: '', children: ['one'] },
          { tag: 'li', list: 'bullet', className: '', children: ['dot'] },
          { tag: 'li', list: 'bullet', className: '', children: ['odd'] },
        ],
      },
      { kind: 'line', line: { tag: 'p', className: '', children: ['between'] } },
      {
        kind: 'code',
        lines: [
          { tag: 'code', className: '', children: ['fn()'] },
          { tag: 'code', className: '', children: [] },
        ],
      },
      { kind: 'line', line: { tag: 'p', className: '', children: ['end'] } },
    ]);
  });
});
