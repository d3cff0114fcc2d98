import { isValidInn, isValidOgrn } from '@b2bpay/domain';
import { z } from 'zod';
import { DEFAULT_TRUSTED_PROXIES, trustedProxyProblem } from './shared/client-address';
import { parseDuration, parseSchedule } from './shared/durations';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const duration = (name: string) =>
  z.string().transform((v, ctx) => {
    const ms = parseDuration(v);
    if (ms === null)
      ctx.addIssue({ code: 'custom', message: `${name}: ожидается длительность вида 72h, 30s, 500ms` });
    return ms ?? 0;
  });

/** A comma-separated list of proxy addresses and subnets (shared/client-address.ts). */
const trustedProxies = z
  .string()
  .default(DEFAULT_TRUSTED_PROXIES.join(','))
  .transform((v, ctx) => {
    const entries = v
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      const problem = trustedProxyProblem(entry);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }
    return entries;
  });

/** The addresses our webhooks leave from (DESIGN §6, spec: receivers check the sender IP), published as such. */
const senderAddresses = z
  .string()
  .default('')
  .transform((v, ctx) => {
    const entries = v
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
    for (const entry of entries) {
      if (trustedProxyProblem(entry)) {
        ctx.addIssue({ code: 'custom', message: `WEBHOOK_SENDER_IPS: не IP-адрес или подсеть: ${entry}` });
      }
    }
    return entries;
  });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  // Default by NODE_ENV (see loadConfig): 127.0.0.1 in development, 0.0.0.0 otherwise.
  HOST: z.string().optional(),
  // Proxies whose X-Forwarded-For names the client; loopback only unless said otherwise.
  TRUSTED_PROXIES: trustedProxies,
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  REDIS_URL: z.string().optional(),
  // A rate-limit count that Redis has not answered within this is counted in this process instead.
  REDIS_TIMEOUT_MS: z.coerce.number().int().min(5).max(10_000).default(100),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default('B2BPay <no-reply@b2bpay.local>'),
  // Where the landing's enquiries are announced (a letter per new lead); unset: no letter.
  SALES_EMAIL: z.email().optional(),
  SMS_PROVIDER: z.enum(['smsru', 'http', 'console']).default('console'),
  SMS_HTTP_URL: z.url().optional(),
  SMSRU_API_ID: z.string().optional(),
  SMSRU_URL: z.url().default('https://sms.ru/sms/send'),
  DADATA_API_KEY: z.string().optional(),
  DADATA_URL: z.url().default('https://suggestions.dadata.ru/suggestions/api/4_1/rs'),
  // The spec's 1, 5 and 15 minutes, then longer gaps up to 3 days, as Stripe does: a receiver down
  // for an evening or a weekend night still gets every event.
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .default('1m,5m,15m,1h,3h,6h,12h,24h,24h')
    .transform((v, ctx) => {
      const schedule = parseSchedule(v);
      if (!schedule)
        ctx.addIssue({ code: 'custom', message: 'WEBHOOK_RETRY_SCHEDULE: ожидается список вида 1m,5m,15m' });
      return schedule ?? [];
    }),
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  // The workers' outgoing addresses, as the network sees them: GET /api/webhooks/sender-ips lists them.
  WEBHOOK_SENDER_IPS: senderAddresses,
  WEBHOOK_ALLOW_PRIVATE: bool.default(false),
  // Default by NODE_ENV: http:// webhook URLs are refused in production unless this allows them.
  WEBHOOK_ALLOW_HTTP: bool.optional(),
  CLIENT_INFO_TTL: duration('CLIENT_INFO_TTL').default(72 * 3_600_000),
  // The sandbox banks (apps/sandbox-bank) mounted on this server and registered as banks; by default
  // everywhere but production. Off: banks come from the CLI (npm run cli -- bank create …).
  SANDBOX_BANKS: bool.optional(),
  SANDBOX_DECISION_DELAY_MS: z.coerce.number().int().min(0).default(5000),
  SANDBOX_PAYMENT_DELAY_MS: z.coerce.number().int().min(0).default(10000),
  // Default by NODE_ENV: the demo shop (public keys) only outside production.
  DEMO_SHOP: bool.optional(),
  // The explicit second setting production needs to keep DEMO_SHOP=true.
  DEMO_SHOP_IN_PRODUCTION: bool.default(false),
  // The operator of personal data, named in the documents buyers and visitors agree to (152-FZ):
  // required in production, clearly marked demo values elsewhere (DEMO_OPERATOR).
  OPERATOR_NAME: z.string().trim().min(1).optional(),
  OPERATOR_OGRN: z.string().trim().optional(),
  OPERATOR_INN: z.string().trim().optional(),
  OPERATOR_ADDRESS: z.string().trim().min(1).optional(),
  ADMIN_TOKEN: z.string().min(16, 'ADMIN_TOKEN: не короче 16 символов').optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(100),
  /** One-time codes (SMS and e-mail) one shop's buyers may be sent, over all orders (SMS pumping). */
  CODES_PER_SHOP_PER_HOUR: z.coerce.number().int().min(1).default(200),
  CODES_PER_SHOP_PER_DAY: z.coerce.number().int().min(1).default(1000),
  PUBLISHABLE_KEY_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(1000),
  // The personal cabinet (DESIGN §12): a session ends after this long unused, and this long after log-in at most.
  CABINET_SESSION_IDLE: duration('CABINET_SESSION_IDLE').default(12 * 3_600_000),
  CABINET_SESSION_ABSOLUTE: duration('CABINET_SESSION_ABSOLUTE').default(30 * 86_400_000),
  /** Requests one logged-in user may make per minute over the shop operations (apart from the key's). */
  CABINET_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /** Failed log-ins allowed per account and per client address within LOGIN_THROTTLE_WINDOW. */
  LOGIN_FAILURES_PER_ACCOUNT: z.coerce.number().int().min(1).default(10),
  LOGIN_FAILURES_PER_ADDRESS: z.coerce.number().int().min(1).default(50),
  LOGIN_THROTTLE_WINDOW: duration('LOGIN_THROTTLE_WINDOW').default(15 * 60_000),
  /** Sign-up and reset letters one address may be sent per hour (beyond: the same 202, no letter). */
  CABINET_LETTERS_PER_ADDRESS_PER_HOUR: z.coerce.number().int().min(1).default(5),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  WIDGET_DIST: z.string().optional(),
  WORKER: z.enum(['inline', 'off']).default('inline'),
  WORKER_POLL_MS: z.coerce.number().int().min(10).default(500),
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(32),
  WORKER_LEASE_MS: z.coerce.number().int().min(1000).default(60_000),
  LIVE_HEARTBEAT_MS: z.coerce.number().int().min(50).default(15_000),
  /** After SIGTERM: how long in-flight requests and running jobs get before they are cut off. */
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  /** Lets a Prometheus scraper off this host read GET /metrics (loopback always may). */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** `npm run worker`: serve /metrics and the probes on this port (worker processes have no API). */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  // Lanes of background work (modules/jobs/lanes.ts) and the webhook lane's fairness.
  WORKER_MESSAGE_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(8),
  WORKER_BANK_CONCURRENCY: z.coerce.number().int().min(1).max(500).default(8),
  WEBHOOK_SLOTS_PER_SHOP: z.coerce.number().int().min(1).max(500).default(4),
  WEBHOOK_TEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(3000),
  WEBHOOK_TESTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  WEBHOOK_PAUSE_AFTER_TIMEOUTS: z.coerce.number().int().min(1).default(3),
  WEBHOOK_PAUSE: duration('WEBHOOK_PAUSE').default(60_000),
  // Retention (modules/retention): what the sweep deletes, and how.
  RETENTION_JOBS: duration('RETENTION_JOBS').default(7 * 86_400_000),
  RETENTION_EVENTS: duration('RETENTION_EVENTS').default(30 * 86_400_000),
  RETENTION_WEBHOOK_ATTEMPTS: duration('RETENTION_WEBHOOK_ATTEMPTS').default(30 * 86_400_000),
  RETENTION_NOTIFICATIONS: duration('RETENTION_NOTIFICATIONS').default(30 * 86_400_000),
  RETENTION_CODES: duration('RETENTION_CODES').default(86_400_000),
  RETENTION_IDEMPOTENCY_KEYS: duration('RETENTION_IDEMPOTENCY_KEYS').default(86_400_000),
  RETENTION_AUDIT: duration('RETENTION_AUDIT').default(365 * 86_400_000),
  RETENTION_SWEEP_EVERY: duration('RETENTION_SWEEP_EVERY').default(60_000),
  RETENTION_BATCH: z.coerce.number().int().min(1).max(10_000).default(500),
});

