import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/**
 * Configuration of decisions §2, read once from the environment at start. A wrong value stops the
 * server with a message that names the variable (STYLE rule 9).
 */
const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

/** Names proxy-addr understands for address ranges (Fastify's `trustProxy`). */
const proxyRangeNames = ['loopback', 'linklocal', 'uniquelocal'];

const isProxyAddress = (entry: string): boolean => {
  if (proxyRangeNames.includes(entry)) return true;
  const [address = '', prefix, extra] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};

/**
 * Which proxies may name the client in X-Forwarded-For (docs/deploy-and-scale.md). Unset or `false`:
 * none, the socket's address is the client. A number: that many hops in front of the server are
 * trusted. Otherwise a comma-separated list of proxy addresses or CIDR ranges. `true` (believe anyone)
 * is refused: it lets any client forge its address.
 */
const trustProxySetting = z
  .string()
  .trim()
  .transform((value, context): TrustProxy => {
    if (value === 'false' || value === '0') return false;
    if (/^\d+$/.test(value)) return Number(value);
    const entries = value.split(',').map((entry) => entry.trim());
    if (value !== 'true' && entries.every(isProxyAddress)) return entries;
    context.addIssue({
      code: 'custom',
      message:
        'must be a hop count (e.g. 1) or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8)',
    });
    return z.NEVER;
  });

/** Trusted proxies: none, a number of hops, or addresses and ranges. */
export type TrustProxy = false | number | string[];

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection string')
    .optional(),
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1).max(65535).default(5433),
  /** Connections each instance keeps to PostgreSQL (requests wait for one under load). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Carte <no-reply@localhost>'),
  /** Defaults to `local` only for the embedded first run; see loadConfig. */
  BILLING_PROVIDER: z.enum(['stripe', 'local', 'off']).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_PRICE_MONTHLY: z.string().optional(),
  STRIPE_PRICE_YEARLY: z.string().optional(),
  /** Another address for Stripe's API: stripe-mock, or the tests' contract stand-in. */
  STRIPE_API_BASE: z.url().optional(),
  /**
   * Promotion codes of the built-in test provider: `CODE:10%` (percent off) or `CODE:5.00` (dollars
   * off), comma separated. Checked at start.
   */
  LOCAL_PROMOTION_CODES: z
    .string()
    .regex(
      /^\s*[A-Za-z0-9_-]{1,40}:(\d{1,2}(\.\d+)?%|100%|\d{1,6}(\.\d{1,2})?)\s*(,\s*[A-Za-z0-9_-]{1,40}:(\d{1,2}(\.\d+)?%|100%|\d{1,6}(\.\d{1,2})?)\s*)*$/,
      'must be a comma-separated list of CODE:10% or CODE:5.00',
    )
    .default('WELCOME10:10%'),
  /** The plan's prices in cents (doc 2 §3), shown by /subscribe and charged by the checkout. */
  PRICE_MONTHLY_CENTS: z.coerce.number().int().min(0).default(1900),
  PRICE_YEARLY_CENTS: z.coerce.number().int().min(0).default(19000),
  CAPTCHA: z.enum(['altcha', 'recaptcha', 'off']).default('altcha'),
  RECAPTCHA_SECRET: z.string().optional(),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_BUCKET: z.string().optional(),
  S3_REGION: z.string().optional(),
  S3_ENDPOINT: z.url().optional(),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  /** Where browsers fetch stored files (a CDN in front of the bucket); unset: /media/ on the server. */
  S3_PUBLIC_URL: z.url().optional(),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Before every Redis key and channel, so deployments (or tests) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9_.:-]{1,64}$/, 'must be 1 to 64 letters, digits or _ . : -')
    .default('carte:'),
  SUPER_ADMIN_EMAIL: z.email().optional(),
  SUPER_ADMIN_PASSWORD: z.string().min(8).optional(),
  /** Where the help pop-up's "Report an issue" and "Send an inquiry" mail links go. */
  SUPPORT_EMAIL: z.email().optional(),
  SEED_DEMO: bool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxySetting.optional(),
  /** Sign-in throttling (docs/decisions.md, Throttling): failures per account from one address … */
  LOGIN_PAIR_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  /** … failures from one address whatever the account … */
  LOGIN_ADDRESS_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  /** … both counted within this window after the last failure. */
  LOGIN_WINDOW_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Failures of one account, from anywhere, before its exponential back-off starts. */
  LOGIN_ACCOUNT_FREE_FAILURES: z.coerce.number().int().min(1).default(10),
  /** The longest back-off of one account. */
  LOGIN_BACKOFF_MAX_MINUTES: z.coerce.number().int().min(1).default(15),
  /** Account mails (reset, username, verification, email change) asked for one address … */
  MAIL_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(3),
  /** … and by one client … */
  MAIL_REQUESTS_PER_CLIENT: z.coerce.number().int().min(1).default(10),
  /** … within this window after the last request. */
  MAIL_REQUEST_WINDOW_MINUTES: z.coerce.number().int().min(1).default(60),
  /** Rows of the `logs` table (failed requests) older than this many days are deleted daily. */
  LOG_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
  WEB_DIST: z.string().optional(),
  /** Machine drafts of translations (issue 24 §4): off, a LibreTranslate server, or DeepL. */
  TRANSLATE_PROVIDER: z.enum(['off', 'libretranslate', 'deepl']).default('off'),
  LIBRETRANSLATE_URL: z.url({ error: 'must be a URL such as http://localhost:5000' }).optional(),
  LIBRETRANSLATE_API_KEY: z.string().optional(),
  DEEPL_API_KEY: z.string().optional(),
  /** Another address for DeepL's API; unset: api-free.deepl.com for a free key (ending in :fx), else api.deepl.com. */
  DEEPL_URL: z.url({ error: 'must be a URL such as https://api.deepl.com' }).optional(),
});

