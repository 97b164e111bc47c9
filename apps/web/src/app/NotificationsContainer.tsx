// Its own module so that the toasts' container (transitions, swipe handling, scroll locking) lands
// in a chunk of its own: App imports it lazily, with the first toast. Its layout (position, how
// many at once) is set in the store by App from the first render on.
export { Notifications as NotificationsContainer } from '@mantine/notifications';
