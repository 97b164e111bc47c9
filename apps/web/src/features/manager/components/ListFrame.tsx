import '../manager-texts';
import { Card, Center, Group, Loader, Pagination, ScrollArea, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A manager list's frame: title and actions, filters, the table (or the empty state), the pager. */
export function ListFrame({
  title,
  actions,
  filters,
  count,
  page,
  onPage,
  loading,
  children,
  testId,
}: {
  title: string;
  actions?: ReactNode;
  filters?: ReactNode;
  count: number | undefined;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil((count ?? 0) / 10));
  return (
    <Card withBorder radius="lg" p="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={1} size="h3">
          {title}
        </Title>
        <Group gap="xs">{actions}</Group>
      </Group>
      {filters ? (
        <Group gap="sm" mb="md" wrap="wrap" align="flex-end">
          {filters}
        </Group>
      ) : null}
      {count === undefined && loading ? (
        <Center mih={160} aria-busy="true">
          <Loader />
        </Center>
      ) : count === 0 ? (
        <Text c="dimmed" py="lg" ta="center" data-testid={`${testId}-empty`}>
          {t('manager.empty')}
        </Text>
      ) : (
        <>
          <Text size="sm" c="dimmed" mb="xs" aria-live="polite">
            {t('manager.count', { n: count ?? 0 })}
          </Text>
          <ScrollArea>{children}</ScrollArea>
          {pages > 1 ? (
            <Group justify="center" mt="md">
              <Pagination total={pages} value={page} onChange={onPage} size="sm" />
            </Group>
          ) : null}
        </>
      )}
    </Card>
  );
}