export type Env = z.infer<typeof envSchema>;

/**
 * SUPPORT_EMAIL when unset. Not the super admin's address: GET /api/config is public, and that
 * address signs in to the platform's most powerful account (docs/decisions.md, Help).
 */
export const DEFAULT_SUPPORT_EMAIL = 'support@localhost';

export interface Config {
  env: Env['NODE_ENV'];
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  embeddedPgPort: number;
  databasePoolSize: number;
  jwtSecret: string;
  smtpUrl: string | null;
  mailFrom: string;
  billingProvider: NonNullable<Env['BILLING_PROVIDER']>;
  stripe: {
    secretKey?: string;
    webhookSecret?: string;
    priceMonthly?: string;
    priceYearly?: string;
    apiBase?: string;
  };
  /** LOCAL_PROMOTION_CODES, parsed: percent_off or amount_off in cents. */
  localPromotionCodes: { code: string; percent_off: number | null; amount_off: number | null }[];
  /** Plan prices in cents (PRICE_MONTHLY_CENTS, PRICE_YEARLY_CENTS). */
  priceMonthlyCents: number;
  priceYearlyCents: number;
  captcha: Env['CAPTCHA'];
  recaptchaSecret: string | null;
  recaptchaSiteKey: string | null;
  storage: Env['STORAGE'];
  s3: {
    bucket?: string;
    region?: string;
    endpoint?: string;
    accessKeyId?: string;
    secretAccessKey?: string;
    publicUrl?: string;
  };
  redisUrl: string | null;
  redisKeyPrefix: string;
  superAdmin: { email?: string; password?: string };
  /** The platform's support address (SUPPORT_EMAIL), shown to every visitor of the web app. */
  supportEmail: string;
  seedDemo: boolean;
  logLevel: Env['LOG_LEVEL'];
  /** Which proxies may name the client (TRUST_PROXY). */
  trustProxy: TrustProxy;
  login: {
    pairMaxFailures: number;
    addressMaxFailures: number;
    windowMinutes: number;
    accountFreeFailures: number;
    backoffMaxMinutes: number;
  };
  mailRequests: { perAddress: number; perClient: number; windowMinutes: number };
  logRetentionDays: number;
  webDist: string;
  /** The machine translation service (TRANSLATE_PROVIDER) and how to reach it. */
  translate: TranslateConfig;
  /** Secret used to sign ALTCHA challenges and hash visitor ids; derived from the JWT secret. */
  hmacKey: string;
}

/** TRANSLATE_PROVIDER with what it needs: loadConfig requires the URL or key of the chosen service. */
export type TranslateConfig =
  | { provider: 'off' }
  | { provider: 'libretranslate'; url: string; apiKey: string | null }
  | { provider: 'deepl'; url: string; apiKey: string };

/** DeepL's free-plan keys end in ":fx" and are served by api-free.deepl.com only. */
export const deeplUrlFor = (apiKey: string): string =>
  apiKey.endsWith(':fx') ? 'https://api-free.deepl.com' : 'https://api.deepl.com';

function translateConfig(env: Env): TranslateConfig {
  switch (env.TRANSLATE_PROVIDER) {
    case 'off':
      return { provider: 'off' };
    case 'libretranslate':
      return {
        provider: 'libretranslate',
        url: env.LIBRETRANSLATE_URL!.replace(/\/$/, ''),
        apiKey: env.LIBRETRANSLATE_API_KEY ?? null,
      };
    case 'deepl':
      return {
        provider: 'deepl',
        url: (env.DEEPL_URL ?? deeplUrlFor(env.DEEPL_API_KEY!)).replace(/\/$/, ''),
        apiKey: env.DEEPL_API_KEY!,
      };
  }
}

export class ConfigError extends Error {}

