import '../manager-texts';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Anchor,
  Button,
  Card,
  Group,
  PasswordInput,
  SegmentedControl,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { LIMITS, managerUserCreateSchema } from '@pw/contract';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { applyFieldErrors, fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useConfiguration } from '../../../lib/session/configuration';
import { useCreateUser } from '../api/manager';

type Values = z.input<typeof managerUserCreateSchema>;
const EMPTY: Values = {
  email: '',
  name: '',
  password: '',
  passwordCheck: '',
  role: 'L',
  expire_date: '',
  group_id: null,
};

/**
 * `/manager/users/new` (part 2 §5 new manager user): email, name, password twice, role, the
 * expiry (required for instructors, no later than the organisation's own), the group with
 * integrated management. 406 says the email is taken; success "user information is stored".
 */
export function UserNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { data: config } = useConfiguration();
  const create = useCreateUser();
  const form = useForm<Values>({ resolver: zodResolver(managerUserCreateSchema), defaultValues: EMPTY });
  const role = form.watch('role');
  const err = (name: keyof Values) => {
    const message = form.formState.errors[name]?.message;
    return message ? t(message, { max: LIMITS.nameMax }) : undefined;
  };
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { id } = await create.mutateAsync({ ...values, expire_date: values.expire_date || null });
      notify('manager', { color: 'teal', message: t('manager.users.saved') });
      navigate(`/manager/users/${id}`);
    } catch (error) {
      applyFieldErrors(form.setError, fieldErrorsOf(error), [
        'email',
        'name',
        'password',
        'passwordCheck',
        'role',
        'expire_date',
        'group_id',
      ]);
      const duplicate = error instanceof ApiError && error.status === 406;
      notify('manager', {
        color: 'yellow',
        message: duplicate ? t('manager.users.duplicate') : t('common.wrongRequest'),
      });
    }
  });

  return (
    <Stack gap="md" maw={640} data-testid="manager-user-new">
      <Anchor component={Link} to="/manager/users" size="sm">
        ← {t('manager.users.title')}
      </Anchor>
      <Title order={1} size="h3">
        {t('manager.users.newTitle')}
      </Title>
      <Card withBorder radius="lg" p="lg">
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="sm">
            <TextInput
              type="email"
              label={t('manager.users.email')}
              withAsterisk
              error={err('email')}
              {...form.register('email')}
            />
            <TextInput
              label={t('manager.users.name')}
              withAsterisk
              maxLength={LIMITS.nameMax}
              error={err('name')}
              {...form.register('name')}
            />
            <PasswordInput
              label={t('manager.users.password')}
              withAsterisk
              error={err('password')}
              {...form.register('password')}
            />
            <PasswordInput
              label={t('manager.users.passwordCheck')}
              withAsterisk
              error={err('passwordCheck')}
              {...form.register('passwordCheck')}
            />
            <Controller
              control={form.control}
              name="role"
              render={({ field }) => (
                <Stack gap={4}>
                  <Text size="sm" fw={500} id="new-user-role">
                    {t('manager.users.role')}
                  </Text>
                  <SegmentedControl
                    aria-labelledby="new-user-role"
                    value={field.value}
                    onChange={field.onChange}
                    data={[
                      { value: 'L', label: t('manager.users.student') },
                      { value: 'I', label: t('manager.users.professor') },
                    ]}
                  />
                </Stack>
              )}
            />
            <TextInput
              type="date"
              label={t('manager.users.expire')}
              description={
                config?.expire_date
                  ? t('manager.users.expireMax', { date: config.expire_date })
                  : t('manager.users.expireHelp')
              }
              withAsterisk={role === 'I'}
              max={config?.expire_date ?? undefined}
              error={err('expire_date')}
              {...form.register('expire_date')}
            />
            {config?.is_integrated_management ? (
              <Controller
                control={form.control}
                name="group_id"
                render={({ field }) => (
                  <Select
                    label={t('manager.users.group')}
                    clearable
                    data={config.groups.map((g) => ({ value: String(g.id), label: g.name }))}
                    value={field.value == null ? null : String(field.value)}
                    onChange={(v) => field.onChange(v ? Number(v) : null)}
                    error={err('group_id')}
                  />
                )}
              />
            ) : null}
            <Group justify="flex-end">
              <Button type="submit" loading={create.isPending}>
                {t('manager.users.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
    </Stack>
  );
}
