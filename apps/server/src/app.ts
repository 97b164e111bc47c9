import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import { LIMITS } from '@pw/contract';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { startAdminEndpoint } from './backup/admin-endpoint';
import { withRemovalHold } from './backup/removal-hold';
import type { Config } from './config';
import { type Database, migrationsFolder, openDatabase } from './db/client';
import { assertMigrationsApplied } from './db/migrate';
import { seedDatabase } from './db/seed/demo';
import { type JobsOptions, startJobs } from './jobs/jobs';
import { createFileStorage } from './lib/file-store';
import { createMailer } from './lib/mailer';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { anchorRoutes } from './modules/anchors/anchors.routes';
import { assignmentRoutes } from './modules/assignments/assignments.routes';
import { calibrationRoutes } from './modules/calibration/calibration.routes';
import { courseRoutes } from './modules/courses/courses.routes';
import { enrollRoutes } from './modules/enrolls/enrolls.routes';
import { extensionRoutes } from './modules/extensions/extensions.routes';
import { fileRoutes } from './modules/files/files.routes';
import { loadSigningSecret } from './modules/files/files.service';
import { ltiRoutes } from './modules/lti/lti.routes';
import { ltiExchangeRoutes } from './modules/lti/lti-exchange.routes';
import { registerLtiFraming } from './modules/lti/lti-framing';
import { ltiServiceRoutes } from './modules/lti/lti-services.routes';
import { managerRoutes } from './modules/manager/manager.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { registerNotificationSweep } from './modules/notifications/sweep-after';
import { unsubscribeRoutes } from './modules/notifications/unsubscribe.routes';
import { organisationRoutes } from './modules/organisations/organisations.routes';
import { passwordResetRoutes } from './modules/password-reset/password-reset.routes';
import { performanceRoutes } from './modules/performances/performances.routes';
import { postRoutes } from './modules/posts/posts.routes';
import { profileRoutes } from './modules/profile/profile.routes';
import { reportRoutes } from './modules/reports/reports.routes';
import { resultRoutes } from './modules/results/results.routes';
import { reviewRoutes } from './modules/reviews/reviews.routes';
import { ssoApiRoutes, ssoRoutes } from './modules/sso/sso.routes';
import { supportRoutes } from './modules/supports/supports.routes';
import { traceRoutes } from './modules/traces/traces.routes';
import { defaultWebDist } from './paths';
import { registerAuth } from './plugins/auth';
import { registerCompression } from './plugins/compression';
import { frameworkErrors, registerErrorHandler } from './plugins/error-handler';
import { checkFolderWritable, createReadiness, registerHealth } from './plugins/health';
import { registerMetrics } from './plugins/metrics';
import { registerSecurity } from './plugins/security';
import { registerSpa } from './plugins/spa';
import { registerTenancy } from './plugins/tenancy';
import { registerTextGuard } from './plugins/text-guard';

export const API_PREFIX = '/api/v1';

export type BuildOptions = {
  /** An open database to use instead of the configured one (tests); the app will not close it. */
  database?: Database;
  /** Logger override (tests pass false). */
  logger?: boolean;
  /** Create the default organisation (and demo data) on an empty database; tests turn it off. */
  seed?: boolean;
  /** Offer the stage scheduler's passes from this process (default true; tests drive it by hand). */
  scheduler?: boolean;
  /** The job queue's timings (tests shorten them). */
  jobs?: Omit<JobsOptions, 'scheduler'>;
};

