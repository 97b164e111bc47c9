import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import type { Assignment } from '@pw/contract';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { ReliabilityCard } from '../../../components/ReliabilityCard';
import { useAssignment } from '../../../lib/assignment-queries';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { useUpdateAssignment } from '../api/update-assignment';
import { AssignmentForm, type AssignmentSubmit } from '../components/AssignmentForm';
import { formValuesOf } from '../form';
import { reportSaveError } from '../save-errors';

function EditForm({ assignment }: { assignment: Assignment }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { courseId, role } = useCourseContext();
  const update = useUpdateAssignment(courseId, assignment.id);
  const detail = coursePath(courseId, role, `assignments/${assignment.id}`);
  // The form starts from the assignment as loaded; a later refetch does not reset what is typed.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by id on purpose
  const initial = useMemo(() => formValuesOf(assignment), [assignment.id]);

  const onSubmit = async ({ form, files, deleteFiles }: AssignmentSubmit) => {
    try {
      await update.mutateAsync({ form, files, deleteFiles });
      notify('save', { color: 'teal', message: t('assignments.form.saved') });
      navigate(detail);
      return undefined;
    } catch (error) {
      return reportSaveError(error, t);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={detail} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('assignments.form.backToAssignment')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('assignments.form.editTitle')}
      </Title>
      {assignment.previous_reliability ? (
        <ReliabilityCard
          standards={assignment.previous_reliability.standards}
          title={t('assignments.form.previousReliability', {
            name: assignment.previous_reliability.assignment_name,
          })}
          hint={t('assignments.form.previousReliabilityHint')}
          testId="previous-reliability"
        />
      ) : null}
      <AssignmentForm
        mode="edit"
        ids={{ courseId, assignmentId: assignment.id }}
        initial={initial}
        editable={assignment.editable}
        existingFiles={assignment.files}
        submitting={update.isPending}
        cancelTo={detail}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}

/** `/assignments/:assignmentId/edit` (instructors and assistants); a failed load goes to the course. */
export function AssignmentEditPage() {
  const { courseId, role } = useCourseContext();
  const assignmentId = Number(useParams().assignmentId);
  const manager = isManagerRole(role);
  const assignment = useAssignment(courseId, assignmentId, { enabled: manager && assignmentId > 0 });
  if (!manager || !(assignmentId > 0) || assignment.isError)
    return <Navigate replace to={coursePath(courseId, role)} />;
  if (assignment.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  return <EditForm assignment={assignment.data} />;
}
