import { Anchor, Center, Group, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { IconArrowLeft } from '../../../components/icons';
import { assignmentQuery, useAssignments } from '../../../lib/assignment-queries';
import { useCourseContext } from '../../../lib/course-context';
import { coursePath, isManagerRole } from '../../../lib/course-mode';
import { notify } from '../../../lib/notify';
import { useCreateAssignment } from '../api/create-assignment';
import { useLastAssignment } from '../api/last-assignment';
import { AssignmentForm, type AssignmentSubmit } from '../components/AssignmentForm';
import { emptyFormValues, formValuesOf } from '../form';
import { reportSaveError } from '../save-errors';

/** Which assignment "import previous" copies: the server's answer, else the newest of the list. */
function useImportSource(courseId: number, enabled: boolean) {
  const last = useLastAssignment(courseId, { enabled });
  const list = useAssignments(courseId);
  const fallback = list.data?.[0]?.id ?? null;
  const ready = !enabled || (last.isFetched && list.isFetched);
  const id = enabled ? (last.data?.id ?? fallback) : null;
  const source = useQuery({ ...assignmentQuery(courseId, id ?? 0), enabled: ready && id !== null });
  return { ready: ready && (id === null || source.isFetched), assignment: source.data ?? null };
}

/**
 * `/assignments/new` (part 2 §2): a blank editor, or with router state `isLastAssignment` the
 * previous assignment's settings (no name, no dates). Instructors and assistants only.
 */
export function AssignmentNewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { courseId, role } = useCourseContext();
  const importing = (location.state as { isLastAssignment?: boolean } | null)?.isLastAssignment === true;
  const create = useCreateAssignment(courseId);
  const source = useImportSource(courseId, importing && isManagerRole(role));
  const told = useRef(false);
  const coursePage = coursePath(courseId, role);

  const initial = useMemo(
    () => (source.assignment ? formValuesOf(source.assignment, { copy: true }) : emptyFormValues()),
    [source.assignment],
  );
  useEffect(() => {
    if (!importing || !source.ready || told.current) return;
    told.current = true;
    notify('import', {
      color: source.assignment ? 'teal' : 'blue',
      message: source.assignment
        ? t('assignments.imported', { name: source.assignment.name })
        : t('assignments.noLast'),
    });
  }, [importing, source.ready, source.assignment, t]);

  if (!isManagerRole(role)) return <Navigate replace to={coursePage} />;
  if (!source.ready) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }

  const onSubmit = async ({ form, files }: AssignmentSubmit) => {
    try {
      // The server keeps the source's rubric reliability with the new assignment.
      if (source.assignment) form.append('imported_from', String(source.assignment.id));
      const created = await create.mutateAsync({ form, files });
      notify('save', { color: 'teal', message: t('assignments.form.created') });
      navigate(coursePath(courseId, role, `assignments/${created.id}`));
      return undefined;
    } catch (error) {
      return reportSaveError(error, t);
    }
  };

  return (
    <Stack gap="lg" maw={960}>
      <Anchor component={Link} to={coursePage} size="sm">
        <Group gap={4}>
          <IconArrowLeft size={14} />
          {t('courses.backToCourse')}
        </Group>
      </Anchor>
      <Title order={1} size="h2">
        {t('assignments.form.newTitle')}
      </Title>
      <AssignmentForm
        key={source.assignment?.id ?? 'blank'}
        mode="create"
        initial={initial}
        submitting={create.isPending}
        cancelTo={coursePage}
        onSubmit={onSubmit}
      />
    </Stack>
  );
}
