import '../manager-texts';
import { Anchor, Badge, SegmentedControl, Select, Table, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconSearch } from '../../../components/icons';
import { formatDate } from '../../../lib/dates';
import { useConfiguration } from '../../../lib/session/configuration';
import { useAssignments } from '../api/manager';
import { ExportButton } from '../components/ExportButton';
import { ListFrame } from '../components/ListFrame';

type State = 'all' | 'running' | 'complete';

/** `/manager/assignments` (part 2 §2): running or complete, search (500 ms), the instructor's group, export. */
export function AssignmentsPage() {
  const { t } = useTranslation();
  const { data: config } = useConfiguration();
  const [state, setState] = useState<State>('all');
  const [text, setText] = useState('');
  const [q] = useDebouncedValue(text.trim(), 500);
  const [group, setGroup] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const query = {
    q: q || undefined,
    complete: state === 'all' ? undefined : state === 'complete' ? ('true' as const) : ('false' as const),
    course__instructor__group: config?.is_integrated_management && group ? Number(group) : undefined,
  };
  const list = useAssignments({ ...query, page });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filters are the trigger
  useEffect(() => setPage(1), [q, group, state]);
  useEffect(() => {
    if (list.isError && page !== 1) setPage(1);
  }, [list.isError, page]);
  return (
    <ListFrame
      title={t('manager.assignments.title')}
      testId="manager-assignments"
      count={list.data?.count}
      page={page}
      onPage={setPage}
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
            aria-label={t('manager.assignments.search')}
            placeholder={t('manager.assignments.search')}
            value={text}
            onChange={(e) => setText(e.currentTarget.value)}
          />
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
