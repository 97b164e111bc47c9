import { Center, Loader } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { assignmentQuery } from '../lib/assignment-queries';
import { useCourseContext } from '../lib/course-context';
import { coursePath } from '../lib/course-mode';

/**
 * The learner's side of an assignment in the assistant's view: an assistant who takes part in an
 * assignment has a learner's rights in it (the server's `manages` says so), so its management,
 * editor, matching, score, report and work pages in assistant mode send her to her own tabs of
 * it as a learner. Other roles, and assignments she runs, pass through.
 */
export function AssignmentGate() {
  const context = useCourseContext();
  const { courseId, role } = context;
  const assignmentId = Number(useParams().assignmentId);
  const { pathname } = useLocation();
  const check = role === 'assistant' && Number.isInteger(assignmentId) && assignmentId > 0;
  const assignment = useQuery({ ...assignmentQuery(courseId, assignmentId), enabled: check });
  if (check && assignment.isPending) {
    return (
      <Center mih={200} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  if (check && assignment.data?.manages === false) {
    // …/assignments/{id}/performances/{tab}: the same tab; anything else (or someone's work): the task information.
    const [, , section, tab] = pathname.split('/').slice(4);
    const sub =
      section === 'performances' && tab && !/^\d+$/.test(tab) ? `performances/${tab}` : 'performances/info';
    return <Navigate replace to={coursePath(courseId, 'learner', `assignments/${assignmentId}/${sub}`)} />;
  }
  return <Outlet context={context} />;
}
