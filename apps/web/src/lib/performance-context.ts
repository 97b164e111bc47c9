import type { Assignment, Step } from '@pw/contract';
import { useOutletContext } from 'react-router';
import type { CourseContext } from './course-context';

/**
 * What the pages under `/performances` receive from the tab layout (`app/performances/`): the
 * course context (so `useCourseContext` keeps working below that outlet) plus the assignment and
 * its steps. Read by the task information tab and the work, reviewing and report tabs.
 */
export type PerformanceContext = CourseContext & {
  assignment: Assignment;
  steps: Step<string>[];
  current: number;
};

export function usePerformanceContext() {
  return useOutletContext<PerformanceContext>();
}
