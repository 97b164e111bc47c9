import { Button, Card, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconBook, IconKey, IconPlus } from '../../../components/icons';
import { ManualModal } from './ManualModal';

// The tutorial opens its dialogs by itself once per page load (part 1 §2), not on every return
// to the dashboard.
let shownThisLoad = false;

/**
 * The tutorial for a user without courses (part 1 §2): the manual dialog opens by itself, and for
 * a learner the enrol dialog follows when it closes. Both stay one click away on the cards.
 */
export function Tutorial({
  isInstructor,
  autoOpen,
  renderStartDialog,
}: {
  isInstructor: boolean;
  /** Open the dialogs by themselves (once per page load). */
  autoOpen: boolean;
  /** The second step's dialog (open a course, or enrol), which the app composes in. */
  renderStartDialog: (opened: boolean, onClose: () => void) => ReactNode;
}) {
  const { t } = useTranslation();
  const [auto] = useState(() => autoOpen && !shownThisLoad);
  useEffect(() => {
    shownThisLoad = true;
  }, []);
  const [manualOpened, manual] = useDisclosure(auto);
  const [nextOpened, next] = useDisclosure(false);
  const [enrolShown, setEnrolShown] = useState(false);
  const closeManual = () => {
    manual.close();
    if (auto && !isInstructor && !enrolShown) {
      setEnrolShown(true);
      next.open();
    }
  };
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
      <ManualModal opened={manualOpened} onClose={closeManual} isInstructor={isInstructor} />
      {renderStartDialog(nextOpened, next.close)}
    </Card>
  );
}
