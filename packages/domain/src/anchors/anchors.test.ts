import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anchorSegments,
  anchorText,
  changesOnAnchors,
  checkAnchor,
  essayRuns,
  locateQuote,
  trimSelection,
} from './anchors';

const delta = {
  ops: [
    { insert: '환경 문제는 ' },
    { insert: '우리 모두의', attributes: { bold: true } },
    { insert: ' 문제이다.\n' },
    { insert: { image: 'x.png' } },
    { insert: 'Second line.\n' },
  ],
};

describe('anchor positions', () => {
  it('counts positions as Quill does: text by UTF-16 unit, an embed as one', () => {
    const text = anchorText(delta, 'ignored');
    expect(text).toBe('환경 문제는 우리 모두의 문제이다.\n\uFFFCSecond line.\n');
    const runs = essayRuns(delta, '');
    expect(runs.map((r) => r.start)).toEqual([0, 7, 13, 20, 21]);
    expect(runs[1]?.attributes).toEqual({ bold: true });
  });

  it('takes the plain text when the essay is not a Delta (Draft.js, plain)', () => {
    expect(anchorText({ blocks: [] }, 'plain essay')).toBe('plain essay');
    expect(anchorText(null, '')).toBe('');
  });

  it('accepts an anchor whose quote is the text at its place', () => {
    const text = anchorText(delta, '');
    expect(checkAnchor(text, { index: 7, length: 6, quote: '우리 모두의' })).toBeNull();
    expect(checkAnchor(text, { index: 21, length: 6, quote: 'Second' })).toBeNull();
  });

  it('refuses anchors outside the text, empty, blank or with another quote', () => {
    const text = anchorText(delta, '');
    expect(checkAnchor(text, { index: -1, length: 2, quote: '환경' })).toBe('anchor_out_of_range');
    expect(checkAnchor(text, { index: 0, length: 0, quote: '' })).toBe('anchor_out_of_range');
    expect(checkAnchor(text, { index: text.length - 1, length: 2, quote: '.\n' })).toBe(
      'anchor_out_of_range',
    );
    expect(checkAnchor(text, { index: 0, length: 2, quote: '문제' })).toBe('anchor_quote_mismatch');
    expect(checkAnchor(text, { index: 2, length: 1, quote: ' ' })).toBe('anchor_blank');
    expect(checkAnchor(text, { index: 0.5, length: 2, quote: '환경' })).toBe('anchor_out_of_range');
  });

  it('every in-range slice is a valid anchor of itself (property)', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 1, maxLength: 60 }), fc.nat(), fc.nat(), (text, a, b) => {
        const index = a % text.length;
        const length = 1 + (b % (text.length - index));
        const quote = text.slice(index, index + length);
        const problem = checkAnchor(text, { index, length, quote });
        expect(problem).toBe(quote.trim() ? null : 'anchor_blank');
      }),
    );
  });

  it('locates a typed passage at the occurrence nearest the hint', () => {
    const text = 'good start. good end.';
    expect(locateQuote(text, ' good ')).toEqual({ index: 0, length: 4, quote: 'good' });
    expect(locateQuote(text, 'good', 15)).toEqual({ index: 12, length: 4, quote: 'good' });
    expect(locateQuote(text, 'absent')).toBeNull();
    expect(locateQuote(text, '   ')).toBeNull();
  });

  it('trims the blanks at a selection’s ends', () => {
    const text = 'one two  three';
    expect(trimSelection(text, 3, 5)).toEqual({ index: 4, length: 3, quote: 'two' });
    expect(trimSelection(text, 7, 2)).toBeNull();
  });

  it('cuts the text at every anchor for the marks, overlapping anchors sharing a piece', () => {
    const text = 'abcdefghij';
    const segments = anchorSegments(text, [
      { index: 2, length: 4 },
      { index: 4, length: 4 },
      { index: 8, length: 5 },
    ]);
    expect(segments).toEqual([
      { start: 0, end: 2, covers: [] },
      { start: 2, end: 4, covers: [0] },
      { start: 4, end: 6, covers: [0, 1] },
      { start: 6, end: 8, covers: [1] },
      { start: 8, end: 10, covers: [] },
    ]);
    expect(anchorSegments('', [])).toEqual([]);
  });
});

describe('changes on anchored passages (the comparison, issue 34 item 4)', () => {
  // "The cat sat. It was red.": comment 0 on "cat" (4..7), comment 1 on "It was red" (13..23).
  const anchors = [
    { index: 4, length: 3 },
    { index: 13, length: 10 },
  ];

  it('a word replaced inside a passage answers that comment, by its removal and its insertion', () => {
    const parts = [
      { value: 'The ' },
      { value: 'cat', removed: true },
      { value: 'dog', added: true },
      { value: ' sat. ' },
      { value: 'It was red.' },
    ];
    expect(changesOnAnchors(parts, anchors)).toEqual([[], [0], [0], [], []]);
  });

  it('an insertion inside a passage answers it; one elsewhere answers none', () => {
    expect(
      changesOnAnchors(
        [{ value: 'The cat sat. It was ' }, { value: 'very ', added: true }, { value: 'red.' }],
        anchors,
      ),
    ).toEqual([[], [1], []]);
    expect(
      changesOnAnchors([{ value: 'The cat sat. It was red.' }, { value: ' The end.', added: true }], anchors),
    ).toEqual([[], []]);
  });

  it('a removal across two passages answers both; positions follow the essay, not the revision', () => {
    const parts = [
      { value: 'The ' },
      { value: 'cat sat. It', removed: true },
      { value: 'A long new opening that shifts everything after it.', added: true },
      { value: ' was red.' },
    ];
    expect(changesOnAnchors(parts, anchors)).toEqual([[], [0, 1], [1], []]);
  });

  it('without anchors or without changes, nothing answers anything', () => {
    expect(changesOnAnchors([{ value: 'The cat sat. It was red.' }], anchors)).toEqual([[]]);
    expect(changesOnAnchors([{ value: 'x', removed: true }], [])).toEqual([[]]);
  });
});
