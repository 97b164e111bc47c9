import { SegmentedControl } from '@mantine/core';
import { LANGUAGES, type Language } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';
import classes from './LanguageSwitch.module.css';

/** The ko/en switch (part 1 §2); the choice is remembered in local storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('language.label')}
      radius="xl"
      size="xs"
      value={i18n.language}
      onChange={(lng) => void changeLanguage(lng as Language)}
      data={LANGUAGES.map((lng) => ({ value: lng, label: <span lang={lng}>{t(`language.${lng}`)}</span> }))}
      data-testid="language-switch"
    />
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
