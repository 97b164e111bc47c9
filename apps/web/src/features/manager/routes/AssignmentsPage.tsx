import '../manager-texts';
import { Anchor, Badge, SegmentedControl, Table } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useAssignments } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';
import { GroupFilter, SearchFilter, useFirstPageOnError, useListFilters } from '../components/list-filters';

type State = 'all' | 'running' | 'complete';

/** `/manager/assignments` (part 2 §2): running or complete, search (500 ms), the instructor's group, export. */
export function AssignmentsPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const [state, setState] = useState<State>('all');
  const f = useListFilters(config?.is_integrated_management, [state]);
  const query = {
    q: f.q,
    complete: state === 'all' ? undefined : state === 'complete' ? ('true' as const) : ('false' as const),
    course__instructor__group: f.groupId,
  };
  const list = useAssignments({ ...query, page: f.page });
  useFirstPageOnError(list.isError, f.page, f.setPage);
  return (
    <ListFrame
      title={t('manager.assignments.title')}
      testId="manager-assignments"
      count={list.data?.count}
      page={f.page}
      onPage={f.setPage}
      loading={list.isLoading}
      actions={<ExportButton kind="assignments" query={query} />}
      filters={
        <>
          <SegmentedControl
            value={state}
            onChange={(v) => setState(v as State)}
            aria-label={t('manager.assignments.state')}
            data={[
              { value: 'all', label: t('manager.assignments.all') },
              { value: 'running', label: t('manager.assignments.running') },
              { value: 'complete', label: t('manager.assignments.complete') },
            ]}
          />
          <GroupFilter config={config} value={f.group} onChange={f.setGroup} />
          <SearchFilter label={t('manager.assignments.search')} value={f.text} onChange={f.setText} />
        </>
      }
    >
      <Table striped highlightOnHover miw={760}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('manager.assignments.name')}</Table.Th>
            <Table.Th scope="col">{t('manager.courses.name')}</Table.Th>
            <Table.Th scope="col">{t('manager.courses.instructor')}</Table.Th>
            <Table.Th scope="col">{t('manager.assignments.stage')}</Table.Th>
            <Table.Th scope="col" ta="right">
              {t('manager.courses.learners')}
            </Table.Th>
            <Table.Th scope="col">{t('manager.courses.created')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {(list.data?.results ?? []).map((a) => (
            <Table.Tr key={a.id}>
              <Table.Th scope="row">
                <Anchor
                  component={Link}
                  to={`/manager/assignments/courses/${a.course.id}/assignments/${a.id}`}
                  size="sm"
                >
                  {a.name}
                </Anchor>
                {a.is_public ? null : (
                  <Badge size="xs" color="gray" variant="light" ml={4}>
                    {t('manager.assignments.private')}
                  </Badge>
                )}
              </Table.Th>
              <Table.Td>{a.course.name}</Table.Td>
              <Table.Td>{a.instructor_name}</Table.Td>
              <Table.Td>
                <Badge size="sm" variant="light" color={a.is_completed ? 'gray' : 'indigo'}>
                  {t(`stages.${a.stage}`)}
                </Badge>
              </Table.Td>
              <Table.Td ta="right">{a.learners_count}</Table.Td>
              <Table.Td>{formatDate(a.created_at)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ListFrame>
  );
}
