import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { messages } from '@carte/domain';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Captcha } from './adapters/captcha/captcha.ts';
import { createPayments, isLocalPayments, type PaymentsProvider } from './adapters/payments/index.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { accountRoutes } from './features/accounts/account.routes.ts';
import { createAccountService, type MailSender } from './features/accounts/account.service.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { createMemoryLoginThrottle, type LoginThrottle } from './features/auth/login-throttle.ts';
import { createTokenService } from './features/auth/token.service.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { localCheckoutRoutes } from './features/billing/local-checkout.routes.ts';
import { categoryRoutes } from './features/categories/category.routes.ts';
import { csvImportRoutes } from './features/csv-import/csv-import.routes.ts';
import { csvTemplateRoutes } from './features/csv-import/csv-template.routes.ts';
import { customizationRoutes } from './features/customizations/customization.routes.ts';
import { dietaryRoutes } from './features/dietary/dietary.routes.ts';
import { dishRoutes } from './features/dishes/dish.routes.ts';
import { filterRoutes } from './features/filters/filter.routes.ts';
import { ingredientRoutes } from './features/ingredients/ingredient.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { menuRoutes } from './features/menus/menu.routes.ts';
import { categoryTimelineRoutes, menuTimelineRoutes } from './features/menus/menu-timeline.routes.ts';
import { publicMenuPlugin } from './features/public-menu/public-menu.routes.ts';
import { restaurantRoutes } from './features/restaurants/restaurant.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { authPlugin } from './http/auth.ts';
import { fail } from './http/envelope.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { jsonBodyPlugin } from './http/json-body.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  mailer: MailSender;
  captcha: Captcha;
  storage: Storage;
  /** The runtime's payments provider; made here from config (with this app's clock) when absent. */
  payments?: PaymentsProvider;
  /** The clock every rule reads (token expiry, link lifetimes), so tests can move time. */
  now?: () => Date;
  throttle?: LoginThrottle;
  /** A pino logger to share with the runtime, or false for silence (tests). */
  logger?: FastifyBaseLogger | false;
}

/** Builds the whole app (STYLE rule 8): plugins, error envelope, auth, then every feature's routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  const app = Fastify({
    ...(deps.logger === false
      ? { logger: false }
      : deps.logger
        ? { loggerInstance: deps.logger }
        : { logger: { level: config.logLevel } }),
    genReqId: (request) => {
      const incoming = request.headers['x-request-id'];
      return typeof incoming === 'string' && /^[\w-]{1,64}$/.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: true,
    bodyLimit: 12 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The SPA and Swagger UI use inline styles and scripts; CSP is set per area in later work.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Carte API',
        version: '0.1.0',
        description:
          'Every answer is `{ statusCode, confirmation: "Success" | "Fail", message }`. 400 carries the first validation message; 401 no or bad token; 403 Permission denied; 417 access token expired (refresh with POST /api/users/token and retry); 429 too many requests.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });
  await app.register(errorHandlerPlugin, { db });
  await app.register(jsonBodyPlugin);
  await app.register(multipart, { limits: { fileSize: 10_485_760 } });

  const tokens = createTokenService({ db, secret: config.jwtSecret, now });
  const payments = deps.payments ?? createPayments(config, { now });
  await app.register(authPlugin, { db, tokens });

  const throttle =
    deps.throttle ??
    createMemoryLoginThrottle({
      maxFailures: config.login.maxFailures,
      windowMs: config.login.windowMinutes * 60_000,
      now: () => now().getTime(),
    });
  const accounts = createAccountService({
    db,
    tokens,
    mailer: deps.mailer,
    throttle,
    publicUrl: config.publicUrl,
    now,
  });

  await app.register(publicMenuPlugin, { db, storage: deps.storage, config, now });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, { db, config, captcha: deps.captcha });
      await api.register(accountRoutes, { prefix: '/users', accounts, captcha: deps.captcha });
      await api.register(csvImportRoutes, { db });
      await api.register(analyticsRoutes, { prefix: '/gapi', db, config, now });
      await api.register(menuRoutes, { prefix: '/menus', db, storage: deps.storage, config, now });
      await api.register(categoryRoutes, { prefix: '/categories', db, now });
      await api.register(menuTimelineRoutes, { prefix: '/menus', db, storage: deps.storage, now });
      await api.register(categoryTimelineRoutes, { prefix: '/categories', db, storage: deps.storage, now });
      await api.register(ingredientRoutes, { prefix: '/ingredients', db, now });
      await api.register(dishRoutes, { prefix: '/dishes', db, storage: deps.storage, now });
      await api.register(dietaryRoutes, { db });
      await api.register(restaurantRoutes, { prefix: '/restaurants', db });
      await api.register(customizationRoutes, { prefix: '/restaurants', db });
      await api.register(filterRoutes, { prefix: '/restaurants', db });
      await api.register(billingRoutes, {
        prefix: '/subscription',
        db,
        payments,
        captcha: deps.captcha,
        config,
        now,
      });
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes, { storage: deps.storage });
  // The built-in test checkout's pages (BILLING_PROVIDER=local), where the browser is sent like to a provider.
  if (isLocalPayments(payments))
    await app.register(localCheckoutRoutes, { prefix: '/billing', db, payments, config, now });
  await app.register(csvTemplateRoutes);
  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * The built web app: static files with long cache for hashed assets, and index.html for every other
 * GET that is not an API call, so client-side routes work on reload.
 */
async function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }
  app.setNotFoundHandler((request, reply) => {
    const isPage =
      request.method === 'GET' &&
      !request.url.startsWith('/api/') &&
      !path.extname(request.url.split('?')[0]!);
    if (hasWeb && isPage) {
      return reply.header('cache-control', 'no-cache').type('text/html').sendFile('index.html');
    }
    return reply.code(404).send(fail(404, messages.notFound));
  });
}
