import type { FastifyInstance } from 'fastify';

/**
 * After a successful request to a route marked `config: { notifies: true }`, queues a sweep of
 * the notification mails (the change that notified people has committed by then), so mails go
 * out at once rather than at the scheduler's next pass.
 */
export function registerNotificationSweep(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config?.notifies && reply.statusCode < 400) {
      app.jobs
        .sweepNotifications()
        .catch((err: unknown) => request.log.error({ err }, 'could not queue the notification mails'));
    }
    done();
  });
}
