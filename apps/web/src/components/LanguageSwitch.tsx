import { SegmentedControl, VisuallyHidden } from '@mantine/core';
import { LANGUAGES, type Language } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '../lib/i18n';

/**
 * The ko/en switch (part 1 §2); the choice is remembered in local storage. It sits in the page's
 * flow (side navigation, phone top bar, sign-in page), never floating over content. `compact`
 * shows "KO"/"EN" stacked, for the narrow side navigation; the full names stay readable to screen
 * readers.
 */
export function LanguageSwitch({ compact = false }: { compact?: boolean }) {
  const { t, i18n } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('language.label')}
      radius="xl"
      size="xs"
      orientation={compact ? 'vertical' : 'horizontal'}
      value={i18n.language}
      onChange={(lng) => void changeLanguage(lng as Language)}
      data={LANGUAGES.map((lng) => ({
        value: lng,
        label: compact ? (
          <>
            <span aria-hidden="true">{t(`language.${lng}Short`)}</span>
            <VisuallyHidden lang={lng}>{t(`language.${lng}`)}</VisuallyHidden>
          </>
        ) : (
          <span lang={lng}>{t(`language.${lng}`)}</span>
        ),
      }))}
      data-testid="language-switch"
    />
  );
}
