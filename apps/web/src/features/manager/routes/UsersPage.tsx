import '../manager-texts';
import { Anchor, Badge, Button, SegmentedControl, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconSearch, IconUserPlus } from '../../../components/icons';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useUsers } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';
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
  const [group, setGroup] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 500);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    profile__role: category === 'I' || category === 'L' ? category : undefined,
    is_active: category === 'inactive' ? ('false' as const) : undefined,
    last_login__gt: recent ? daysAgo(RECENT[recent]) : undefined,
    group: config?.is_integrated_management && group ? Number(group) : undefined,
  };
  const list = useUsers({ ...query, page });
  // A filter change starts again at page 1; a failed page does too (part 2 §8).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [category, recent, group, q]);
  useEffect(() => {
    if (list.isError && page !== 1) setPage(1);
  }, [list.isError, page]);

  return (
    <ListFrame
      title={t('manager.users.title')}
      testId="manager-users"
      count={list.data?.count}
      page={page}
      onPage={setPage}
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
          {config?.is_integrated_management ? (
            <Select
              w={170}
              aria-label={t('manager.users.group')}
              placeholder={t('manager.users.group')}
              clearable
              value={group}
              onChange={setGroup}
              data={config.groups.map((g) => ({ value: String(g.id), label: g.name }))}
            />
          ) : null}
          <TextInput
            type="search"
            w={240}
            leftSection={<IconSearch size={14} />}
            aria-label={t('manager.users.search')}
            placeholder={t('manager.users.search')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
            data-testid="manager-users-search"
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
