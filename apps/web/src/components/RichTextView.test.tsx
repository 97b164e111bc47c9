// @vitest-environment happy-dom
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RichTextView } from './RichTextView';

// The read-only essay drawn in Quill 2's markup without Quill (issue 35): the same classes and
// elements Quill's read-only view has, and stored text never running as markup.

afterEach(cleanup);

describe('RichTextView', () => {
  it('draws a Quill Delta in Quill 2’s read-only markup', () => {
    const { container } = render(
      <RichTextView
        content={{
          ops: [
            { insert: '제목' },
            { insert: '\n', attributes: { header: 2 } },
            { insert: '첫 문장에 ' },
            { insert: '굵은', attributes: { bold: true } },
            { insert: ' 말.\n' },
            { insert: '하나' },
            { insert: '\n', attributes: { list: 'ordered' } },
            { insert: '둘' },
            { insert: '\n', attributes: { list: 'bullet' } },
            { insert: '출처', attributes: { link: 'https://www.korean.go.kr' } },
            { insert: '\n\n' },
          ],
        }}
        editorType="Q"
        plainText=""
        label="에세이"
      />,
    );
    const view = screen.getByRole('document', { name: '에세이' });
    expect(view.dataset.testid).toBe('essay-view');
    expect(view.dataset.editor).toBe('Q');
    const editor = view.querySelector('.quill > .ql-container.ql-snow.ql-disabled > .ql-editor');
    expect(editor).not.toBeNull();
    expect(editor?.getAttribute('contenteditable')).toBe('false');
    expect(within(view).getByRole('heading', { level: 2, name: '제목' })).toBeTruthy();
    expect(view.querySelector('p > strong')?.textContent).toBe('굵은');
    const list = within(view).getByRole('list');
    expect(list.tagName).toBe('OL');
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => [li.dataset.list, li.textContent])).toEqual([
      ['ordered', '하나'],
      ['bullet', '둘'],
    ]);
    // Quill 2 draws a list's marker in the item's .ql-ui span (its stylesheet's ::before).
    expect(items[0]?.firstElementChild?.className).toBe('ql-ui');
    const link = within(view).getByRole('link', { name: '출처' });
    expect(link.getAttribute('href')).toBe('https://www.korean.go.kr');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    // The empty last line is Quill's <p><br></p>.
    expect(editor?.lastElementChild?.outerHTML).toBe('<p><br></p>');
    expect(editor?.children).toHaveLength(5);
    expect(container.querySelectorAll('[data-testid="essay-view"]')).toHaveLength(1);
  });

  it('shows markup planted in the text as text, and drops a javascript: link', () => {
    render(
      <RichTextView
        content={{
          ops: [
            { insert: '<img src=x onerror=alert(1)><script>alert(2)</script>' },
            { insert: 'click', attributes: { link: 'javascript:alert(3)', color: 'red;background:url(x)' } },
            { insert: '\n' },
          ],
        }}
        editorType="Q"
        plainText=""
        label="essay"
      />,
    );
    const view = screen.getByTestId('essay-view');
    expect(view.textContent).toBe('<img src=x onerror=alert(1)><script>alert(2)</script>click');
    expect(view.querySelectorAll('img, script, a, [style]')).toHaveLength(0);
  });

  it('keeps the DRAFT and plain-text views', () => {
    render(
      <RichTextView
        content={{
          blocks: [
            {
              key: 'a',
              text: 'Heading',
              type: 'header-two',
              depth: 0,
              inlineStyleRanges: [],
              entityRanges: [],
            },
            {
              key: 'b',
              text: '<img src=x onerror=alert(1)>',
              type: 'unstyled',
              depth: 0,
              inlineStyleRanges: [],
              entityRanges: [],
            },
          ],
          entityMap: {},
        }}
        editorType="DRAFT"
        plainText=""
        label="draft"
      />,
    );
    const draft = screen.getByRole('document', { name: 'draft' });
    expect(draft.dataset.editor).toBe('DRAFT');
    // (Browser tests check the converter's headings; happy-dom's DOMPurify drops them.)
    expect(draft.textContent).toContain('Heading');
    expect(draft.querySelector('p')?.textContent).toBe('<img src=x onerror=alert(1)>');
    expect(draft.querySelector('img')).toBeNull();
    cleanup();
    render(<RichTextView content={null} editorType={null} plainText={'a\n<b>b</b>'} label="plain" />);
    const plain = screen.getByRole('document', { name: 'plain' });
    expect(plain.dataset.editor).toBeUndefined();
    expect(plain.textContent).toBe('a\n<b>b</b>');
    expect(plain.querySelector('b')).toBeNull();
  });
});