export type Config = Omit<
  z.infer<typeof EnvSchema>,
  | 'PUBLIC_URL'
  | 'HOST'
  | 'DEMO_SHOP'
  | 'WEBHOOK_ALLOW_HTTP'
  | 'SANDBOX_BANKS'
  | 'OPERATOR_NAME'
  | 'OPERATOR_OGRN'
  | 'OPERATOR_INN'
  | 'OPERATOR_ADDRESS'
> & {
  OPERATOR_NAME: string;
  OPERATOR_OGRN: string;
  OPERATOR_INN: string;
  OPERATOR_ADDRESS: string;
  SANDBOX_BANKS: boolean;
  PUBLIC_URL: string;
  HOST: string;
  DEMO_SHOP: boolean;
  WEBHOOK_ALLOW_HTTP: boolean;
};

export class ConfigError extends Error {}

/**
 * The operator's details outside production when none are set: valid checksums (so the documents
 * render as they will), and marked as demo in the name and the address a reader sees.
 */
export const DEMO_OPERATOR = {
  OPERATOR_NAME: 'ООО «Демо-оператор» (демонстрационные реквизиты, не для рабочей установки)',
  OPERATOR_OGRN: '1027700000008',
  OPERATOR_INN: '7700000009',
  OPERATOR_ADDRESS: '101000, г. Москва, ул. Примерная, д. 1 (демонстрационный адрес)',
} as const;

