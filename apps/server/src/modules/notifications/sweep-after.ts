import type { FastifyInstance } from 'fastify';

/**
 * After a successful request to a route marked `config: { notifies: true }`, queues a sweep of
 * the notification mails (the change that notified people has committed by then), so mails go
 * out at once rather than at the scheduler's next pass; after one marked `sendsGrades`, queues the
 * LTI grades it made pending (issue 31).
 */
export function registerNotificationSweep(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (request.routeOptions.config?.notifies && reply.statusCode < 400) {
      app.jobs
        .sweepNotifications()
        .catch((err: unknown) => request.log.error({ err }, 'could not queue the notification mails'));
    }
    if (request.routeOptions.config?.sendsGrades && reply.statusCode < 400) {
      app.jobs
        .queueGrades()
        .catch((err: unknown) => request.log.error({ err }, 'could not queue the LTI grades'));
    }
    done();
  });
}
