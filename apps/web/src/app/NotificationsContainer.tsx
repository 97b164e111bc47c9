// Its own module so that the toasts' container (transitions, swipe handling, scroll locking) lands
// in a chunk of its own: App imports it lazily, with the first toast.
import {
  Notifications,
  type NotificationsProps,
  notifications,
  notificationsStore,
} from '@mantine/notifications';
import { useEffect } from 'react';

/**
 * Mantine's container; with `newestFirst` (phones, one toast at a time) a new toast replaces the
 * one showing instead of waiting behind it, so feedback on what the user just did is never late.
 */
export function NotificationsContainer({
  newestFirst,
  ...props
}: NotificationsProps & { newestFirst: boolean }) {
  useEffect(() => {
    if (!newestFirst) return;
    return notificationsStore.subscribe((state) => {
      if (state.queue.length === 0) return;
      for (const n of state.notifications) if (n.id) queueMicrotask(() => notifications.hide(n.id as string));
    });
  }, [newestFirst]);
  return <Notifications {...props} />;
}
