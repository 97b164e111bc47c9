import { pickLanguage } from '@pw/contract';
import * as endpoints from '@pw/contract/endpoints';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { endpointRouter } from '../../lib/endpoints';
import { listNotifications } from './list-notifications';
import { mailSettingsOf, setMailSettings } from './notification-settings';
import { readAllNotifications } from './read-all-notifications';
import { readNotification } from './read-notification';
import { rememberLanguage } from './remember-language';

/** The bell (the caller's own notifications) and which kinds also come by mail. */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const route = endpointRouter(app, ['notifications']);

  route(endpoints.listNotifications, {
    handler: async (request) => {
      const lang = pickLanguage(request.headers['accept-language']);
      await rememberLanguage(app.db, request.user.id, lang);
      return listNotifications({
        db: app.db,
        userId: request.user.id,
        query: request.query,
        url: request.url,
        lang,
      });
    },
  });

  route(endpoints.readNotification, {
    handler: async (request) =>
      readNotification({
        db: app.db,
        userId: request.user.id,
        id: request.params.id,
        read: request.body.read,
        lang: pickLanguage(request.headers['accept-language']),
      }),
  });

  route(endpoints.readAllNotifications, {
    handler: async (request) => readAllNotifications(app.db, request.user.id),
  });

  route(endpoints.getNotificationSettings, {
    handler: async (request) => mailSettingsOf(app.db, request.user.id),
  });

  route(endpoints.updateNotificationSettings, {
    handler: async (request) => setMailSettings(app.db, request.user.id, request.body.mail),
  });
};
