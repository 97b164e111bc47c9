import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClipboardList } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

/** The course page's assignment list; assignments arrive with a later issue, until then it is empty. */
export function AssignmentsSection() {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="lg" p="lg" component="section" aria-labelledby="course-assignments-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="course-assignments-title">
          {t('courses.assignments')}
        </Title>
        <Stack align="center" gap={6} py="lg" data-testid="assignments-empty">
          <ThemeIcon size={44} radius="xl" variant="light" color="gray">
            <IconClipboardList size={24} />
          </ThemeIcon>
          <Text fw={600}>{t('courses.noAssignments')}</Text>
          <Text size="sm" c="dimmed" ta="center">
            {t('courses.noAssignmentsHint')}
          </Text>
        </Stack>
      </Stack>
    </Card>
  );
}
