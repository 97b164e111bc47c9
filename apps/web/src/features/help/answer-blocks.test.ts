import { describe, expect, it } from 'vitest';
import { answerBlocks, inlineSegments } from './answer-blocks';

describe('answerBlocks', () => {
  it('splits paragraphs, bullets and numbered steps, also within one block', () => {
    const text = 'Intro line\nsame paragraph.\n\n1. First\n2. Second\n\nLead:\n- one\n- two\nAfter.';
    expect(answerBlocks(text)).toEqual([
      { kind: 'paragraph', text: 'Intro line same paragraph.' },
      { kind: 'steps', items: ['First', 'Second'] },
      { kind: 'paragraph', text: 'Lead:' },
      { kind: 'bullets', items: ['one', 'two'] },
      { kind: 'paragraph', text: 'After.' },
    ]);
  });

  it('ignores extra blank lines and surrounding spaces', () => {
    expect(answerBlocks('\n\n  Only this.  \n\n\n')).toEqual([{ kind: 'paragraph', text: 'Only this.' }]);
  });
});

describe('inlineSegments', () => {
  it('emphasises [button] names and keeps the rest', () => {
    expect(inlineSegments('Choose [Sign up] or [Sign in].')).toEqual([
      { text: 'Choose ', strong: false },
      { text: 'Sign up', strong: true },
      { text: ' or ', strong: false },
      { text: 'Sign in', strong: true },
      { text: '.', strong: false },
    ]);
    expect(inlineSegments('plain')).toEqual([{ text: 'plain', strong: false }]);
  });
});
