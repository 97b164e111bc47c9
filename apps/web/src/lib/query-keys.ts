// Query keys that several features read or invalidate: one place, so no feature imports another
// feature's api files to refresh what it changed.

/** Everything cached about one course (its detail, learners, assignments, posts…). */
export const courseKey = (courseId: number) => ['courses', courseId] as const;
export const courseDetailKey = (courseId: number) => [...courseKey(courseId), 'detail'] as const;
export const learnersKey = (courseId: number) => [...courseKey(courseId), 'learners'] as const;
/** The signed-in user's course lists (side navigation, dashboard). */
export const userCoursesKey = ['user-courses'] as const;
/** Every assignment query of a course starts with this key. */
export const assignmentsKey = (courseId: number) => [...courseKey(courseId), 'assignments'] as const;
/** Every query of one assignment starts with this key (its detail, work, reviews, scores…). */
export const assignmentKey = (courseId: number, assignmentId: number) =>
  [...assignmentsKey(courseId), assignmentId] as const;
