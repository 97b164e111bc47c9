// The courses module's endpoints (schemas in ./schemas.ts under the same names).

export const listUserCourses = { name: 'listUserCourses', method: 'GET', path: '/users/course/' } as const;
export const getDashboard = { name: 'getDashboard', method: 'GET', path: '/users/dashboard/' } as const;
export const listCourses = { name: 'listCourses', method: 'GET', path: '/courses/' } as const;
export const listCoursePages = { name: 'listCoursePages', method: 'GET', path: '/courses/pages/' } as const;
/** Multipart: the fields are the schemas' `form`. */
export const createCourse = { name: 'createCourse', method: 'POST', path: '/courses/', status: 201 } as const;
export const getCourse = { name: 'getCourse', method: 'GET', path: '/courses/:id/' } as const;
/** Multipart: the fields are the schemas' `form`. */
export const updateCourse = { name: 'updateCourse', method: 'PATCH', path: '/courses/:id/' } as const;
export const deleteCourse = {
  name: 'deleteCourse',
  method: 'DELETE',
  path: '/courses/:id/',
  status: 204,
} as const;
export const getCourseRole = { name: 'getCourseRole', method: 'GET', path: '/courses/:id/role/' } as const;
export const listLearners = { name: 'listLearners', method: 'GET', path: '/courses/:id/learners/' } as const;
export const countLearners = {
  name: 'countLearners',
  method: 'GET',
  path: '/courses/:id/learners-count/',
} as const;
export const getLearnerInfo = {
  name: 'getLearnerInfo',
  method: 'GET',
  path: '/courses/:id/learner-info/',
} as const;
export const changeCode = { name: 'changeCode', method: 'PATCH', path: '/courses/:id/code-change/' } as const;
export const getLastAssignment = {
  name: 'getLastAssignment',
  method: 'GET',
  path: '/courses/:id/last-assignment/',
} as const;
