import { useDebouncedValue } from '@mantine/hooks';
import { type CoachInput, coachHints } from '@pw/domain/review-coach';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** How long the coach waits after the last keystroke before it reads the comment again. */
export const COACH_DEBOUNCE_MS = 400;
/**
 * At most this many hints at a time, in the domain's order (length and generic praise first): a
 * nudge, not a checklist. The next ones appear as the first are answered.
 */
export const COACH_HINTS_SHOWN = 2;

/**
 * The review coach's hints on one comment (issue 34, item 2), shown under the comment box as its
 * description: the rules are the domain's (`coachHints`), run in the browser as the reviewer types
 * (debounced). Rendered as spans, since Mantine's description is a paragraph; the paragraph is the
 * polite live region and the box's `aria-describedby` (see PeerReviewPage). Never blocks saving.
 */
export function CoachHints(props: Omit<CoachInput, 'language'>) {
  const { t, i18n } = useTranslation();
  const [comment] = useDebouncedValue(props.comment, COACH_DEBOUNCE_MS);
  const [point] = useDebouncedValue(props.point, COACH_DEBOUNCE_MS);
  const language = i18n.resolvedLanguage === 'en' ? 'en' : 'ko';
  const { criterion, min, max, essay } = props;
  // Read again only when the debounced comment or point (or the page's language) changes, not on
  // every keystroke that re-renders the page.
  const hints = useMemo(
    () => coachHints({ comment, criterion, point, min, max, essay, language }),
    [comment, criterion, point, min, max, essay, language],
  );
  if (!comment.trim()) return null;
  if (hints.length === 0) {
    return (
      <span data-testid="coach-ok" style={{ display: 'block', color: 'var(--mantine-color-teal-8)' }}>
        {t('review.coach.ok')}
      </span>
    );
  }
  return (
    <span data-testid="coach-hints" style={{ display: 'block' }}>
      {hints.slice(0, COACH_HINTS_SHOWN).map((h) => (
        <span key={h} data-hint={h} style={{ display: 'block', overflowWrap: 'anywhere' }}>
          · {t(`review.coach.${h}`)}
        </span>
      ))}
    </span>
  );
}
