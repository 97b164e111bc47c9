import '../manager-texts';
import { Anchor, Table } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useCourses } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';
import { GroupFilter, SearchFilter, useFirstPageOnError, useListFilters } from '../components/list-filters';

/** `/manager/courses` (part 2 §2): search (500 ms), the instructor's group, export. */
export function CoursesPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const f = useListFilters(config?.is_integrated_management);
  const query = { q: f.q, instructor__group: f.groupId };
  const list = useCourses({ ...query, page: f.page });
  useFirstPageOnError(list.isError, f.page, f.setPage);
  return (
    <ListFrame
      title={t('manager.courses.title')}
      testId="manager-courses"
      count={list.data?.count}
      page={f.page}
      onPage={f.setPage}
      loading={list.isLoading}
      actions={<ExportButton kind="courses" query={query} />}
      filters={
        <>
          <GroupFilter config={config} value={f.group} onChange={f.setGroup} />
          <SearchFilter label={t('manager.courses.search')} value={f.text} onChange={f.setText} />
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
