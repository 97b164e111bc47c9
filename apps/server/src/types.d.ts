import type { Config } from './config';
import type { Db } from './db/client';
import type { Jobs } from './jobs/queues';
import type { Mailer } from './lib/mailer';
import type { FileStorage } from './lib/storage';
import type { AuthenticatedUser } from './modules/accounts/accounts.service';
import type { Organisation } from './modules/organisations/organisations.service';
import type { Readiness } from './plugins/health';

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: Config;
    mailer: Mailer;
    /** The job queue (pg-boss): mail and the stage scheduler's passes. */
    jobs: Jobs;
    storage: FileStorage;
    /** Signs file links (shared by every server process through the database). */
    signingSecret: string;
    /** The checks of GET /health/ready, and the draining switch (`plugins/health.ts`). */
    readiness: Readiness;
  }
  interface FastifyRequest {
    /** The organisation selected by the request's host. Set for every /api/v1 request. */
    org: Organisation;
    /** The signed-in user; set on every route that is not marked `public`. */
    user: AuthenticatedUser;
    /** The raw token of the request, when one was sent. */
    authToken: string | undefined;
  }
  interface FastifyContextConfig {
    /** Route needs no signed-in user. */
    public?: boolean;
    /** Route may notify people: after a success the notification mails are swept at once. */
    notifies?: boolean;
    /** Route may change scores that go to an LMS: after a success the pending grades are queued. */
    sendsGrades?: boolean;
  }
}
