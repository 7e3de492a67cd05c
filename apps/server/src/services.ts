import type { PgBoss } from 'pg-boss';
import { createPayments, type PaymentsProvider } from './adapters/payments/index.ts';
import type { Storage } from './adapters/storage/storage.ts';
import type { Config } from './config.ts';
import type { Db } from './db/connect.ts';
import { createAccountService, type MailSender } from './features/accounts/account.service.ts';
import { createAccountMailRequests } from './features/accounts/account-mail.queue.ts';
import { createAnalyticsService } from './features/analytics/analytics.service.ts';
import {
  createMemoryLoginThrottle,
  type LoginThrottle,
  throttlePolicy,
} from './features/auth/login-throttle.ts';
import { createTokenService } from './features/auth/token.service.ts';
import { createBillingService } from './features/billing/billing.service.ts';
import { createCategoryService } from './features/categories/category.service.ts';
import { createCsvImportService } from './features/csv-import/csv-import.service.ts';
import { createCustomizationService } from './features/customizations/customization.service.ts';
import { createDietaryService } from './features/dietary/dietary.service.ts';
import { createDishService } from './features/dishes/dish.service.ts';
import { createFilterService } from './features/filters/filter.service.ts';
import { createIngredientService } from './features/ingredients/ingredient.service.ts';
import { createMediaLibraryService } from './features/media/media-library.service.ts';
import { createMenuService } from './features/menus/menu.service.ts';
import { createMenuTimelineService } from './features/menus/menu-timeline.service.ts';
import { createPublishingPolicy } from './features/menus/publishing.ts';
import {
  createPublicMenuCache,
  createPublicMenuService,
} from './features/public-menu/public-menu.service.ts';
import { createQrService } from './features/qr/qr.service.ts';
import { createRestaurantService } from './features/restaurants/restaurant.service.ts';

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
  /** The runtime's job queue: account mails asked for by address are queued on it. */
  boss: PgBoss;
}

/**
 * The one composition root (DESIGN.md): every service is built here, once, with its adapters and
 * the clock, and handed to the routes by app.ts. No route builds a service, and a feature reaches
 * another only through the service it is given here.
 */
export function createServices(deps: ServiceDeps) {
  const { config, db, storage, now } = deps;
  const payments = deps.payments ?? createPayments(config, { now });

  // Every service that changes what a diner sees tells the public menu (core/public-menu-changes.ts).
  // The public menu reads the subscription calendar before it reads menus; billing is built below.
  const publicMenu = createPublicMenuService({
    db,
    storage,
    now,
    cache: createPublicMenuCache(config, now),
    billing: { applyCalendar: (restaurantId) => billing.applyCalendar(restaurantId) },
  });
  const billing = createBillingService({ db, payments, publicUrl: config.publicUrl, now, publicMenu });

  const tokens = createTokenService({ db, secret: config.jwtSecret, now });
  const throttle = deps.throttle ?? createMemoryLoginThrottle(throttlePolicy(config), () => now().getTime());
  const accounts = createAccountService({
    db,
    tokens,
    mailer: deps.mailer,
    throttle,
    mailRequests: createAccountMailRequests(deps.boss),
    publicUrl: config.publicUrl,
    now,
    publicMenu,
  });

  const customizations = createCustomizationService({ db, publicMenu });
  const dietary = createDietaryService({ db, publicMenu });
  const menus = createMenuService({
    db,
    storage,
    canPublish: createPublishingPolicy({ billingProvider: config.billingProvider, billing }),
    now,
    publicMenu,
  });
  const analytics = createAnalyticsService({ db, now, publicUrl: config.publicUrl });

  return {
    payments,
    publicMenu,
    billing,
    tokens,
    accounts,
    customizations,
    dietary,
    menus,
    timeline: createMenuTimelineService({ db, storage, now, publicMenu }),
    categories: createCategoryService({ db, now, publicMenu }),
    ingredients: createIngredientService({ db, now, customizations, publicMenu }),
    dishes: createDishService({ db, storage, now, customizations, dietary, publicMenu }),
    filters: createFilterService({ db, publicMenu }),
    restaurants: createRestaurantService({ db, storage, customizations, publicMenu, now }),
    qr: createQrService({ db, storage, publicUrl: config.publicUrl }),
    csvImport: createCsvImportService({ db, publicMenu }),
    mediaLibrary: createMediaLibraryService({ db, storage, now }),
    analytics,
    /** Stops what the services run in the background (the analytics buffer). */
    async close(): Promise<void> {
      await analytics.close();
    },
  };
}

export type Services = ReturnType<typeof createServices>;
