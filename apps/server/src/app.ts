import { join } from 'node:path';
import cors from '@fastify/cors';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { type Config, trustProxyOption } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database } from './db/client.ts';
import { createQueue } from './jobs/queue.ts';
import { createLocalBlobStore } from './lib/blob-store.ts';
import { createLlm } from './lib/llm.ts';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createMailer, type Mailer } from './modules/auth/mailer.ts';
import { codeGenerationRoutes } from './modules/code-generation/code-generation.routes.ts';
import { connectorsRoutes } from './modules/connectors/connectors.routes.ts';
import { dataRoutes } from './modules/data/data.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { financialDemoRoutes } from './modules/financial-demo/financial-demo.routes.ts';
import { flowsRoutes } from './modules/flows/flows.routes.ts';
import { convertRoutes, importsRoutes } from './modules/imports/imports.routes.ts';
import { internalRoutes } from './modules/internal/internal.routes.ts';
import { joinsRoutes } from './modules/joins/joins.routes.ts';
import { migrateRoutes } from './modules/migrate/migrate.routes.ts';
import { orgsRoutes } from './modules/orgs/orgs.routes.ts';
import { downloadRoutes, pipelinesRoutes } from './modules/pipelines/pipelines.routes.ts';
import { workshopsRoutes } from './modules/pipelines/workshops.routes.ts';
import { projectsRoutes } from './modules/projects/projects.routes.ts';
import { resolutionRoutes } from './modules/resolution/resolution.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { targetSchemasRoutes } from './modules/target-schemas/target-schemas.routes.ts';
import { usageRoutes } from './modules/usage/usage.routes.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { valueMapsRoutes } from './modules/value-maps/value-maps.routes.ts';
import { shareRoutes } from './modules/workbooks/share.routes.ts';
import { workbooksRoutes } from './modules/workbooks/workbooks.routes.ts';
import { workflowPlanRoutes } from './modules/workflows/plan.routes.ts';
import { workflowsRoutes } from './modules/workflows/workflows.routes.ts';
import { registerAuth } from './plugins/auth.ts';
import { registerErrorHandler } from './plugins/errors.ts';
import { registerPathIds } from './plugins/path-ids.ts';
import { registerRequestText } from './plugins/request-text.ts';
import { registerStatic } from './plugins/static.ts';
import { financeRoutes } from './sample-apps/finance/finance.routes.ts';

export interface BuildOptions {
  config: Config;
  database: Database;
  jwtSecret: Uint8Array;
  demoOrgId: string | null;
  /** tests capture mail here */
  mailer?: Mailer;
  logger?: boolean | object;
}

