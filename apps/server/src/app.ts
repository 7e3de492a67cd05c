import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants as zlib } from 'node:zlib';
import { messages } from '@carte/domain';
import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, validatorCompiler } from 'fastify-type-provider-zod';
import type { Captcha } from './adapters/captcha/captcha.ts';
import { isLocalPayments } from './adapters/payments/index.ts';
import { mediaOrigin } from './adapters/storage/index.ts';
import { adminRoutes } from './features/admin/admin.routes.ts';
import { allergenRoutes } from './features/allergens/allergen.routes.ts';
import { allergenRecordRoutes } from './features/allergens/allergen-records.routes.ts';
import { analyticsRoutes } from './features/analytics/analytics.routes.ts';
import { startBillingJobs } from './features/billing/billing.jobs.ts';
import { billingRoutes } from './features/billing/billing.routes.ts';
import { localCheckoutRoutes } from './features/billing/local-checkout.routes.ts';
import { stripeCheckoutRoutes } from './features/billing/stripe-checkout.routes.ts';
import { webhookRoutes } from './features/billing/webhook.routes.ts';
import { categoryRoutes } from './features/categories/category.routes.ts';
import { csvImportRoutes } from './features/csv-import/csv-import.routes.ts';
import { csvTemplateRoutes } from './features/csv-import/csv-template.routes.ts';
import { customizationRoutes } from './features/customizations/customization.routes.ts';
import { dietaryRoutes, platformDietaryRoutes } from './features/dietary/dietary.routes.ts';
import { dishRoutes } from './features/dishes/dish.routes.ts';
import { displayRoutes } from './features/displays/display.routes.ts';
import { filterRoutes } from './features/filters/filter.routes.ts';
import { gettingStartedRoutes } from './features/getting-started/getting-started.routes.ts';
import { accountRoutes } from './features/identity/account.routes.ts';
import { startAccountMailWorker } from './features/identity/account-mail.queue.ts';
import { ingredientRoutes } from './features/ingredients/ingredient.routes.ts';
import { logRoutes } from './features/logs/log.routes.ts';
import { mailTemplateRoutes } from './features/mail/mail-template.routes.ts';
import { mediaRoutes } from './features/media/media.routes.ts';
import { mediaLibraryRoutes } from './features/media/media-library.routes.ts';
import { memberRoutes } from './features/members/member.routes.ts';
import { menuRoutes } from './features/menus/menu.routes.ts';
import { categoryTimelineRoutes, menuTimelineRoutes } from './features/menus/menu-timeline.routes.ts';
import { publicMenuPlugin } from './features/public-menu/public-menu.routes.ts';
import { qrRoutes } from './features/qr/qr.routes.ts';
import { quickEditRoutes } from './features/quick-edit/quick-edit.routes.ts';
import { resellerAdminRoutes, resellerRoutes } from './features/resellers/resellers.routes.ts';
import { addRestaurantRoutes } from './features/restaurants/add-restaurant.routes.ts';
import { ownershipTransferRoutes } from './features/restaurants/ownership-transfer.routes.ts';
import { restaurantRoutes } from './features/restaurants/restaurant.routes.ts';
import { systemRoutes } from './features/system/system.routes.ts';
import { machineDraftRoutes } from './features/translations/machine-drafts.routes.ts';
import { translationRoutes } from './features/translations/translation.routes.ts';
import { authPlugin } from './http/auth.ts';
import {
  apiDocsPolicy,
  cspHeader,
  inlineScriptHashes,
  webAppPolicy,
} from './http/content-security-policy.ts';
import { fail } from './http/envelope.ts';
import { errorHandlerPlugin } from './http/error-handler.ts';
import { jsonBodyPlugin } from './http/json-body.ts';
import { sampledSerializerCompiler, writeLargeAnswersYielding } from './http/serializer.ts';
import { trustProxyOption } from './http/trust-proxy.ts';
import { createServices, type ServiceDeps, type Services } from './services.ts';

