import { LANGUAGES, type Language } from '@pw/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import classes from './LanguageSwitch.module.css';

/**
 * The ko/en switch (part 1 §2); the choice is remembered in local storage. Two native radio buttons
 * drawn as a segmented control by CSS alone: Mantine's SegmentedControl measures the page to place
 * its sliding indicator when it mounts, which on every page's first render forced the whole page's
 * layout inside a script task (issue 35). Arrow keys move between the two as in any radio group.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const name = useId();
  return (
    <div
      role="radiogroup"
      aria-label={t('language.label')}
      className={classes.switch}
      data-testid="language-switch"
    >
      {LANGUAGES.map((lng) => (
        <label key={lng} className={classes.option} data-active={i18n.language === lng || undefined}>
          <input
            type="radio"
            className={classes.input}
            name={name}
            value={lng}
            checked={i18n.language === lng}
            onChange={() => void changeLanguage(lng as Language)}
          />
          <span lang={lng}>{t(`language.${lng}`)}</span>
        </label>
      ))}
    </div>
  );
}

/**
 * The switch fixed at the bottom right of the screen (part 1 §2), on a band of the page's colour
 * that stays at the bottom of the content column while the page scrolls: content passes under the
 * band (as under the phone's top bar), never under the switch alone, and at the end of a page every
 * control sits above it. The last child of a column whose height is at least the screen's.
 */
export function LanguageDock() {
  return (
    <div className={classes.dock} data-testid="language-dock">
      <LanguageSwitch />
    </div>
  );
}
