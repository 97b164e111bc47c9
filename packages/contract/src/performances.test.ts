import { describe, expect, it } from 'vitest';
import { deltaSchema, deltaText } from './performances';
import { lateEssayRule, saveRule, stepsOf } from './stages';
import { countLength, isOverLimit } from './text-length';

describe('the counting rule (one copy for the browser and the server)', () => {
  it('counts letters as the learner sees them: Hangul, Latin, spaces, emoji; not line breaks', () => {
    expect(countLength('가나다', 'L')).toBe(3);
    expect(countLength('ab cd', 'L')).toBe(5);
    expect(countLength('글쓰기 writing', 'L')).toBe(11);
    expect(countLength('😀👍🏽', 'L')).toBe(2); // a skin-tone emoji is one letter
    expect(countLength('👨‍👩‍👧', 'L')).toBe(1); // a family emoji joined by ZWJ
    expect(countLength('한\n줄\r\n', 'L')).toBe(2);
    expect(countLength('', 'L')).toBe(0);
  });

  it('counts without a segmenter only texts where every character is a letter of its own', () => {
    // Combining marks, conjoining jamo and a tone mark join what comes before them.
    expect(countLength('e\u0301', 'L')).toBe(1);
    expect(countLength('\u1100\u1161\u11a8', 'L')).toBe(1);
    expect(countLength('가\u11a8', 'L')).toBe(1);
    expect(countLength('中\u302a', 'L')).toBe(1);
    // The fast path agrees with the grapheme segmenter on random texts of its characters.
    const ranges: [number, number][] = [
      [0x20, 0x7e],
      [0xa0, 0xff],
      [0xac00, 0xd7a3],
      [0x3131, 0x318e],
      [0x4e00, 0x9fff],
      [0x3000, 0x3029],
      [0xff01, 0xff5e],
    ];
    const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      return seed / 2147483648;
    };
    for (let i = 0; i < 3000; i++) {
      let text = '';
      const length = 1 + Math.floor(next() * 12);
      for (let j = 0; j < length; j++) {
        const [from, to] = ranges[Math.floor(next() * ranges.length)] as [number, number];
        text += String.fromCharCode(from + Math.floor(next() * (to - from + 1)));
      }
      expect(countLength(text, 'L'), text).toBe([...segmenter.segment(text)].length);
    }
  });

  it('counts words split on any whitespace', () => {
    expect(countLength('one two  three', 'W')).toBe(3);
    expect(countLength('  글쓰기는\t생각을\n정리한다 ', 'W')).toBe(3);
    expect(countLength('mixed 한국어 and English 😀', 'W')).toBe(5);
    expect(countLength('   ', 'W')).toBe(0);
  });

  it('is over the limit only above it; a limit of 0 means none', () => {
    expect(isOverLimit('가나다', 'L', 3)).toBe(false);
    expect(isOverLimit('가나다라', 'L', 3)).toBe(true);
    expect(isOverLimit('가나다라', 'L', 0)).toBe(false);
    expect(isOverLimit('a b c d', 'W', 3)).toBe(true);
  });

  it('counts only texts longer than the limit in UTF-16 units, and then counts letters', () => {
    // Four emoji are eight UTF-16 units but four letters: within a limit of 4, over a limit of 3.
    expect(isOverLimit('😀😀😀😀', 'L', 4)).toBe(false);
    expect(isOverLimit('😀😀😀😀', 'L', 3)).toBe(true);
    expect(isOverLimit('👨‍👩‍👧👨‍👩‍👧', 'L', 2)).toBe(false);
    // Line breaks are not letters, and runs of spaces are not words.
    expect(isOverLimit('가\n나\r\n다', 'L', 3)).toBe(false);
    expect(isOverLimit('one     two', 'W', 2)).toBe(false);
    // At the unit length itself there is nothing to count.
    expect(isOverLimit('가'.repeat(1000), 'L', 1000)).toBe(false);
    expect(isOverLimit('가'.repeat(1001), 'L', 1000)).toBe(true);
  });
});

