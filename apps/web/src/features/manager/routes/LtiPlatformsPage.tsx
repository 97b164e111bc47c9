import '../manager-texts';
import '@mantine/core/styles/Code.css';
import {
  ActionIcon,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import { type LtiPlatformView, ltiPlatformInputSchema } from '@pw/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/ConfirmModal';
import { IconCheck, IconCopy, IconTrash } from '../../../components/icons';
import { fieldErrorsOf } from '../../../lib/form-errors';
import { notify } from '../../../lib/notify';
import { useLtiPlatforms, useRemoveLtiPlatform, useSaveLtiPlatform } from '../api/manager';

const FIELDS = [
  'issuer',
  'client_id',
  'deployment_ids',
  'login_url',
  'token_url',
  'jwks_url',
  'frame_origins',
] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const EMPTY: Values = {
  issuer: '',
  client_id: '',
  deployment_ids: '',
  login_url: '',
  token_url: '',
  jwks_url: '',
  frame_origins: '',
};
/** Fields typed as one comma-separated line that the API takes as lists. */
const LISTS: readonly Field[] = ['deployment_ids', 'frame_origins'];
const splitList = (value: string) =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/** One of the tool's URLs, with a button that copies it. */
function ToolUrl({ label, value }: { label: string; value: string }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Code style={{ overflowWrap: 'anywhere' }}>{value}</Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? t('manager.lti.copied') : t('manager.lti.copy')} withArrow>
              <ActionIcon
                variant="subtle"
                onClick={copy}
                aria-label={`${t('manager.lti.copy')}: ${label}`}
                color={copied ? 'teal' : 'gray'}
              >
                {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/** A registration: what the LMS sent, and its removal. */
function PlatformCard({ platform, onRemove }: { platform: LtiPlatformView; onRemove: () => void }) {
  const { t } = useTranslation();
  const rows: [string, string][] = [
    [t('manager.lti.client_id'), platform.client_id],
    [t('manager.lti.deployment_ids'), platform.deployment_ids.join(', ')],
    [t('manager.lti.login_url'), platform.login_url],
    [t('manager.lti.token_url'), platform.token_url],
    [t('manager.lti.jwks_url'), platform.jwks_url],
  ];
  if (platform.frame_origins.length)
    rows.push([t('manager.lti.frame_origins'), platform.frame_origins.join(', ')]);
  return (
    <Card withBorder radius="lg" p="md" data-testid="lti-platform">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
          {platform.issuer}
        </Title>
        <Button
          variant="subtle"
          color="red"
          size="xs"
          leftSection={<IconTrash size={14} />}
          onClick={onRemove}
          aria-label={`${t('manager.lti.remove')}: ${platform.issuer}`}
        >
          {t('manager.lti.remove')}
        </Button>
      </Group>
      <Stack gap={4} mt="xs" component="dl" style={{ margin: 0 }}>
        {rows.map(([label, value]) => (
          <Group key={label} gap="xs" wrap="wrap" align="baseline">
            <Text component="dt" size="sm" c="dimmed" miw={140}>
              {label}
            </Text>
            <Text component="dd" size="sm" m={0} style={{ overflowWrap: 'anywhere' }}>
              {value}
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  );
}

/**
 * `/manager/lti`: the organisation's LMS registrations (LTI 1.3). The tool's URLs to enter in
 * the LMS, the registrations with their removal (after a confirmation), and a form that adds one
 * from what the LMS shows for the tool (docs/lti.md says where each LMS shows it).
 */
export function LtiPlatformsPage() {
  const { t } = useTranslation();
  const list = useLtiPlatforms();
  const save = useSaveLtiPlatform();
  const remove = useRemoveLtiPlatform();
  const [values, setValues] = useState<Values>(EMPTY);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [removing, setRemoving] = useState<LtiPlatformView | null>(null);

  const set = (field: Field) => (event: React.ChangeEvent<HTMLInputElement>) => {
    const value = event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
  };
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const body = Object.fromEntries(
      FIELDS.map((f) => [f, LISTS.includes(f) ? splitList(values[f]) : values[f].trim()]),
    );
    const parsed = ltiPlatformInputSchema.safeParse(body);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??= t(issue.message, { max: 2000 });
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(parsed.data);
      setValues(EMPTY);
      notify('manager', { color: 'teal', message: t('manager.lti.saved') });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      const found: Partial<Record<Field, string>> = {};
      for (const [name, messages] of Object.entries(fields ?? {})) {
        const field = name.split('.')[0] as Field;
        if (FIELDS.includes(field)) found[field] ??= messages.join(' ');
      }
      setErrors(found);
      notify('manager', { color: 'yellow', message: t('common.wrongRequest') });
    }
  };
  const onRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.id);
      notify('manager', { color: 'teal', message: t('manager.lti.removed') });
    } catch {
      notify('manager', { color: 'yellow', message: t('common.wrongRequest') });
    } finally {
      setRemoving(null);
    }
  };

  const field = (name: Field, required = true) => (
    <TextInput
      label={t(`manager.lti.${name}`)}
      description={t(`manager.lti.${name}Hint`)}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      required={required}
      autoComplete="off"
      data-testid={`lti-${name}`}
    />
  );

  return (
    <Stack gap="md" data-testid="manager-lti">
      <Title order={1} size="h3">
        {t('manager.lti.title')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('manager.lti.intro')}
      </Text>
      <Card withBorder radius="lg" p="md">
        <Title order={2} size="h4" mb="xs">
          {t('manager.lti.toolTitle')}
        </Title>
        {list.data ? (
          <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
            <ToolUrl label={t('manager.lti.toolLogin')} value={list.data.tool.login_url} />
            <ToolUrl label={t('manager.lti.toolLaunch')} value={list.data.tool.launch_url} />
            <ToolUrl label={t('manager.lti.toolJwks')} value={list.data.tool.jwks_url} />
          </SimpleGrid>
        ) : (
          <Loader size="sm" aria-label={t('app.loading')} />
        )}
      </Card>
      <Title order={2} size="h4">
        {t('manager.lti.listTitle')}
      </Title>
      {list.isLoading ? (
        <Loader size="sm" aria-label={t('app.loading')} />
      ) : list.data && list.data.platforms.length > 0 ? (
        <Stack gap="sm">
          {list.data.platforms.map((p) => (
            <PlatformCard key={p.id} platform={p} onRemove={() => setRemoving(p)} />
          ))}
        </Stack>
      ) : (
        <Text size="sm" c="dimmed" data-testid="lti-empty">
          {t('manager.lti.empty')}
        </Text>
      )}
      <Card withBorder radius="lg" p="md" component="section" aria-labelledby="lti-add-title">
        <Title order={2} size="h4" mb="xs" id="lti-add-title">
          {t('manager.lti.addTitle')}
        </Title>
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <Stack gap="sm">
            {field('issuer')}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {field('client_id')}
              {field('deployment_ids')}
            </SimpleGrid>
            {field('login_url')}
            {field('token_url')}
            {field('jwks_url')}
            {field('frame_origins', false)}
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} data-testid="lti-save">
                {t('manager.lti.save')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      <ConfirmModal
        opened={removing !== null}
        onClose={() => setRemoving(null)}
        onConfirm={() => void onRemove()}
        title={t('manager.lti.removeTitle')}
        message={t('manager.lti.removeConfirm', { issuer: removing?.issuer ?? '' })}
        confirmLabel={t('manager.lti.remove')}
        loading={remove.isPending}
      />
    </Stack>
  );
}
