import { Card, Loader, Stack, Switch, Text, Title } from '@mantine/core';
import type { NotificationKind } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { notify } from '../../../lib/notify';
import { useNotificationSettings, useUpdateNotificationSettings } from '../api/notifications';

/**
 * My page: which kinds of notification also come by mail (the bell always shows them); only the
 * kinds this person can receive (a learner is not asked about the instructor's digest).
 */
export function MailSettingsCard() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  const toggle = (kind: NotificationKind, on: boolean) =>
    update.mutate(
      { [kind]: on },
      { onSuccess: () => notify('save', { color: 'teal', message: t('notifications.saved') }) },
    );
  return (
    <Card withBorder radius="lg" p="lg" data-testid="mail-settings">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('notifications.mailSettings')}
        </Title>
        <Text size="sm" c="dimmed">
          {t('notifications.mailSettingsHint')}
        </Text>
        {settings.data ? (
          settings.data.kinds.map((kind) => (
            <Switch
              key={kind}
              label={t(`notifications.kinds.${kind}`)}
              checked={settings.data.mail[kind] ?? true}
              onChange={(e) => toggle(kind, e.currentTarget.checked)}
              disabled={update.isPending}
            />
          ))
        ) : (
          <Loader size="sm" aria-label={t('app.loading')} />
        )}
      </Stack>
    </Card>
  );
}