/** The whole HTTP application as a value: `server.ts` listens on it, tests call `app.inject()`. */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config } = opts;
  const app = Fastify({
    logger: opts.logger ?? { level: config.LOG_LEVEL },
    bodyLimit: 1_048_576,
    // only configured proxies may name the client (X-Forwarded-For); the login limits count by it
    trustProxy: trustProxyOption(config.TRUST_PROXY),
    // Rejects `__proto__` / `constructor.prototype` keys in JSON bodies outright.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    routerOptions: { maxParamLength: 200 },
  });
  // An empty JSON body is "no body" (clients often send the header on body-less POSTs such as
  // /jobs/{id}/run); anything else goes through Fastify's own parser with its poisoning guards.
  const jsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) =>
    body === '' ? done(null, undefined) : jsonParser(req, body as string, done),
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const ctx: AppContext = {
    db: opts.database.db,
    config,
    log: app.log,
    jwtSecret: opts.jwtSecret,
    mailer: opts.mailer ?? createMailer({ smtpUrl: config.SMTP_URL, from: config.SMTP_FROM, log: app.log }),
    // the AWS SDK is loaded only when S3 is configured
    blobs: config.S3_BUCKET
      ? (await import('./lib/blob-store-s3.ts')).createS3BlobStoreFromConfig(config)
      : createLocalBlobStore(join(config.DATA_DIR, 'blobs')),
    queue: createQueue(opts.database.db, { notify: opts.database.kind === 'postgres' }),
    llm: createLlm(config),
    demoOrgId: opts.demoOrgId,
  };
  app.decorate('ctx', ctx);
  registerErrorHandler(app);

  // external plugins
  const analyticsOrigin = config.ANALYTICS_SCRIPT_URL ? new URL(config.ANALYTICS_SCRIPT_URL).origin : null;
  // the status listing and documents when read from elsewhere (spec §7)
  const statusOrigins = [config.STATUS_LISTING_URL, config.STATUS_URL]
    .filter((u): u is string => !!u)
    .map((u) => new URL(decodeURI(u).replace('{version}', 'v')).origin);
  // the chat-support widget's script and its API (only when configured)
  const chat = config.CHAT_SUPPORT_APP_ID
    ? {
        script: ['https://widget.intercom.io', 'https://js.intercomcdn.com'],
        connect: ['https://*.intercom.io', 'wss://*.intercom.io'],
      }
    : { script: [], connect: [] };
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(analyticsOrigin ? [analyticsOrigin] : []), ...chat.script],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(config.CHAT_SUPPORT_APP_ID ? ['https:'] : [])],
        connectSrc: [
          "'self'",
          ...(analyticsOrigin ? [analyticsOrigin] : []),
          ...statusOrigins,
          ...chat.connect,
        ],
        fontSrc: ["'self'", 'data:', ...(config.CHAT_SUPPORT_APP_ID ? ['https://js.intercomcdn.com'] : [])],
        frameSrc: ["'self'", ...(config.CHAT_SUPPORT_APP_ID ? ['https://intercom-sheets.com'] : [])],
      },
    },
  });
  await app.register(cors, {
    origin: config.WEB_ORIGIN.length ? config.WEB_ORIGIN : false,
    credentials: false,
  });
  await app.register(formbody, { bodyLimit: 16_384 });
  await app.register(rateLimit, { global: false });
  // One byte over the limit so the blob store sees the overflow and refuses it (busboy would truncate silently).
  await app.register(multipart, {
    limits: { fileSize: config.UPLOAD_MAX_BYTES + 1, files: 1, fields: 10, fieldSize: 16_384 },
  });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Mapwright API',
        version: '0.1.0',
        description: 'Data integration, mapping and workflows.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
          apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
        },
      },
      security: [{ bearer: [] }, { apiKey: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  // app plugins
  registerAuth(app);
  registerRequestText(app);
  registerPathIds(app);

  // routes
  await app.register(
    async (api) => {
      await api.register(systemRoutes);
      await api.register(authRoutes);
      await api.register(usersRoutes);
      await api.register(orgsRoutes);
      await api.register(apiKeysRoutes);
      await api.register(projectsRoutes);
      await api.register(resolutionRoutes);
      await api.register(filesRoutes);
      await api.register(importsRoutes);
      await api.register(convertRoutes);
      await api.register(targetSchemasRoutes);
      await api.register(pipelinesRoutes);
      await api.register(downloadRoutes);
      await api.register(workshopsRoutes);
      await api.register(searchRoutes);
      await api.register(financeRoutes);
      await api.register(workflowsRoutes);
      await api.register(workflowPlanRoutes);
      await api.register(joinsRoutes);
      await api.register(flowsRoutes);
      await api.register(codeGenerationRoutes);
      await api.register(financialDemoRoutes);
      await api.register(valueMapsRoutes);
      await api.register(connectorsRoutes);
      await api.register(workbooksRoutes);
      await api.register(shareRoutes);
      await api.register(usageRoutes);
      await api.register(dataRoutes);
      await api.register(internalRoutes);
      await api.register(migrateRoutes);
    },
    { prefix: '/api' },
  );
  await registerStatic(app, config.WEB_DIST);
  return app;
}
