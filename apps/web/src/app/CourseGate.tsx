import { Center, Loader } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { CourseRole } from '@pw/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { courseQuery } from '../features/courses/api/course';
import { courseRoleQuery } from '../features/courses/api/course-role';
import { ApiError } from '../lib/api-error';
import { assignmentQuery } from '../lib/assignment-queries';
import { type CourseContext, holdsRole, useCourseContext } from '../lib/course-context';
import { coursePath } from '../lib/course-mode';
import { useDeferredResult } from '../lib/deferred-result';
import { useShell } from './shell/shell-context';

/**
 * Loads the course and the user's roles for every course page: a course that fails to load goes
 * to /404 (a withdrawn learner also sees why), a role the user lacks goes home, and an assistant
 * without assistant mode switched on in this sign-in sees the student view. While a course page
 * is open the side menu takes the role's colour and the phone top bar the course name.
 */
export function CourseGate() {
  const { t } = useTranslation();
  const params = useParams();
  const location = useLocation();
  const courseId = Number(params.courseId);
  const role = params.role as CourseRole;
  const valid = Number.isInteger(courseId) && courseId > 0;
  // The page under the gate renders in a background render React slices (lib/deferred-result.ts).
  const roleInfo = useDeferredResult(useQuery({ ...courseRoleQuery(courseId), enabled: valid }));
  const course = useDeferredResult(useQuery({ ...courseQuery(courseId), enabled: valid }));
  const { setSideRole, setCourseName } = useShell();
  const error = roleInfo.error ?? course.error;
  const withdrawn = error instanceof ApiError && error.code === 'course_withdrawn';
  const name = course.data?.name ?? null;

  useEffect(() => {
    if (withdrawn)
      notifications.show({ id: 'course-withdrawn', color: 'red', message: t('courses.withdrawn') });
  }, [withdrawn, t]);
  useEffect(() => setCourseName(name), [name, setCourseName]);
  useEffect(() => setSideRole(role), [role, setSideRole]);
  useEffect(
    () => () => {
      setCourseName(null);
      setSideRole('learner');
    },
    [setCourseName, setSideRole],
  );

  if (!valid || error) return <Navigate replace to="/404" />;
  if (!roleInfo.data || !course.data) {
    return (
      <Center mih={240} aria-busy="true">
        <Loader />
      </Center>
    );
  }
  const info = roleInfo.data;
  if (!holdsRole(role, info, course.data, courseId)) {
    if (role === 'assistant' && info.is_assistant) {
      const rest = location.pathname.split('/').slice(4).join('/');
      return <Navigate replace to={coursePath(courseId, 'learner', rest)} />;
    }
    return <Navigate replace to="/" />;
  }
  const context: CourseContext = { courseId, role, course: course.data, info };
  return <Outlet key={`${courseId}-${role}`} context={context} />;
}

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
  const assignment = useDeferredResult(
    useQuery({ ...assignmentQuery(courseId, assignmentId), enabled: check }),
  );
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
