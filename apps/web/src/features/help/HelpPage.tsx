import { Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** `/helps`: the manual (placeholder until the help content lands). */
export function HelpPage() {
  const { t } = useTranslation();
  return <Title order={2}>{t('help.title')}</Title>;
}
