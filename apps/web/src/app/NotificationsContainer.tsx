// Its own module so that the toasts' container (transitions, swipe handling) lands in a chunk
// loaded after the first paint: App imports it lazily.
export { Notifications as NotificationsContainer } from '@mantine/notifications';
