import type { PgBoss } from 'pg-boss';
import { createInvalidations } from './adapters/cache/index.ts';
import { createPayments, type PaymentsProvider } from './adapters/payments/index.ts';
import type { RedisLink } from './adapters/redis/index.ts';
import type { Storage } from './adapters/storage/storage.ts';
import { createThrottleStore } from './adapters/throttle/index.ts';
import { createTranslator, type Translator } from './adapters/translate/index.ts';
import type { Config } from './config.ts';
import { callerFor } from './core/caller.ts';
import type { Logger } from './core/logger.ts';
import type { MailSender } from './core/mail-port.ts';
import type { Db } from './db/connect.ts';
import { newId } from './db/ids.ts';
import { createAdminService } from './features/admin/admin.service.ts';
import { createAllergenRecordService } from './features/allergens/allergen-records.service.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import { adminCheckoutReturn, createBillingService } from './features/billing/billing.service.ts';
import { createCategoryService } from './features/categories/category.service.ts';
import { createCsvExportService } from './features/csv-import/csv-export.ts';
import { createCsvImportService } from './features/csv-import/csv-import.service.ts';
import { createCustomizationService } from './features/customizations/customization.service.ts';
import { createDietaryService } from './features/dietary/dietary.service.ts';
import { createDishService } from './features/dishes/dish.service.ts';
import { sanitizeRichText } from './features/dishes/index.ts';
import { createDisplayService } from './features/displays/display.service.ts';
import { createFilterService } from './features/filters/filter.service.ts';
import { createGettingStartedService } from './features/getting-started/getting-started.service.ts';
import { createAccountService } from './features/identity/account.service.ts';
import { createAccountMailRequests } from './features/identity/account-mail.queue.ts';
import { createActing } from './features/identity/acting.ts';
import {
  createLoginThrottle,
  type LoginThrottle,
  throttlePolicy,
} from './features/identity/login-throttle.ts';
import { createMailedLinks } from './features/identity/mailed-links.ts';
import { createTokenService } from './features/identity/token.service.ts';
import { createIngredientService } from './features/ingredients/ingredient.service.ts';
import { createLogService } from './features/logs/log.service.ts';
import { createMailTemplateService } from './features/mail/mail-template.service.ts';
import { imageUrls } from './features/media/index.ts';
import { createMediaLibraryService } from './features/media/media-library.service.ts';
import { createMemberService } from './features/members/member.service.ts';
import { createMenuService } from './features/menus/menu.service.ts';
import { createMenuCompliance } from './features/menus/menu-compliance.ts';
import { createMenuTimelineService } from './features/menus/menu-timeline.service.ts';
import { createPublishingPolicy } from './features/menus/publishing.ts';
import {
  createPublicMenuCache,
  createPublicMenuService,
} from './features/public-menu/public-menu.service.ts';
import { createQrService } from './features/qr/qr.service.ts';
import { createQuickEditService } from './features/quick-edit/quick-edit.service.ts';
import { createResellerService } from './features/resellers/reseller.service.ts';
import { createAddRestaurantService } from './features/restaurants/add-restaurant.service.ts';
import { createOwnershipTransferService } from './features/restaurants/ownership-transfer.service.ts';
import { createRestaurantService } from './features/restaurants/restaurant.service.ts';
import { createMachineDraftService } from './features/translations/machine-drafts.service.ts';
import { createTranslationService } from './features/translations/translation.service.ts';

export interface ServiceDeps {
  config: Config;
  db: Db;
  mailer: MailSender;
  storage: Storage;
  /** The clock every rule reads (token expiry, link lifetimes, schedules), so tests can move time. */
  now: () => Date;
  /** The runtime's payments provider; made here from config (with this clock) when absent. */
  payments?: PaymentsProvider;
  throttle?: LoginThrottle;
  /** The runtime's job queue: account mails asked for by address and billing events are queued on it. */
  boss: PgBoss;
  /** Where services log what no request sees (billing events); silent when absent. */
  log?: Logger;
  /** The machine translation service; made here from config (TRANSLATE_PROVIDER) when absent. */
  translator?: Translator;
  /** What instances share (REDIS_URL): throttle counts and the public menu's drops; null: this process. */
  redis?: RedisLink | null;
}