describe('stored rich text', () => {
  it('keeps text and known formats, drops embeds, unknown attributes and unsafe links', () => {
    const delta = deltaSchema.parse({
      ops: [
        { insert: 'a', attributes: { bold: true, onerror: 'x', header: 2 } },
        { insert: { image: 'https://x/y.png' } },
        { insert: 'b', attributes: { link: 'JavaScript:alert(1)' } },
        { insert: 'c', attributes: { link: ' https://ok.example ', color: 'red;background:url(x)' } },
        { insert: 'd', attributes: { color: '#ff0000', list: 'bullet" onmouseover="x' } },
      ],
    });
    expect(delta.ops).toEqual([
      { insert: 'a', attributes: { bold: true, header: 2 } },
      { insert: 'b' },
      { insert: 'c', attributes: { link: 'https://ok.example' } },
      { insert: 'd', attributes: { color: '#ff0000' } },
    ]);
    expect(deltaText(delta)).toBe('abcd');
  });

  it('refuses what is not a delta', () => {
    expect(deltaSchema.safeParse('text').success).toBe(false);
    expect(deltaSchema.safeParse({ ops: 'x' }).success).toBe(false);
  });
});

describe('work rules at the boundary second', () => {
  const at = (s: string) => new Date(`2026-03-02T${s}Z`);
  const steps = stepsOf([
    { model: 'essaywriting', startAt: at('09:00:00'), endAt: at('10:00:59') },
    { model: 'questionwriting', startAt: null, endAt: null },
    { model: 'peerreview', startAt: at('11:00:00'), endAt: at('12:00:59') },
    { model: 'feedbackreview', startAt: at('13:00:00'), endAt: at('14:00:59') },
    { model: 'revisement', startAt: null, endAt: null },
  ]);

  it('the essay and questions are open in the writing step up to its end, then wait', () => {
    expect(saveRule(steps, 0, 'essaywriting', at('10:00:59'))).toBeNull();
    expect(saveRule(steps, 0, 'questionwriting', at('10:00:59'))).toBeNull();
    expect(saveRule(steps, 0, 'essaywriting', new Date(at('10:00:59').getTime() + 1))).toBe('essay_not_open');
    expect(saveRule(steps, 0, 'questionwriting', at('10:01:00'))).toBe('questions_not_open');
    expect(saveRule(steps, -1, 'essaywriting', at('08:00:00'))).toBe('essay_not_open');
    expect(saveRule(steps, 1, 'essaywriting', at('11:00:00'))).toBe('essay_not_open');
  });

  it('the revision is open only in the feedback step before its end', () => {
    expect(saveRule(steps, 1, 'revisement', at('11:30:00'))).toBe('revision_not_open');
    expect(saveRule(steps, 2, 'revisement', at('14:00:59'))).toBeNull();
    expect(saveRule(steps, 2, 'revisement', at('14:01:00'))).toBe('revision_not_open');
    expect(saveRule(steps, 3, 'revisement', at('15:00:00'))).toBe('revision_not_open');
    expect(saveRule(steps, 1, 'peerreview', at('12:01:00'))).toBe('stage_deadline_passed');
  });

  it('the late essay opens when the writing step waits or has passed, until completion', () => {
    const missing = { isCompleted: false, isLate: false };
    expect(lateEssayRule(steps, 0, at('10:00:59'), missing)).toBe('late_essay_not_open');
    expect(lateEssayRule(steps, 0, at('10:01:00'), missing)).toBeNull();
    expect(lateEssayRule(steps, 1, at('11:00:00'), missing)).toBeNull();
    expect(lateEssayRule(steps, 2, at('13:00:00'), { isCompleted: true, isLate: true })).toBeNull();
    expect(lateEssayRule(steps, 2, at('13:00:00'), { isCompleted: true, isLate: false })).toBe(
      'late_essay_not_open',
    );
    expect(lateEssayRule(steps, 3, at('15:00:00'), missing)).toBe('late_essay_not_open');
  });
});
