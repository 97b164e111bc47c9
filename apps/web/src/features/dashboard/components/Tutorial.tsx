import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBook, IconKey, IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ManualModal } from './ManualModal';

/** The tutorial for a user without courses: the manual dialog and the enrol (or open-course) dialog. */
export function Tutorial({
  isInstructor,
  renderStartDialog,
}: {
  isInstructor: boolean;
  /** The second step's dialog (open a course, or enrol), which the app composes in. */
  renderStartDialog: (opened: boolean, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [manualOpened, manual] = useDisclosure(false);
  const [nextOpened, next] = useDisclosure(false);
  return (
    <Card withBorder radius="lg" p="xl" data-testid="dashboard-tutorial">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} size="h3">
            {t('dashboard.tutorial.title')}
          </Title>
          <Text c="dimmed">
            {isInstructor ? t('dashboard.tutorial.introInstructor') : t('dashboard.tutorial.introLearner')}
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Card withBorder radius="md" p="md">
            <Stack gap="sm" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light">
                <IconBook size={22} />
              </ThemeIcon>
              <Text fw={700}>{t('dashboard.tutorial.step1')}</Text>
              <Text size="sm" c="dimmed">
                {t('dashboard.tutorial.step1Body')}
              </Text>
              <Button variant="light" onClick={manual.open}>
                {t('dashboard.tutorial.openManual')}
              </Button>
            </Stack>
          </Card>
          <Card withBorder radius="md" p="md">
            <Stack gap="sm" align="flex-start">
              <ThemeIcon size={40} radius="xl" variant="light">
                {isInstructor ? <IconPlus size={22} /> : <IconKey size={22} />}
              </ThemeIcon>
              <Text fw={700}>
                {isInstructor
                  ? t('dashboard.tutorial.step2Instructor')
                  : t('dashboard.tutorial.step2Learner')}
              </Text>
              <Text size="sm" c="dimmed">
                {isInstructor
                  ? t('dashboard.tutorial.step2InstructorBody')
                  : t('dashboard.tutorial.step2LearnerBody')}
              </Text>
              <Button onClick={next.open}>
                {isInstructor ? t('dashboard.tutorial.createCourse') : t('dashboard.tutorial.enterCode')}
              </Button>
            </Stack>
          </Card>
        </SimpleGrid>
      </Stack>
      <ManualModal opened={manualOpened} onClose={manual.close} isInstructor={isInstructor} />
      {renderStartDialog(nextOpened, next.close)}
    </Card>
  );
}
