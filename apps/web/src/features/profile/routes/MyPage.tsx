import { Alert, Button, Card, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { hasGrade } from '@pw/contract';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconKey, IconPencil } from '../../../components/icons';
import { useProfile } from '../../../lib/session/profile';
import { ChangePasswordModal } from '../components/ChangePasswordModal';

// The chart library and its CSS load only with the learner's score graph.
const ScoreGraph = lazy(() => import('../components/ScoreGraph').then((m) => ({ default: m.ScoreGraph })));

function Row({ label, value, testId }: { label: string; value: ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" fw={600}>
        {label}
      </Text>
      <Text data-testid={testId}>{value}</Text>
    </Stack>
  );
}

/**
 * `/my-page` (part 1 §2): profile, password change, and the learners' score graph; `children`
 * (the app's composition: the mail settings) below.
 */
export function MyPage({ children }: { children?: ReactNode }) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [passwordOpened, password] = useDisclosure(false);

  if (profile.isPending) return <Loader />;
  if (profile.isError) return <Alert color="yellow">{t('profile.loadError')}</Alert>;
  const p = profile.data;
  const accountType = p.is_staff ? t('nav.staff') : p.role === 'I' ? t('nav.instructor') : t('nav.learner');
  const notSet = (
    <Text span c="dimmed">
      {t('profile.notSet')}
    </Text>
  );

  return (
    <Stack gap="lg" maw={880}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('profile.title')}
        </Title>
        <Group gap="xs">
          <Button variant="default" leftSection={<IconKey size={16} />} onClick={password.open}>
            {t('profile.changePassword')}
          </Button>
          <Button component={Link} to="/users/edit" leftSection={<IconPencil size={16} />}>
            {t('profile.edit')}
          </Button>
        </Group>
      </Group>
      <Card withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Row label={t('profile.email')} value={p.email} testId="profile-email" />
          <Row label={t('profile.name')} value={p.name} testId="profile-name" />
          <Row label={t('profile.accountType')} value={accountType} />
          {p.group ? <Row label={t('profile.group')} value={p.group.name} /> : null}
          {p.is_private_info ? (
            <>
              <Row
                label={t('profile.school')}
                value={p.display_attending_type ?? notSet}
                testId="profile-school"
              />
              {p.attending_type && hasGrade(p.attending_type) ? (
                <Row label={t('profile.grade')} value={p.grade ?? notSet} testId="profile-grade" />
              ) : null}
              <Row label={t('profile.address')} value={p.address ?? notSet} testId="profile-address" />
              <Row label={t('profile.dateOfBirth')} value={p.date_of_birth ?? notSet} />
            </>
          ) : null}
        </SimpleGrid>
      </Card>
      {p.role === 'L' && !p.is_staff ? (
        <Suspense fallback={<Loader size="sm" />}>
          <ScoreGraph />
        </Suspense>
      ) : null}
      {children}
      <ChangePasswordModal opened={passwordOpened} onClose={password.close} />
    </Stack>
  );
}