export interface AppDeps extends Omit<ServiceDeps, 'now'> {
  captcha: Captcha;
  /** The clock every rule reads (token expiry, link lifetimes), so tests can move time. */
  now?: () => Date;
  /** A pino logger to share with the runtime, or false for silence (tests). */
  logger?: FastifyBaseLogger | false;
  /**
   * The services, when the caller built them (services.ts) to hold on to them: tests call a service
   * as another caller. Built here from the other deps otherwise.
   */
  services?: Services;
}

/** Builds the whole app (STYLE rule 8): plugins, error envelope, auth, then every feature's routes. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const now = deps.now ?? (() => new Date());
  const services =
    deps.services ?? createServices({ ...deps, now, ...(deps.logger ? { log: deps.logger } : {}) });
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
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 12 * 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The response schema checks every answer; a large list on a sample (http/serializer.ts, issue 21),
  // and is written a few milliseconds at a time, so no large answer holds the others.
  app.setSerializerCompiler(sampledSerializerCompiler);
  writeLargeAnswersYielding(app);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  // The owner app's Content-Security-Policy on every answer helmet covers; the public menu, the test
  // checkout and Swagger UI set their own (http/content-security-policy.ts).
  const webIndex = path.join(config.webDist, 'index.html');
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: webAppPolicy({
        captcha: config.captcha,
        inlineScripts: existsSync(webIndex) ? inlineScriptHashes(readFileSync(webIndex, 'utf8')) : [],
        mediaOrigin: mediaOrigin(config),
      }),
    },
    crossOriginEmbedderPolicy: false,
  });
  // Answers made per request (API JSON, the owner's pages' fallbacks) are compressed above 1 KB,
  // brotli first, at a quality cheap enough per request; the public menu compresses its own pages
  // once per rendering, the web app's files were compressed at build time (registerWebApp).
  // Request bodies are never decompressed: no client of ours sends them compressed.
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: {
      params: { [zlib.BROTLI_PARAM_QUALITY]: 4, [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT },
    },
    zlibOptions: { level: 6 },
  });
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
  // Its own, looser policy, on its routes only.
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: cspHeader(apiDocsPolicy) });
  await app.register(errorHandlerPlugin, { db });
  await app.register(jsonBodyPlugin);
  await app.register(multipart, { limits: { fileSize: 10_485_760 } });

  await app.register(authPlugin, {
    db,
    tokens: services.tokens,
    recordActingRequest: services.acting.recordActingRequest,
  });
  app.addHook('onClose', async () => services.close());
  // A change's drop of the public-menu cache reaches Redis before the change's answer leaves: the
  // owner's next read on another instance finds it dropped (issue 16). Nothing waits without Redis.
  app.addHook('onSend', (_request, _reply, payload, done) => {
    const published = services.changesPublished();
    if (!published) return done(null, payload);
    published.then(() => done(null, payload));
  });
  // Mails asked for by address (reset, forgot username) are looked up and sent by a job (security §4).
  await startAccountMailWorker(deps.boss, services.accounts.handleMailRequest);
  // Provider events are processed by jobs; a schedule ends lapsed subscriptions on time (issue 12).
  await startBillingJobs({ boss: deps.boss, log: app.log, billing: services.billing });

  await app.register(publicMenuPlugin, { publicMenu: services.publicMenu, config, now });
  await app.register(
    async (api) => {
      await api.register(systemRoutes, {
        db,
        config,
        captcha: deps.captcha,
        redis: deps.redis ?? null,
        storage: deps.storage,
        publicMenuCache: () => services.publicMenu.cacheStats(),
      });
      await api.register(accountRoutes, {
        prefix: '/users',
        accounts: services.accounts,
        captcha: deps.captcha,
      });
      await api.register(csvImportRoutes, { csvImport: services.csvImport, csvExport: services.csvExport });
      await api.register(allergenRoutes, { prefix: '/allergens' });
      await api.register(analyticsRoutes, { prefix: '/gapi', analytics: services.analytics });
      await api.register(menuRoutes, {
        prefix: '/menus',
        menus: services.menus,
        compliance: services.menuCompliance,
      });
      await api.register(categoryRoutes, { prefix: '/categories', categories: services.categories });
      await api.register(menuTimelineRoutes, { prefix: '/menus', timeline: services.timeline });
      await api.register(categoryTimelineRoutes, { prefix: '/categories', timeline: services.timeline });
      await api.register(ingredientRoutes, { prefix: '/ingredients', ingredients: services.ingredients });
      await api.register(dishRoutes, { prefix: '/dishes', dishes: services.dishes });
      await api.register(allergenRecordRoutes, { records: services.allergenRecords });
      await api.register(dietaryRoutes, { dietary: services.dietary });
      await api.register(adminRoutes, { prefix: '/admin', admin: services.admin });
      await api.register(platformDietaryRoutes, { prefix: '/admin', dietary: services.dietary });
      await api.register(mailTemplateRoutes, { prefix: '/admin', mailTemplates: services.mailTemplates });
      await api.register(logRoutes, { prefix: '/admin', logs: services.logs });
      await api.register(resellerAdminRoutes, {
        prefix: '/admin',
        reseller: services.reseller,
        captcha: deps.captcha,
      });
      await api.register(resellerRoutes, { prefix: '/dma', reseller: services.reseller });
      await api.register(restaurantRoutes, { prefix: '/restaurants', restaurants: services.restaurants });
      await api.register(addRestaurantRoutes, {
        prefix: '/restaurants',
        addRestaurant: services.addRestaurant,
        captcha: deps.captcha,
      });
      await api.register(ownershipTransferRoutes, {
        prefix: '/restaurants',
        transfer: services.ownershipTransfer,
      });
      await api.register(customizationRoutes, {
        prefix: '/restaurants',
        customizations: services.customizations,
      });
      await api.register(filterRoutes, { prefix: '/restaurants', filters: services.filters });
      await api.register(mediaLibraryRoutes, { prefix: '/restaurants', library: services.mediaLibrary });
      await api.register(qrRoutes, { prefix: '/restaurants', qr: services.qr });
      await api.register(displayRoutes, { prefix: '/maps', displays: services.displays });
      await api.register(gettingStartedRoutes, {
        prefix: '/restaurants',
        gettingStarted: services.gettingStarted,
      });
      await api.register(quickEditRoutes, { prefix: '/settings', quickEdit: services.quickEdit });
      await api.register(translationRoutes, { prefix: '/translations', translations: services.translations });
      await api.register(memberRoutes, { prefix: '/members', members: services.members });
      await api.register(machineDraftRoutes, {
        prefix: '/translations',
        machineDrafts: services.machineDrafts,
      });
      await api.register(billingRoutes, {
        prefix: '/subscription',
        billing: services.billing,
        captcha: deps.captcha,
      });
      // Public, checked by its signature; its own scope reads the body as raw bytes.
      await api.register(webhookRoutes, { prefix: '/subscription', billing: services.billing });
    },
    { prefix: '/api' },
  );

  await app.register(mediaRoutes, { storage: deps.storage });
  // The built-in test checkout's pages (BILLING_PROVIDER=local), where the browser is sent like to a provider.
  if (isLocalPayments(services.payments))
    await app.register(localCheckoutRoutes, {
      prefix: '/billing',
      billing: services.billing,
      payments: services.payments,
      now,
      publicUrl: config.publicUrl,
    });
  // With Stripe, /billing/checkout/{id} sends the browser on to Stripe Checkout.
  else if (services.payments.kind === 'stripe')
    await app.register(stripeCheckoutRoutes, { prefix: '/billing', billing: services.billing });
  await app.register(csvTemplateRoutes);
  await registerWebApp(app, config.webDist);
  return app;
}

/**
 * The built web app: static files with long cache for hashed assets, and index.html for every other
 * GET that is not an API call, so client-side routes work on reload. Each file's brotli and gzip
 * copies made at build time (vite.config.ts) are sent to clients that accept them
 * (`preCompressed`, with `Vary: Accept-Encoding`), index.html included.
 */
async function registerWebApp(app: FastifyInstance, webDist: string) {
  const index = path.join(webDist, 'index.html');
  const hasWeb = existsSync(index);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: webDist,
      wildcard: false,
      index: false,
      preCompressed: true,
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
