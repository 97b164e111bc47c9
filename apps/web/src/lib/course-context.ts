import type { Course, CourseRole, CourseRoleInfo } from '@pw/contract';
import { useOutletContext } from 'react-router';
import { isAssistantMode } from './course-mode';

/** What every page under `/courses/:courseId/:role` receives from the gate. */
export type CourseContext = {
  courseId: number;
  role: CourseRole;
  course: Course;
  info: CourseRoleInfo;
};

export function useCourseContext(): CourseContext {
  return useOutletContext<CourseContext>();
}

/** Whether the user may view the course as `role` (part 1 §2, §4). */
export function holdsRole(role: CourseRole, info: CourseRoleInfo, course: Course, courseId: number): boolean {
  if (role === 'instructor') return info.is_instructor;
  if (role === 'assistant') return info.is_assistant && isAssistantMode(courseId);
  // The instructor of a course they also take part in may switch to the student view.
  return info.is_learner || (info.is_instructor && course.is_instructor_learner);
}
