import '../manager-texts';
import {
  Anchor,
  Badge,
  Card,
  Center,
  Group,
  Loader,
  Progress,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { formatDateTime } from '../../../lib/dates';
import { useAssignment } from '../api/manager';

/**
 * `/manager/assignments/courses/{courseId}/assignments/{assignmentId}` (part 2 §2): the schedule,
 * how many learners opened the task, and how far each stage has come.
 */
export function AssignmentDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().assignmentId);
  const assignment = useAssignment(id);
  if (assignment.isError) return <Navigate replace to="/manager/assignments" />;
  if (!assignment.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const a = assignment.data;
  return (
    <Stack gap="md" data-testid="manager-assignment-detail">
      <Anchor component={Link} to="/manager/assignments" size="sm">
        ← {t('manager.assignments.title')}
      </Anchor>
      <Group gap="sm">
        <Title order={1} size="h3">
          {a.name}
        </Title>
        <Badge variant="light" color={a.is_completed ? 'gray' : 'indigo'}>
          {t(`stages.${a.stage}`)}
        </Badge>
      </Group>
      <Card withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          <Text size="sm">
            {t('manager.courses.name')}:{' '}
            <Anchor component={Link} to={`/manager/courses/${a.course.id}`} size="sm">
              {a.course.name}
            </Anchor>
          </Text>
          <Text size="sm">
            {t('manager.courses.instructor')}: {a.instructor_name}
          </Text>
          <Text size="sm" data-testid="manager-assignment-checked">
            {t('manager.assignments.checked', { n: a.learners_checked_count, total: a.learners_count })}
          </Text>
        </SimpleGrid>
        {a.description ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {a.description}
          </Text>
        ) : null}
        {a.course_description ? (
          <Text size="xs" c="dimmed" mt="xs" style={{ whiteSpace: 'pre-wrap' }}>
            {a.course_description}
          </Text>
        ) : null}
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} size="h5" mb="sm">
          {t('manager.assignments.schedule')}
        </Title>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">{t('manager.assignments.stage')}</Table.Th>
              <Table.Th scope="col">{t('manager.assignments.start')}</Table.Th>
              <Table.Th scope="col">{t('manager.assignments.end')}</Table.Th>
              <Table.Th scope="col">{t('manager.assignments.progress')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {a.schedule_dates.map((s, i) => {
              const p = a.progresses_summary[i];
              const share = p && p.total > 0 ? Math.round((p.completed / p.total) * 100) : 0;
              return (
                <Table.Tr key={s.stage}>
                  <Table.Th scope="row">{t(`stages.${s.stage}`)}</Table.Th>
                  <Table.Td>
                    {s.start_date ? formatDateTime(s.start_date) : t('manager.assignments.manual')}
                  </Table.Td>
                  <Table.Td>
                    {s.end_date ? formatDateTime(s.end_date) : t('manager.assignments.manual')}
                  </Table.Td>
                  <Table.Td miw={160}>
                    <Text size="xs">
                      {t('manager.assignments.done', { n: p?.completed ?? 0, total: p?.total ?? 0 })}
                    </Text>
                    <Progress
                      value={share}
                      size="sm"
                      aria-label={t('manager.assignments.done', {
                        n: p?.completed ?? 0,
                        total: p?.total ?? 0,
                      })}
                    />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Card>
    </Stack>
  );
}
