import * as endpoints from '@pw/contract/endpoints';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { callEndpoint } from '../../../lib/api';

const notificationsKey = ['notifications'] as const;
const PAGE_SIZE = 20;

/** The bell's unread count: read on arrival and every minute while the page is open. */
export function useUnreadNotifications() {
  const { i18n } = useTranslation();
  return useQuery({
    // The texts come in the interface's language: a language switch reads them again.
    queryKey: [...notificationsKey, 'unread', i18n.language],
    queryFn: ({ signal }) =>
      callEndpoint(endpoints.listNotifications, { query: { page: 1, page_size: 1 }, signal }),
    select: (list) => list.unread,
    refetchInterval: 60_000,
  });
}

/** GET /notifications/: newest first, a page at a time ("show more"). */
export function useNotifications() {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: [...notificationsKey, 'list', i18n.language],
    initialPageParam: 1,
    queryFn: ({ pageParam, signal }) =>
      callEndpoint(endpoints.listNotifications, { query: { page: pageParam, page_size: PAGE_SIZE }, signal }),
    getNextPageParam: (last, _all, lastParam) => (last.next ? lastParam + 1 : undefined),
  });
}

/** PATCH /notifications/{id}/ `{read: true}`. */
export function useReadNotification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      callEndpoint(endpoints.readNotification, { params: { id }, body: { read: true } }),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** POST /notifications/read-all/. */
export function useReadAllNotifications() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => callEndpoint(endpoints.readAllNotifications, {}),
    onSuccess: () => client.invalidateQueries({ queryKey: notificationsKey }),
  });
}

/** GET/PATCH /users/notification-settings/: which kinds also come by mail. */
export function useNotificationSettings() {
  return useQuery({
    queryKey: [...notificationsKey, 'settings'],
    queryFn: ({ signal }) => callEndpoint(endpoints.getNotificationSettings, { signal }),
  });
}

export function useUpdateNotificationSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (mail: Record<string, boolean>) =>
      callEndpoint(endpoints.updateNotificationSettings, { body: { mail } }),
    onSuccess: (data) => client.setQueryData([...notificationsKey, 'settings'], data),
  });
}
