import { notifications, notificationsStore } from '@mantine/notifications';
import { beforeEach, describe, expect, it } from 'vitest';
import { notify } from './notify';

const showing = () => {
  const state = notificationsStore.getState();
  return [...state.notifications, ...state.queue].map((n) => ({ color: n.color, message: n.message }));
};

describe('notify', () => {
  beforeEach(() => notifications.clean());

  it('replaces the previous toast of its channel instead of stacking', () => {
    notify('stage', { color: 'teal', message: 'moved to peer review' });
    notify('stage', { color: 'teal', message: 'moved to completion' });
    expect(showing()).toEqual([{ color: 'teal', message: 'moved to completion' }]);
  });

  it('keeps the toasts of other channels', () => {
    notify('stage', { color: 'teal', message: 'moved' });
    notify('action', { color: 'teal', message: 'approved' });
    expect(showing()).toHaveLength(2);
  });

  it('closes stale warnings once a save succeeds, even those shown without a channel', () => {
    notifications.show({ color: 'yellow', message: 'the scores must add up to 100' });
    notify('save', { color: 'yellow', message: 'this name already exists' });
    notify('save', { color: 'teal', message: 'saved' });
    expect(showing()).toEqual([{ color: 'teal', message: 'saved' }]);
  });

  it('keeps a warning when what follows is not a success', () => {
    notifications.show({ color: 'yellow', message: 'wrong request' });
    notify('action', { color: 'blue', message: 'imported' });
    expect(showing()).toHaveLength(2);
  });
});
