import { Badge, Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The clearly marked placeholder for a screen a later release builds. */
export function ComingSoon({ pageKey }: { pageKey: string }) {
  const { t } = useTranslation();
  const page = t(`pages.${pageKey}`);
  return (
    <Stack gap="lg" maw={720} data-testid="coming-soon">
      <Title order={2}>{page}</Title>
      <Card withBorder radius="lg" p="xl">
        <Stack align="flex-start" gap="sm">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            <IconTools size={24} />
          </ThemeIcon>
          <Badge color="gray" variant="light">
            {t('coming.badge')}
          </Badge>
          <Text fw={600}>{t('coming.title', { page })}</Text>
          <Text c="dimmed">{t('coming.body')}</Text>
        </Stack>
      </Card>
    </Stack>
  );
}
