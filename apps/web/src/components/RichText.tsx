import { type RefObject, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import ReactQuill from 'react-quill-new';
import 'react-quill-new/dist/quill.snow.css';
import './RichText.css';
import type { Delta } from '@pw/contract';

// Loaded on demand (React.lazy): Quill is needed only where an essay is written. An essay shown
// read-only is drawn without it (RichTextView).

const TOOLBAR = [
  [{ header: [1, 2, 3, false] }],
  ['bold', 'italic', 'underline', 'strike'],
  [{ list: 'ordered' }, { list: 'bullet' }],
  ['blockquote', 'link'],
  ['clean'],
];

/**
 * Tab and Shift+Tab move the focus in and out of the editor (WCAG 2.1.2, no keyboard trap): Quill
 * would insert a tab character or indent a list item, leaving a keyboard user no way out.
 */
const KEYBOARD = { bindings: { tab: false, 'remove tab': false, indent: false, outdent: false } };

export type EditorChange = { delta: Delta; text: string };

/**
 * Names for Quill's toolbar in the page's language: Quill names its buttons by format in English
 * ("list: ordered") and leaves the heading picker and its items unnamed.
 */
function useToolbarNames(root: RefObject<HTMLElement | null>, enabled: boolean) {
  const { t } = useTranslation();
  useEffect(() => {
    const toolbar = root.current?.querySelector('.ql-toolbar');
    if (!enabled || !toolbar) return;
    toolbar.setAttribute('aria-label', t('work.toolbar.label'));
    for (const button of toolbar.querySelectorAll('button')) {
      const format = [...button.classList].find((c) => c.startsWith('ql-'))?.slice(3) ?? '';
      const key = format === 'list' ? (button.value as 'ordered' | 'bullet') : format;
      button.setAttribute('aria-label', t(`work.toolbar.${key}`));
    }
    for (const label of toolbar.querySelectorAll('.ql-picker-label'))
      label.setAttribute('aria-label', t('work.toolbar.header'));
    for (const item of toolbar.querySelectorAll('.ql-picker-item')) {
      const level = item.getAttribute('data-value');
      item.setAttribute(
        'aria-label',
        level ? t('work.toolbar.heading', { n: level }) : t('work.toolbar.normal'),
      );
    }
  }, [root, enabled, t]);
}

/** Quill 2 for an essay or a revision; uncontrolled (remount with a new `key` to replace the text). */
export default function RichTextEditor({
  initial,
  onChange,
  readOnly,
  label,
  placeholder,
}: {
  initial: Delta | null;
  onChange: (change: EditorChange) => void;
  readOnly: boolean;
  label: string;
  placeholder?: string;
}) {
  const root = useRef<HTMLElement>(null);
  useToolbarNames(root, !readOnly);
  const { t } = useTranslation();
  // Quill draws the heading picker's and the link tooltip's words from its stylesheet, in English:
  // RichText.css draws these instead (CSS strings).
  const words = {
    '--pw-ql-normal': t('work.toolbar.normal'),
    '--pw-ql-h1': t('work.toolbar.heading', { n: 1 }),
    '--pw-ql-h2': t('work.toolbar.heading', { n: 2 }),
    '--pw-ql-h3': t('work.toolbar.heading', { n: 3 }),
    '--pw-ql-visit': t('work.toolbar.visitLink'),
    '--pw-ql-enter-link': t('work.toolbar.enterLink'),
    '--pw-ql-edit': t('work.toolbar.editLink'),
    '--pw-ql-save': t('work.toolbar.saveLink'),
    '--pw-ql-remove': t('work.toolbar.removeLink'),
  };
  const style = Object.fromEntries(Object.entries(words).map(([name, word]) => [name, JSON.stringify(word)]));
  return (
    <section data-testid="essay-editor" aria-label={label} ref={root} style={style}>
      <ReactQuill
        theme="snow"
        defaultValue={(initial ?? { ops: [] }) as never}
        readOnly={readOnly}
        placeholder={placeholder}
        modules={{ toolbar: readOnly ? false : TOOLBAR, keyboard: KEYBOARD }}
        onChange={(_html, _delta, source, editor) => {
          if (source === 'api') return;
          onChange({ delta: editor.getContents() as unknown as Delta, text: editor.getText() });
        }}
      />
    </section>
  );
}
