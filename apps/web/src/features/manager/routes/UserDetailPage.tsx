import '../manager-texts';
import {
  Anchor,
  Button,
  Card,
  Center,
  Divider,
  Group,
  Loader,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import type { ManagerUser } from '@pw/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useAuth } from '../../../lib/session/auth-context';
import { useConfiguration } from '../../../lib/session/configuration';
import { useUpdateUser, useUser } from '../api/manager';
import { UserStateBadge } from '../components/UserStateBadge';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Stack>
  );
}

/**
 * `/manager/users/{userId}` (part 2 §2): the user's details (personal fields only when the
 * organisation collects them, grade hidden for "not applicable"), the role, expiry (with its
 * maximum) and group to edit, and deactivation after a confirmation, then back to the list.
 */
export function UserDetailPage() {
  const id = Number(useParams().userId);
  const user = useUser(id);
  if (user.isError) return <Navigate replace to="/manager/users" />;
  if (!user.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return (
    <UserDetail
      key={`${user.data.id}-${user.data.role.value}-${user.data.expire_date}-${user.data.group?.id}`}
      user={user.data}
    />
  );
}

function UserDetail({ user: u }: { user: ManagerUser }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user: me } = useAuth();
  const { data: config } = useConfiguration();
  const update = useUpdateUser(u.id);
  const [role, setRole] = useState(u.role.value);
  const [expire, setExpire] = useState(u.expire_date ?? '');
  const [group, setGroup] = useState<string | null>(u.group ? String(u.group.id) : null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [confirming, setConfirming] = useState(false);

  const save = async () => {
    setErrors({});
    try {
      await update.mutateAsync({
        role,
        expire_date: expire || null,
        ...(u.is_integrated_management ? { group_id: group ? Number(group) : null } : {}),
      });
      notify('manager', { color: 'teal', message: t('manager.users.saved') });
    } catch (error) {
      const fields = fieldErrorsOf(error) ?? {};
      setErrors(Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, v.join(' ')])));
      notify('manager', { color: 'yellow', message: t('manager.users.wrongInfo') });
    }
  };
  const deactivate = async () => {
    try {
      await update.mutateAsync({ is_active: false });
      setConfirming(false);
      notify('manager', { color: 'teal', message: t('manager.users.disabled') });
      navigate('/manager/users');
    } catch {
      setConfirming(false);
      notify('manager', { color: 'yellow', message: t('manager.users.wrongInfo') });
    }
  };

  return (
    <Stack gap="md" data-testid="manager-user-detail">
      <Anchor component={Link} to="/manager/users" size="sm">
        ← {t('manager.users.title')}
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h3">
          {u.name}
        </Title>
        <UserStateBadge user={u} data-testid="manager-user-state" />
      </Group>
      <Card withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="md">
          <Field label={t('manager.users.email')}>{u.email}</Field>
          <Field label={t('manager.users.role')}>{u.role.display}</Field>
          {u.is_integrated_management ? (
            <Field label={t('manager.users.group')}>{u.group?.name ?? '–'}</Field>
          ) : null}
          <Field label={t('manager.users.lastLogin')}>
            {u.last_login ? formatDateTime(u.last_login) : '–'}
          </Field>
          <Field label={t('manager.users.joined')}>{formatDate(u.date_joined)}</Field>
          <Field label={t('manager.users.expire')}>{u.expire_date ?? '–'}</Field>
          <Field label={t('manager.users.coursesTaught')}>
            {u.courses.length
              ? u.courses
                  .map((c) => `${c.name} (${t('manager.users.assignmentsN', { n: c.assignments_count })})`)
                  .join(', ')
              : '–'}
          </Field>
          <Field label={t('manager.users.coursesTaken')}>{u.enroll_courses_joined_name || '–'}</Field>
          {u.is_private_info ? (
            <>
              <Field label={t('manager.users.school')}>{u.display_attending_type ?? '–'}</Field>
              {u.attending_type && u.attending_type !== 'N' ? (
                <Field label={t('manager.users.grade')}>{u.grade ?? '–'}</Field>
              ) : null}
              <Field label={t('manager.users.address')}>{u.address ?? '–'}</Field>
              <Field label={t('manager.users.birth')}>{u.date_of_birth ?? '–'}</Field>
            </>
          ) : null}
        </SimpleGrid>
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} size="h5" mb="sm">
          {t('manager.users.editTitle')}
        </Title>
        <Stack gap="sm" maw={480}>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="edit-user-role">
              {t('manager.users.role')}
            </Text>
            <SegmentedControl
              aria-labelledby="edit-user-role"
              value={role}
              onChange={(v) => setRole(v as 'I' | 'L')}
              data={[
                { value: 'L', label: t('manager.users.student') },
                { value: 'I', label: t('manager.users.professor') },
              ]}
            />
          </Stack>
          <TextInput
            type="date"
            label={t('manager.users.expire')}
            withAsterisk={role === 'I'}
            description={
              u.maximum_expire_date
                ? t('manager.users.expireMax', { date: u.maximum_expire_date })
                : t('manager.users.expireHelp')
            }
            max={u.maximum_expire_date ?? undefined}
            value={expire}
            onChange={(e) => setExpire(e.currentTarget.value)}
            error={errors.expire_date}
          />
          {u.is_integrated_management ? (
            <Select
              label={t('manager.users.group')}
              clearable
              data={(config?.groups ?? []).map((g) => ({ value: String(g.id), label: g.name }))}
              value={group}
              onChange={setGroup}
              error={errors.group_id}
            />
          ) : null}
          <Group justify="flex-end">
            <Button onClick={() => void save()} loading={update.isPending && !confirming}>
              {t('common.save')}
            </Button>
          </Group>
        </Stack>
        {u.is_active && me?.id !== u.id ? (
          <>
            <Divider my="md" />
            <Group justify="space-between">
              <Text size="sm" c="dimmed">
                {t('manager.users.deactivateHelp')}
              </Text>
              <Button
                color="red"
                variant="outline"
                onClick={() => setConfirming(true)}
                data-testid="deactivate-user"
              >
                {t('manager.users.deactivate')}
              </Button>
            </Group>
          </>
        ) : null}
      </Card>
      <ConfirmModal
        opened={confirming}
        onClose={() => setConfirming(false)}
        onConfirm={() => void deactivate()}
        title={t('manager.users.deactivate')}
        message={t('manager.users.deactivateConfirm', { name: u.name })}
        confirmLabel={t('manager.users.deactivate')}
        loading={update.isPending}
      />
    </Stack>
  );
}