/** A secret generated once and kept in DATA_DIR, so restarts keep sessions valid. */
function persistentSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, `${name}.secret`);
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    const secret = randomBytes(48).toString('base64url');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  // A setting that was replaced, so a deployment that still sets it learns what to set instead.
  if (cleaned.LOGIN_MAX_FAILURES !== undefined) {
    throw new ConfigError(
      'Invalid configuration:\n  LOGIN_MAX_FAILURES: replaced by LOGIN_PAIR_MAX_FAILURES and LOGIN_ADDRESS_MAX_FAILURES',
    );
  }
  const env = parsed.data;
  const require = (name: keyof Env, when: boolean) => {
    if (when && !env[name]) throw new ConfigError(`Invalid configuration:\n  ${name}: required`);
  };
  require('RECAPTCHA_SECRET', env.CAPTCHA === 'recaptcha');
  for (const name of [
    'STRIPE_SECRET_KEY',
    'STRIPE_WEBHOOK_SECRET',
    'STRIPE_PRICE_MONTHLY',
    'STRIPE_PRICE_YEARLY',
  ] as const)
    require(name, env.BILLING_PROVIDER === 'stripe');
  // `local` activates a paid plan without paying: fine for a first run on the embedded database,
  // never by accident on a production database (issue 8).
  if (!env.BILLING_PROVIDER && env.NODE_ENV === 'production' && env.DATABASE_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  BILLING_PROVIDER: required with NODE_ENV=production and DATABASE_URL (stripe, local or off; local activates plans without payment)',
    );
  }
  require('S3_BUCKET', env.STORAGE === 's3');
  if (env.TRANSLATE_PROVIDER === 'libretranslate' && !env.LIBRETRANSLATE_URL)
    throw new ConfigError(
      'Invalid configuration:\n  LIBRETRANSLATE_URL: required with TRANSLATE_PROVIDER=libretranslate (the address of the LibreTranslate server)',
    );
  if (env.TRANSLATE_PROVIDER === 'deepl' && !env.DEEPL_API_KEY)
    throw new ConfigError(
      'Invalid configuration:\n  DEEPL_API_KEY: required with TRANSLATE_PROVIDER=deepl (the key of your DeepL API account)',
    );

  const dataDir = path.resolve(env.DATA_DIR);
  const jwtSecret = env.JWT_SECRET ?? persistentSecret(dataDir, 'jwt');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    embeddedPgPort: env.EMBEDDED_PG_PORT,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    jwtSecret,
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    billingProvider: env.BILLING_PROVIDER ?? 'local',
    stripe: {
      secretKey: env.STRIPE_SECRET_KEY,
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      priceMonthly: env.STRIPE_PRICE_MONTHLY,
      priceYearly: env.STRIPE_PRICE_YEARLY,
      apiBase: env.STRIPE_API_BASE,
    },
    localPromotionCodes: env.LOCAL_PROMOTION_CODES.split(',').map((entry) => {
      const [code = '', value = ''] = entry.trim().split(':');
      return value.endsWith('%')
        ? { code, percent_off: Number(value.slice(0, -1)), amount_off: null }
        : { code, percent_off: null, amount_off: Math.round(Number(value) * 100) };
    }),
    priceMonthlyCents: env.PRICE_MONTHLY_CENTS,
    priceYearlyCents: env.PRICE_YEARLY_CENTS,
    captcha: env.CAPTCHA,
    recaptchaSecret: env.RECAPTCHA_SECRET ?? null,
    recaptchaSiteKey: env.RECAPTCHA_SITE_KEY ?? null,
    storage: env.STORAGE,
    s3: {
      bucket: env.S3_BUCKET,
      region: env.S3_REGION,
      endpoint: env.S3_ENDPOINT,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      publicUrl: env.S3_PUBLIC_URL,
    },
    redisUrl: env.REDIS_URL ?? null,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    superAdmin: { email: env.SUPER_ADMIN_EMAIL, password: env.SUPER_ADMIN_PASSWORD },
    supportEmail: env.SUPPORT_EMAIL ?? DEFAULT_SUPPORT_EMAIL,
    seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
    logLevel: env.LOG_LEVEL,
    trustProxy: env.TRUST_PROXY ?? false,
    login: {
      pairMaxFailures: env.LOGIN_PAIR_MAX_FAILURES,
      addressMaxFailures: env.LOGIN_ADDRESS_MAX_FAILURES,
      windowMinutes: env.LOGIN_WINDOW_MINUTES,
      accountFreeFailures: env.LOGIN_ACCOUNT_FREE_FAILURES,
      backoffMaxMinutes: env.LOGIN_BACKOFF_MAX_MINUTES,
    },
    mailRequests: {
      perAddress: env.MAIL_REQUESTS_PER_ADDRESS,
      perClient: env.MAIL_REQUESTS_PER_CLIENT,
      windowMinutes: env.MAIL_REQUEST_WINDOW_MINUTES,
    },
    logRetentionDays: env.LOG_RETENTION_DAYS,
    webDist: path.resolve(env.WEB_DIST ?? path.join(import.meta.dirname, '../../web/dist')),
    translate: translateConfig(env),
    hmacKey: `${jwtSecret}:hmac`,
  };
}
