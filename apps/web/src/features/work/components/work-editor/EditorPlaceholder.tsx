// Quill's own stylesheet and ours, loaded with the editor's page rather than with Quill's code: the
// stand-in below is drawn with Quill's classes, so it takes exactly the editor's place.
import 'react-quill-new/dist/quill.snow.css';
import '../../../../components/RichText.css';
import type { Delta } from '@pw/contract';
import { useMemo } from 'react';
import { DeltaBlocks } from '../../../../components/DeltaBlocks';
import { deltaBlocks } from '../../../../lib/delta-lines';

/** The groups of Quill's toolbar (RichText's TOOLBAR): the heading picker, then buttons. */
const TOOLBAR_GROUPS = [['picker'], ['b', 'b', 'b', 'b'], ['b', 'b'], ['b', 'b'], ['b']] as const;

/**
 * What the essay editor shows while Quill's code loads: the essay's text in Quill's markup and
 * classes, under an empty toolbar of the same shape (wrapping where Quill's wraps), so the text is
 * readable at once and the editor replaces it without moving anything below (it was the essay
 * page's layout shift on a phone: 0.42). Not editable; announced as busy.
 */
export function EditorPlaceholder({
  initial,
  readOnly,
  label,
}: {
  initial: Delta | null;
  readOnly: boolean;
  label: string;
}) {
  const blocks = useMemo(() => deltaBlocks(initial), [initial]);
  return (
    <section
      className="pw-editor-placeholder"
      data-testid="editor-placeholder"
      aria-label={label}
      aria-busy="true"
    >
      <div className="quill">
        {readOnly ? null : (
          <div className="ql-toolbar ql-snow" aria-hidden="true">
            {TOOLBAR_GROUPS.map((group, g) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a fixed shape, never reordered
              <span className="ql-formats" key={g}>
                {group.map((kind, i) =>
                  kind === 'picker' ? (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed shape, never reordered
                    <span className="ql-picker ql-header" key={i} />
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a fixed shape, never reordered
                    <span className="pw-editor-placeholder-button" key={i} />
                  ),
                )}
              </span>
            ))}
          </div>
        )}
        <div className="ql-container ql-snow">
          <div className="ql-editor">
            <DeltaBlocks blocks={blocks} />
          </div>
        </div>
      </div>
    </section>
  );
}
