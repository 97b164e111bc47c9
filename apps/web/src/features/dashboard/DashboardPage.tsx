import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ComingSoon } from '../../components/ComingSoon';
import { useAuth } from '../auth/auth-context';

/** `/`: the greeting; course boxes come with the courses feature. */
export function DashboardPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1} data-testid="dashboard-greeting">
          {t('dashboard.greeting', { name: user?.name ?? '' })}
        </Title>
        <Text c="dimmed">{t('dashboard.subtitle')}</Text>
      </Stack>
      <ComingSoon pageKey="dashboard" />
    </Stack>
  );
}
