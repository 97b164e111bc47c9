import { type NotificationData, notifications, notificationsStore } from '@mantine/notifications';

/** Colours of the toasts that report a success, and of those that warn or report an error. */
const SUCCESS = new Set(['teal', 'green']);
const WARNING = new Set(['yellow', 'red', 'orange']);

const shown = new Map<string, string>();
let sequence = 0;

/** Every toast still showing or queued. */
function current() {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue];
}

/**
 * Shows a toast on a channel (one per kind of action: `save`, `stage`, `sign-in`, `action`). It
 * replaces the channel's previous toast, so repeats do not stack; and a success closes every
 * warning still showing, which the success has made stale. Each toast gets a fresh id, so its
 * auto-close timer starts anew.
 */
export function notify(channel: string, data: NotificationData): string {
  const previous = shown.get(channel);
  if (previous !== undefined) notifications.hide(previous);
  if (SUCCESS.has(String(data.color))) {
    for (const n of current()) if (n.id && WARNING.has(String(n.color))) notifications.hide(n.id);
  }
  sequence += 1;
  const id = `${channel}-${sequence}`;
  shown.set(channel, id);
  return notifications.show({
    ...data,
    id,
    onClose: (props) => {
      if (shown.get(channel) === id) shown.delete(channel);
      data.onClose?.(props);
    },
  });
}
