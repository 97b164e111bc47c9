import '../manager-texts';
import { Anchor, Badge, Card, Center, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { formatDate } from '../../../lib/dates';
import { useCourse } from '../api/manager';

/** `/manager/courses/{courseId}` (part 2 §2): the course, its assignments, and its active learners only. */
export function CourseDetailPage() {
  const { t } = useTranslation();
  const id = Number(useParams().courseId);
  const course = useCourse(id);
  if (course.isError) return <Navigate replace to="/manager/courses" />;
  if (!course.data) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const c = course.data;
  return (
    <Stack gap="md" data-testid="manager-course-detail">
      <Anchor component={Link} to="/manager/courses" size="sm">
        ← {t('manager.courses.title')}
      </Anchor>
      <Title order={1} size="h3">
        {c.name}
      </Title>
      <Card withBorder radius="lg" p="lg">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <Text size="sm">
            {t('manager.courses.instructor')}: {c.instructor.name} ({c.instructor.email})
          </Text>
          <Text size="sm">
            {t('manager.courses.code')}: {c.code}
          </Text>
          <Text size="sm">
            {t('manager.courses.created')}: {formatDate(c.created_at)}
          </Text>
          <Text size="sm">{c.is_open ? t('manager.courses.open') : t('manager.courses.closed')}</Text>
        </SimpleGrid>
        {c.description ? (
          <Text size="sm" mt="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {c.description}
          </Text>
        ) : null}
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} size="h5" mb="sm">
          {t('manager.courses.assignments')}
        </Title>
        {c.assignments.length === 0 ? (
          <Text c="dimmed" size="sm" data-testid="manager-course-no-assignments">
            {t('manager.courses.noAssignments')}
          </Text>
        ) : (
          <Stack gap={4}>
            {c.assignments.map((a) => (
              <Anchor
                key={a.id}
                component={Link}
                to={`/manager/assignments/courses/${c.id}/assignments/${a.id}`}
                size="sm"
              >
                {a.name}{' '}
                <Badge size="xs" variant="light" color={a.is_completed ? 'gray' : 'indigo'}>
                  {t(`stages.${a.stage}`)}
                </Badge>
              </Anchor>
            ))}
          </Stack>
        )}
      </Card>
      <Card withBorder radius="lg" p="lg">
        <Title order={2} size="h5" mb="sm">
          {t('manager.courses.learnersTitle', { n: c.learners.length })}
        </Title>
        {c.learners.length === 0 ? (
          <Text c="dimmed" size="sm">
            {t('manager.courses.noLearners')}
          </Text>
        ) : (
          <Table striped data-testid="manager-course-learners">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('manager.users.name')}</Table.Th>
                <Table.Th scope="col">{t('manager.users.email')}</Table.Th>
                <Table.Th scope="col">{t('manager.courses.studentId')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.learners.map((l) => (
                <Table.Tr key={l.id}>
                  <Table.Th scope="row">{l.name}</Table.Th>
                  <Table.Td>{l.email}</Table.Td>
                  <Table.Td>{l.code}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>
    </Stack>
  );
}
