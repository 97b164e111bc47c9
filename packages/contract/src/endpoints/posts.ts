// The posts module's endpoints (schemas in ./schemas.ts under the same names).

export const listPosts = { name: 'listPosts', method: 'GET', path: '/courses/:id/posts/' } as const;
/** Multipart: the fields are the schemas' `form`. */
export const createPost = {
  name: 'createPost',
  method: 'POST',
  path: '/courses/:id/posts/',
  status: 201,
} as const;
export const getPost = { name: 'getPost', method: 'GET', path: '/courses/:id/posts/:postId/' } as const;
/** Multipart: the fields are the schemas' `form`. */
export const updatePost = {
  name: 'updatePost',
  method: 'PATCH',
  path: '/courses/:id/posts/:postId/',
} as const;
export const deletePost = {
  name: 'deletePost',
  method: 'DELETE',
  path: '/courses/:id/posts/:postId/',
  status: 204,
} as const;
export const vote = { name: 'vote', method: 'POST', path: '/courses/:id/posts/:postId/vote/' } as const;
export const listComments = {
  name: 'listComments',
  method: 'GET',
  path: '/posts/:postId/comments/',
} as const;
export const createComment = {
  name: 'createComment',
  method: 'POST',
  path: '/posts/:postId/comments/',
  status: 201,
} as const;
export const deleteComment = {
  name: 'deleteComment',
  method: 'DELETE',
  path: '/posts/:postId/comments/:commentId/',
  status: 204,
} as const;
