import '../manager-texts';
import { Anchor, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconSearch } from '../../../components/icons';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useCourses } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';

/** `/manager/courses` (part 2 §2): search (500 ms), the instructor's group, export. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 500);
  const [group, setGroup] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    instructor__group: config?.is_integrated_management && group ? Number(group) : undefined,
  };
  const list = useCourses({ ...query, page });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [q, group]);
  useEffect(() => {
    if (list.isError && page !== 1) setPage(1);
  }, [list.isError, page]);
  return (
    <ListFrame
      title={t('manager.courses.title')}
      testId="manager-courses"
      count={list.data?.count}
      page={page}
      onPage={setPage}
      loading={list.isLoading}
      actions={<ExportButton kind="courses" query={query} />}
      filters={
        <>
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
            w={260}
            leftSection={<IconSearch size={14} />}
            aria-label={t('manager.courses.search')}
            placeholder={t('manager.courses.search')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
        </>
      }
    >
      <Table striped highlightOnHover miw={720}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('manager.courses.name')}</Table.Th>
            <Table.Th scope="col">{t('manager.courses.instructor')}</Table.Th>
            {config?.is_integrated_management ? (
              <Table.Th scope="col">{t('manager.users.group')}</Table.Th>
            ) : null}
            <Table.Th scope="col" ta="right">
              {t('manager.courses.learners')}
            </Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manager.courses.assignments')}
            </Table.Th>
            <Table.Th scope="col">{t('manager.courses.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.results ?? []).map((c) => (
            <Table.Tr key={c.id}>
              <Table.Th scope="row">
                <Anchor component={Link} to={`/manager/courses/${c.id}`} size="sm">
                  {c.name}
                </Anchor>
              </Table.Th>
              <Table.Td>{c.instructor_name}</Table.Td>
              {config?.is_integrated_management ? <Table.Td>{c.group_name ?? '–'}</Table.Td> : null}
              <Table.Td ta="right">{c.learners_count}</Table.Td>
              <Table.Td ta="right">
                {c.completed_assignments_count} / {c.assignments_count}
              </Table.Td>
              <Table.Td>{formatDate(c.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListFrame>
  );
}