const OPERATOR_KEYS = ['OPERATOR_NAME', 'OPERATOR_OGRN', 'OPERATOR_INN', 'OPERATOR_ADDRESS'] as const;

/**
 * The operator's details: all four in production (the documents a buyer consents to must name who
 * processes the data), the demo ones for those not set elsewhere; ОГРН and ИНН checked by their
 * checksums wherever they are given.
 */
function operatorOf(
  config: z.infer<typeof EnvSchema>,
  production: boolean,
): Record<(typeof OPERATOR_KEYS)[number], string> {
  const problems: string[] = [];
  if (production) {
    const missing = OPERATOR_KEYS.filter((key) => config[key] === undefined);
    if (missing.length > 0)
      problems.push(
        `  ${missing.join(', ')}: обязательны в production — реквизиты оператора персональных данных ` +
          '(наименование, ОГРН, ИНН, адрес) печатаются в политике конфиденциальности и согласиях покупателя',
      );
  }
  const operator = Object.fromEntries(
    OPERATOR_KEYS.map((key) => [key, config[key] ?? DEMO_OPERATOR[key]]),
  ) as Record<(typeof OPERATOR_KEYS)[number], string>;
  if (config.OPERATOR_OGRN !== undefined && !isValidOgrn(operator.OPERATOR_OGRN))
    problems.push('  OPERATOR_OGRN: ожидается ОГРН юридического лица — 13 цифр с верной контрольной цифрой');
  if (
    config.OPERATOR_INN !== undefined &&
    !(/^\d{10}$/.test(operator.OPERATOR_INN) && isValidInn(operator.OPERATOR_INN))
  )
    problems.push('  OPERATOR_INN: ожидается ИНН юридического лица — 10 цифр с верной контрольной цифрой');
  if (problems.length > 0) throw new ConfigError(`Неверные настройки окружения:\n${problems.join('\n')}`);
  return operator;
}

/** Parses the environment once at start-up; every bad key is listed in one error. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  // Empty strings in .env files mean "not set".
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = EnvSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Неверные настройки окружения:\n${lines.join('\n')}`);
  }
  const config = parsed.data;
  if (config.SMS_PROVIDER === 'http' && !config.SMS_HTTP_URL) {
    throw new ConfigError('Неверные настройки окружения:\n  SMS_HTTP_URL: обязателен при SMS_PROVIDER=http');
  }
  if (config.SMS_PROVIDER === 'smsru' && !config.SMSRU_API_ID) {
    throw new ConfigError('Неверные настройки окружения:\n  SMSRU_API_ID: обязателен при SMS_PROVIDER=smsru');
  }
  if (config.WORKER_LEASE_MS <= config.WEBHOOK_TIMEOUT_MS) {
    // A lease shorter than one delivery attempt would let a second worker re-send it meanwhile.
    throw new ConfigError(
      'Неверные настройки окружения:\n  WORKER_LEASE_MS: должен быть больше WEBHOOK_TIMEOUT_MS',
    );
  }
  const production = config.NODE_ENV === 'production';
  const demoShop = config.DEMO_SHOP ?? !production;
  if (production && demoShop && !config.DEMO_SHOP_IN_PRODUCTION) {
    // The demo shop's keys are public: in production it exists only when asked for twice.
    throw new ConfigError(
      'Неверные настройки окружения:\n  DEMO_SHOP: демо-магазин с публичными ключами в production — ' +
        'только вместе с DEMO_SHOP_IN_PRODUCTION=true',
    );
  }
  const operator = operatorOf(config, production);
  const retentionProblems = retentionFloors(config);
  if (retentionProblems.length > 0)
    throw new ConfigError(`Неверные настройки окружения:\n${retentionProblems.join('\n')}`);
  const publicUrl = (config.PUBLIC_URL ?? `http://localhost:${config.PORT}`).replace(/\/+$/, '');
  return {
    ...config,
    ...operator,
    PUBLIC_URL: publicUrl,
    // Development listens on this machine only (its outbox shows one-time codes); say HOST to share.
    HOST: config.HOST ?? (config.NODE_ENV === 'development' ? '127.0.0.1' : '0.0.0.0'),
    DEMO_SHOP: demoShop,
    WEBHOOK_ALLOW_HTTP: config.WEBHOOK_ALLOW_HTTP ?? !production,
    SANDBOX_BANKS: config.SANDBOX_BANKS ?? !production,
  };
}

const HOUR_MS = 3_600_000;

/**
 * Retentions shorter than the windows the code reads back would break rules: one-time codes are
 * counted per shop per day (verification.service.ts), an Idempotency-Key holds for 24 h
 * (orders/idempotency.ts).
 */
function retentionFloors(config: z.infer<typeof EnvSchema>): string[] {
  const problems: string[] = [];
  if (config.RETENTION_CODES < 24 * HOUR_MS) problems.push('  RETENTION_CODES: не меньше 24h');
  if (config.RETENTION_IDEMPOTENCY_KEYS < 24 * HOUR_MS)
    problems.push('  RETENTION_IDEMPOTENCY_KEYS: не меньше 24h');
  return problems;
}
