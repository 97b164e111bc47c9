// The manager area's endpoints (schemas in ./schemas.ts under the same names). Staff only.

export const listUsers = { name: 'listUsers', method: 'GET', path: '/users/pages/' } as const;
/** The same list under its older path. */
export const listUsersAtRoot = { name: 'listUsersAtRoot', method: 'GET', path: '/users/' } as const;
/** An .xlsx workbook of the filtered users. */
export const exportUsers = { name: 'exportUsers', method: 'GET', path: '/users/export/' } as const;
export const getUser = { name: 'getUser', method: 'GET', path: '/users/:userId/' } as const;
export const createUser = { name: 'createUser', method: 'POST', path: '/users/', status: 201 } as const;
export const updateUser = { name: 'updateUser', method: 'PATCH', path: '/users/:userId/' } as const;
/** An .xlsx workbook of the filtered courses. */
export const exportCourses = { name: 'exportCourses', method: 'GET', path: '/courses/export/' } as const;
export const getManagerCourse = {
  name: 'getManagerCourse',
  method: 'GET',
  path: '/manager/courses/:id/',
} as const;
export const listManagerAssignments = {
  name: 'listManagerAssignments',
  method: 'GET',
  path: '/assignments/pages/',
} as const;
/** An .xlsx workbook of the filtered assignments. */
export const exportAssignments = {
  name: 'exportAssignments',
  method: 'GET',
  path: '/assignments/export/',
} as const;
export const getManagerAssignment = {
  name: 'getManagerAssignment',
  method: 'GET',
  path: '/manager/assignments/:id/',
} as const;
