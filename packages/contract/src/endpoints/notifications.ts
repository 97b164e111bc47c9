// The notifications module's endpoints (schemas in ./schemas.ts under the same names).

export const listNotifications = {
  name: 'listNotifications',
  method: 'GET',
  path: '/notifications/',
} as const;
export const readNotification = {
  name: 'readNotification',
  method: 'PATCH',
  path: '/notifications/:id/',
} as const;
export const readAllNotifications = {
  name: 'readAllNotifications',
  method: 'POST',
  path: '/notifications/read-all/',
} as const;
export const getNotificationSettings = {
  name: 'getNotificationSettings',
  method: 'GET',
  path: '/users/notification-settings/',
} as const;
export const updateNotificationSettings = {
  name: 'updateNotificationSettings',
  method: 'PATCH',
  path: '/users/notification-settings/',
} as const;