/** Builds the whole application without listening: plugins, API modules under /api/v1, the SPA. */
export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel },
    bodyLimit: 1024 * 1024,
    // A hop count (the nearest n hops are our proxies, as proxy-addr counts them) or the proxies'
    // addresses; never "trust every hop", which would let a client pick its own address.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { ignoreTrailingSlash: true },
    return503OnClosing: true,
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();

  const open = () => openDatabase({ url: config.databaseUrl, dataDir: config.dataDir });
  let database = options.database ?? (await open());
  // Graceful shutdown: requests in flight finish before the database closes.
  const inFlight = new Set<string>();
  // Callback hooks: cheaper per request than async ones.
  app.addHook('onRequest', (request, _reply, done) => {
    inFlight.add(request.id);
    done();
  });
  app.addHook('onResponse', (request, _reply, done) => {
    inFlight.delete(request.id);
    done();
  });
  app.addHook('onRequestAbort', (request, done) => {
    inFlight.delete(request.id);
    done();
  });
  if (!options.database) {
    await database.migrate();
    app.addHook('onClose', async () => {
      for (let waited = 0; inFlight.size > 0 && waited < 10_000; waited += 20) {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await database.close();
    });
  }
  const { storage, holdRemovals } = withRemovalHold(await createFileStorage(config));
  if (options.seed !== false) {
    const seeded = await seedDatabase(database.db, app.log, { demo: config.demoData, storage });
    // PGlite's WebAssembly memory never shrinks: after writing the demo data, a fresh instance of
    // the same folder starts the server about 80 MB smaller.
    if (seeded === 'demo' && !options.database && database.kind === 'pglite') {
      await database.close();
      database = await open();
    }
  }

  if (!options.database && database.kind === 'pglite') {
    // `npm run backup` asks this endpoint for a consistent dump while the server holds the folder.
    const admin = await startAdminEndpoint({
      dataDir: config.dataDir,
      dump: () => (database.dump ? database.dump() : Promise.reject(new Error('no dump'))),
      holdRemovals,
      log: app.log,
    });
    app.addHook('preClose', admin.close);
  }

  app.decorate('db', database.db);
  app.decorate('config', config);
  const mailer = createMailer(config, app.log);
  app.decorate('mailer', mailer);
  // Background work (mail, the stage scheduler's passes): stops fetching on close and lets
  // running jobs finish before the database closes.
  const jobs = await startJobs({
    database,
    config,
    log: app.log,
    mailer,
    signingSecret: async () => app.signingSecret,
    options: { ...options.jobs, scheduler: options.scheduler !== false },
  });
  app.decorate('jobs', jobs);
  app.addHook('preClose', jobs.stop);
  app.decorate('storage', storage);
  app.decorate('signingSecret', await loadSigningSecret(database.db));
  app.decorate('readiness', createReadiness(app.log));
  app.readiness.add('database', () => database.query('select 1'));
  app.readiness.add('migrations', () => assertMigrationsApplied(database.query, migrationsFolder));
  // The local folder must be writable; a bucket must answer (its own ping).
  app.readiness.add('files', () =>
    config.fileStore.kind === 'local' ? checkFolderWritable(join(config.dataDir, 'files')) : storage.ping(),
  );
  await registerMetrics(app, { database: () => database, token: config.metricsToken });
  registerHealth(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  app.addHook('onRoute', (route) => {
    // Public routes say so in the OpenAPI document too (no security requirement).
    if (route.config?.public && route.schema && !route.schema.hide)
      route.schema = { ...route.schema, security: [] };
  });
  await registerSecurity(app, { apiPrefix: API_PREFIX });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'PeerWrite API', version: '1.0.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });

  await app.register(
    async (api) => {
      registerTenancy(api);
      registerAuth(api);
      registerTextGuard(api);
      registerCompression(api);
      registerNotificationSweep(api);
      await api.register(fastifyMultipart, {
        limits: { fileSize: LIMITS.uploadMaxBytes, files: 10, fields: 200 },
      });
      api.get('/openapi.json', { config: { public: true }, schema: { hide: true } }, async () =>
        app.swagger(),
      );
      api.get('/health/', { config: { public: true }, schema: { hide: true } }, async () => ({
        status: 'ok',
      }));
      await api.register(organisationRoutes);
      await api.register(accountRoutes);
      await api.register(ssoApiRoutes);
      await api.register(profileRoutes);
      await api.register(supportRoutes);
      await api.register(fileRoutes);
      await api.register(courseRoutes);
      await api.register(enrollRoutes);
      await api.register(postRoutes);
      await api.register(assignmentRoutes);
      await api.register(extensionRoutes);
      await api.register(performanceRoutes);
      await api.register(traceRoutes);
      await api.register(anchorRoutes);

      await api.register(calibrationRoutes);
      await api.register(reviewRoutes);
      await api.register(reportRoutes);
      await api.register(resultRoutes);
      await api.register(managerRoutes);
      await api.register(notificationRoutes);
      await api.register(ltiExchangeRoutes);
      await api.register(ltiServiceRoutes);
    },
    { prefix: API_PREFIX },
  );

  await app.register(passwordResetRoutes, { prefix: '/accounts' });
  await app.register(unsubscribeRoutes, { prefix: '/accounts' });
  await app.register(ssoRoutes, { prefix: '/auth/oidc' });
  await app.register(ltiRoutes, { prefix: '/lti' });
  registerLtiFraming(app);
  await registerSpa(app, config.webDist ?? defaultWebDist);
  return app;
}
