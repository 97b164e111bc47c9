import { Badge, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import type { Notification } from '@pw/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useNotifications, useReadAllNotifications, useReadNotification } from '../api/notifications';

function Entry({ n, onOpen }: { n: Notification; onOpen: (n: Notification) => void }) {
  const { t, i18n } = useTranslation();
  const unread = n.read_at === null;
  const when = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ko-KR', {
    dateStyle: 'medium',
    timeStyle: 'short',
  }).format(new Date(n.created_at));
  return (
    <Card
      component={Link}
      to={n.link}
      onClick={() => onOpen(n)}
      withBorder
      padding="sm"
      radius="md"
      data-testid="notification"
      data-unread={unread}
      style={{
        borderLeft: unread ? '4px solid var(--mantine-primary-color-filled)' : undefined,
        width: '100%',
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text fw={unread ? 700 : 500}>{n.title}</Text>
          <Text size="sm" c="dimmed">
            {n.body}
          </Text>
        </Stack>
        <Stack gap={4} align="flex-end" style={{ flexShrink: 0 }}>
          {unread ? (
            <Badge size="sm" variant="light">
              {t('notifications.unread')}
            </Badge>
          ) : null}
          <Text size="xs" c="dimmed">
            {when}
          </Text>
        </Stack>
      </Group>
    </Card>
  );
}

/** `/notifications`: the bell's list, newest first; an entry opens its screen and is read. */
export function NotificationsPage() {
  const { t } = useTranslation();
  const list = useNotifications();
  const read = useReadNotification();
  const readAll = useReadAllNotifications();
  const items = list.data?.pages.flatMap((p) => p.results) ?? [];
  const unread = list.data?.pages[0]?.unread ?? 0;
  // The entry is a link to its screen; following it marks it read.
  const open = (n: Notification) => {
    if (n.read_at === null) read.mutate(n.id);
  };
  return (
    <Stack gap="md" maw={760}>
      <Group justify="space-between">
        <Title order={1} size="h2">
          {t('notifications.title')}
        </Title>
        <Button
          variant="default"
          onClick={() => readAll.mutate()}
          disabled={unread === 0}
          loading={readAll.isPending}
        >
          {t('notifications.readAll')}
        </Button>
      </Group>
      {list.isPending ? (
        <Loader aria-label={t('app.loading')} />
      ) : list.isError ? (
        <Text c="red">{t('common.permissionDenied')}</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed" data-testid="notifications-empty">
          {t('notifications.empty')}
        </Text>
      ) : (
        <Stack gap="xs">
          {items.map((n) => (
            <Entry key={n.id} n={n} onOpen={open} />
          ))}
          {list.hasNextPage ? (
            <Button variant="subtle" onClick={() => list.fetchNextPage()} loading={list.isFetchingNextPage}>
              {t('notifications.more')}
            </Button>
          ) : null}
        </Stack>
      )}
      <Text size="sm" c="dimmed">
        {t('notifications.settingsHint')}
      </Text>
    </Stack>
  );
}
