import '../manager-texts';
import { Anchor, Badge, Button, SegmentedControl, Select, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconUserPlus } from '../../../components/icons';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useUsers } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';
import { GroupFilter, SearchFilter, useFirstPageOnError, useListFilters } from '../components/list-filters';
import { UserStateBadge } from '../components/UserStateBadge';

type Category = 'all' | 'L' | 'I' | 'inactive';
const RECENT = { '1w': 7, '2w': 14, '1m': 30, '2m': 60 } as const;

/** YYYY-MM-DD of `days` days ago (the recent-login filter's lower bound). */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

/**
 * `/manager/users` (part 2 §2): categories all, student, professor, inactive; the recent-login
 * filter; the group filter with integrated management; search debounced 500 ms; a list error
 * goes back to page 1; export; add.
 */
export function UsersPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const [category, setCategory] = useState<Category>('all');
  const [recent, setRecent] = useState<keyof typeof RECENT | null>(null);
  // A filter change starts again at page 1; a failed page does too (part 2 §8).
  const f = useListFilters(config?.is_integrated_management, [category, recent]);
  const query = {
    q: f.q,
    profile__role: category === 'I' || category === 'L' ? category : undefined,
    is_active: category === 'inactive' ? ('false' as const) : undefined,
    last_login__gt: recent ? daysAgo(RECENT[recent]) : undefined,
    group: f.groupId,
  };
  const list = useUsers({ ...query, page: f.page });
  useFirstPageOnError(list.isError, f.page, f.setPage);

  return (
    <ListFrame
      title={t('manager.users.title')}
      testId="manager-users"
      count={list.data?.count}
      page={f.page}
      onPage={f.setPage}
      loading={list.isLoading}
      actions={
        <>
          <ExportButton kind="users" query={query} />
          <Button component={Link} to="/manager/users/new" leftSection={<IconUserPlus size={16} />}>
            {t('manager.users.add')}
          </Button>
        </>
      }
      filters={
        <>
          <SegmentedControl
            maw="100%"
            value={category}
            onChange={(v) => setCategory(v as Category)}
            aria-label={t('manager.users.category')}
            data={[
              { value: 'all', label: t('manager.users.all') },
              { value: 'L', label: t('manager.users.students') },
              { value: 'I', label: t('manager.users.professors') },
              { value: 'inactive', label: t('manager.users.inactive') },
            ]}
          />
          <Select
            w={170}
            aria-label={t('manager.users.recent')}
            placeholder={t('manager.users.recent')}
            clearable
            value={recent}
            onChange={(v) => setRecent(v as keyof typeof RECENT | null)}
            data={(Object.keys(RECENT) as (keyof typeof RECENT)[]).map((k) => ({
              value: k,
              label: t(`manager.users.recentOptions.${k}`),
            }))}
          />
          <GroupFilter config={config} value={f.group} onChange={f.setGroup} />
          <SearchFilter
            label={t('manager.users.search')}
            w={240}
            value={f.text}
            onChange={f.setText}
            testId="manager-users-search"
          />
        </>
      }
    >
      <Table striped highlightOnHover miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('manager.users.name')}</Table.Th>
            <Table.Th scope="col">{t('manager.users.email')}</Table.Th>
            <Table.Th scope="col">{t('manager.users.role')}</Table.Th>
            {config?.is_integrated_management ? (
              <Table.Th scope="col">{t('manager.users.group')}</Table.Th>
            ) : null}
            <Table.Th scope="col">{t('manager.users.lastLogin')}</Table.Th>
            <Table.Th scope="col">{t('manager.users.joined')}</Table.Th>
            <Table.Th scope="col">{t('manager.users.expire')}</Table.Th>
            <Table.Th scope="col">{t('manager.users.state')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.results ?? []).map((u) => (
            <Table.Tr key={u.id} data-testid={`manager-user-${u.id}`}>
              <Table.Th scope="row">
                <Anchor component={Link} to={`/manager/users/${u.id}`} size="sm">
                  {u.name}
                </Anchor>
              </Table.Th>
              <Table.Td>{u.email}</Table.Td>
              <Table.Td>
                {u.role.display}
                {u.is_staff ? (
                  <Badge size="xs" ml={4} variant="light">
                    {t('manager.users.staff')}
                  </Badge>
                ) : null}
              </Table.Td>
              {config?.is_integrated_management ? <Table.Td>{u.group?.name ?? '–'}</Table.Td> : null}
              <Table.Td>{u.last_login ? formatDate(u.last_login) : '–'}</Table.Td>
              <Table.Td>{formatDate(u.date_joined)}</Table.Td>
              <Table.Td>{u.expire_date ?? '–'}</Table.Td>
              <Table.Td>
                <UserStateBadge user={u} size="sm" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListFrame>
  );
}