const silentLogger: Logger = { info() {}, warn() {}, error() {}, debug() {} };

/**
 * The one composition root (DESIGN.md): every service is built here, once, with its adapters and
 * the clock, and handed to the routes by app.ts. No route builds a service, and a feature reaches
 * another only through the service it is given here.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, storage, now } = deps;
  const payments = deps.payments ?? createPayments(config, { db, now });
  const log: Logger = deps.log ?? silentLogger;

  // Every service that changes what a diner sees tells the public menu (core/public-menu-changes.ts).
  // The public menu reads the subscription calendar before it reads menus; billing is built below.
  const publicMenuCache = createPublicMenuCache(config, now);
  const publicMenuHere = createPublicMenuService({
    db,
    storage,
    now,
    cache: publicMenuCache,
    billing: { applyCalendar: (restaurantId) => billing.applyCalendar(restaurantId) },
  });
  // With Redis, a change on any instance is dropped from every instance's cache (pub/sub); drops
  // missed while Redis was away are made up for by forgetting everything when it returns.
  const menuChanges = createInvalidations(deps.redis ?? null, 'public-menu');
  menuChanges.listen(
    (restaurantId) => publicMenuHere.changed(restaurantId),
    () => publicMenuCache.clear(),
  );
  const publicMenu: typeof publicMenuHere = {
    ...publicMenuHere,
    changed(restaurantId) {
      publicMenuHere.changed(restaurantId);
      menuChanges.publish(restaurantId);
    },
  };
  // The check before publishing (issue 23 §5): every path that publishes a menu passes it.
  const menuCompliance = createMenuCompliance({ db });
  const billing = createBillingService({
    db,
    payments,
    publicUrl: config.publicUrl,
    now,
    publicMenu,
    mailer: deps.mailer,
    boss: deps.boss,
    log,
    publishBlocked: async (tx, restaurantId, menuId) =>
      (await menuCompliance.blockingProblems(tx, restaurantId, [menuId])).length > 0,
  });

  const tokens = createTokenService({ db, secret: config.jwtSecret, now });
  const clockMs = () => now().getTime();
  const throttle =
    deps.throttle ??
    createLoginThrottle({
      store: createThrottleStore(deps.redis ?? null, clockMs, log),
      policy: throttlePolicy(config),
      now: clockMs,
    });
  /** A deleted restaurant's subscription ends at the provider at once (identity/account-removal.ts). */
  const endSubscription = async (restaurantId: string) => {
    const active = await billing.activeOf(restaurantId);
    if (active) await billing.cancelNow(active);
  };
  const links = createMailedLinks({ db, now });
  const accounts = createAccountService({
    db,
    tokens,
    links,
    mailer: deps.mailer,
    throttle,
    mailRequests: createAccountMailRequests(deps.boss),
    publicUrl: config.publicUrl,
    now,
    publicMenu,
    endSubscription,
    // Built below; called only when a reseller deletes its account.
    releaseResellerClients: (resellerId) => reseller.releaseClients(resellerId),
  });

  const customizations = createCustomizationService({ db, publicMenu });
  const dietary = createDietaryService({ db, publicMenu });
  // One publishing rule for the menu form and quick edit.
  const canPublish = createPublishingPolicy({ billingProvider: config.billingProvider, billing });
  const menus = createMenuService({ db, storage, canPublish, compliance: menuCompliance, now, publicMenu });
  const analytics = createAnalyticsService({ db, now, publicUrl: config.publicUrl, log });
  const displays = createDisplayService({ db, storage, publicUrl: config.publicUrl, now, publicMenu });
  // "Login as" (an admin, or a reseller acting as a client): a session as a login opens it, marked.
  const openSession = async (
    user: Parameters<typeof callerFor>[0],
    options?: { impersonatorId?: string },
  ) => {
    const session = await tokens.issueSession(user.id, user.role, options);
    const { accessToken, refreshToken } = session;
    return { accessToken, refreshToken, user: await accounts.me(callerFor(user, session.sessionId)) };
  };
  // Acting-as (identity/acting.ts): who may act as whom, and the way back, for admin and reseller.
  const acting = createActing({ db, openSession, endSession: (sessionId) => tokens.revokeFamily(sessionId) });
  const confirmPassword = (
    caller: Parameters<typeof accounts.confirmPassword>[0],
    password: string,
    clientIp: string,
  ) => accounts.confirmPassword(caller, password, clientIp);
  const gettingStarted = createGettingStartedService({
    db,
    now,
    subscriptionNeeded: config.billingProvider !== 'off',
    isSubscribed: (restaurantId) => billing.isSubscribed(restaurantId),
  });

  // Resellers pay for their clients through billing and act as them as admins do (issue 14).
  const reseller = createResellerService({
    db,
    mailer: deps.mailer,
    publicUrl: config.publicUrl,
    now,
    publicMenu,
    endSubscription,
    billing,
    confirmPassword,
    acting,
    links,
    imageUrl: (key) => imageUrls(storage, key)?.card ?? null,
  });

  return {
    payments,
    publicMenu,
    billing,
    tokens,
    links,
    acting,
    accounts,
    customizations,
    dietary,
    menus,
    menuCompliance,
    timeline: createMenuTimelineService({ db, storage, now, publicMenu }),
    categories: createCategoryService({ db, now, publicMenu }),
    ingredients: createIngredientService({ db, now, customizations, publicMenu }),
    dishes: createDishService({ db, storage, now, customizations, dietary, publicMenu }),
    allergenRecords: createAllergenRecordService({ db, now }),
    filters: createFilterService({ db, publicMenu }),
    restaurants: createRestaurantService({ db, storage, customizations, publicMenu, now }),
    // A new restaurant is one more account of the person, signed in as a login signs in.
    addRestaurant: createAddRestaurantService({
      db,
      publicMenu,
      now,
      openSession: (user) => openSession(user),
    }),
    ownershipTransfer: createOwnershipTransferService({
      db,
      mailer: deps.mailer,
      links,
      confirmPassword,
      publicMenu,
      publicUrl: config.publicUrl,
      now,
    }),
    displays,
    gettingStarted,
    qr: createQrService({ db, storage, publicUrl: config.publicUrl, displays }),
    csvImport: createCsvImportService({ db, publicMenu }),
    csvExport: createCsvExportService({ db }),
    quickEdit: createQuickEditService({
      db,
      canPublish,
      assertPublishable: (tx, restaurantId, menuIds) =>
        menuCompliance.assertPublishable(tx, restaurantId, menuIds),
      now,
      publicMenu,
    }),
    translations: createTranslationService({ db, publicMenu, sanitizeRichText }),
    mediaLibrary: createMediaLibraryService({ db, storage, now }),
    members: createMemberService({ db, mailer: deps.mailer, links, publicUrl: config.publicUrl, now }),
    analytics,
    // The admin area acts on other accounts through the same services their owners use.
    admin: createAdminService({
      db,
      mailer: deps.mailer,
      publicUrl: config.publicUrl,
      now,
      publicMenu,
      endSubscription,
      confirmPassword,
      acting,
      links,
      startCheckout: (owner, priceId) =>
        billing.startCheckout(callerFor(owner, newId()), { price_id: priceId }, adminCheckoutReturn),
      logoUrl: (logo) => imageUrls(storage, logo)?.thumb ?? null,
      pendingDmas: () => reseller.pendingCount(),
    }),
    // The staff's pages of other subjects live with those subjects (dietary above, mail, logs).
    mailTemplates: createMailTemplateService({ db, mailer: deps.mailer, publicUrl: config.publicUrl }),
    logs: createLogService({ db }),
    // "Translate missing" (issue 24 §4): machine drafts from TRANSLATE_PROVIDER.
    machineDrafts: createMachineDraftService({
      db,
      translator: deps.translator ?? createTranslator(config, { log }),
      publicMenu,
    }),
    reseller,
    /** The public menu's drops on their way to the other instances (see Invalidations.published). */
    changesPublished: () => menuChanges.published(),
    /** Stops what the services run in the background (the analytics buffer). */
    async close(): Promise<void> {
      await analytics.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
