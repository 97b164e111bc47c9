import { Paper, SegmentedControl } from '@mantine/core';
import { LANGUAGES } from '@pw/contract';
import { useTranslation } from 'react-i18next';

/** The ko/en switch fixed at the bottom right (part 1 §2); the choice is remembered in local storage. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  return (
    <Paper shadow="md" radius="xl" p={4} style={{ position: 'fixed', right: 16, bottom: 16, zIndex: 300 }}>
      <SegmentedControl
        aria-label={t('language.label')}
        radius="xl"
        size="xs"
        value={i18n.language}
        onChange={(lng) => void i18n.changeLanguage(lng)}
        data={LANGUAGES.map((lng) => ({ value: lng, label: t(`language.${lng}`) }))}
        data-testid="language-switch"
      />
    </Paper>
  );
}
