import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Comma-separated list → array (empty entries dropped). */
const csv = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

/** S3's naming rules: 3–63 lowercase letters, digits, dots and hyphens, no `..`, not an IP address */
const bucketName = z
  .string()
  .refine(
    (s) =>
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(s) && !s.includes('..') && !/^\d+\.\d+\.\d+\.\d+$/.test(s),
    'must be a valid bucket name: 3–63 lowercase letters, digits, dots and hyphens, starting and ending with a letter or digit',
  );

const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const trustProxy = z
  .string()
  .optional()
  .refine(
    (s) =>
      s === undefined ||
      /^\d+$/.test(s) ||
      s.split(',').every((e) => {
        const [addr = '', bits, ...rest] = e.trim().split('/');
        return (
          (PROXY_NAMES.includes(addr) && bits === undefined) ||
          (isIP(addr) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits)))
        );
      }),
    'must be a hop count or comma-separated proxy addresses or CIDRs (10.0.0.0/8, loopback); `true` (trust anyone) is not accepted',
  )
  .transform((s): number | string[] | false =>
    s === undefined ? false : /^\d+$/.test(s) ? Number(s) || false : s.split(',').map((e) => e.trim()),
  );

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** where the embedded database, blobs and generated secrets live */
  DATA_DIR: z.string().default('./data'),
  /** PostgreSQL connection string; unset = embedded PGlite in DATA_DIR */
  DATABASE_URL: z.string().url().optional(),
  /** web | worker | all (default: one process serving API + SPA and running jobs) */
  ROLE: z.enum(['web', 'worker', 'all']).default('all'),
  /** a task whose worker stops renewing this lease (crash, SIGKILL) is run again by another worker */
  WORKER_LEASE_MS: z.coerce.number().int().min(500).default(30_000),
  /**
   * the hourly blob sweep deletes stored files no row references once they are this old (a file
   * is stored before the row naming it is written: longer than any single write may take)
   */
  BLOB_SWEEP_GRACE_HOURS: z.coerce.number().min(0).default(24),
  /** tasks one worker process runs at once */
  WORKER_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  /** threads a worker process maps records on (default: one per core) */
  ENGINE_THREADS: z.coerce.number().int().min(1).max(64).default(Math.max(1, availableParallelism())),
  /** user code evaluated for a workflow run or a preview (JSONata, mappings) is stopped after this */
  USER_CODE_TIMEOUT_MS: z.coerce.number().int().min(100).default(10_000),
  /** heap limit of the threads that evaluate it, in MB */
  USER_CODE_MEMORY_MB: z.coerce.number().int().min(64).default(512),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** HS256 secret for JWTs; unset = a random one generated once and kept in DATA_DIR */
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .default(8 * 3600),
  RESET_TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).default(3600),
  /** allowed browser origins for CORS (the SPA is same-origin by default) */
  WEB_ORIGIN: csv,
  /** absolute URL of the app, used in emailed links; defaults to http://HOST:PORT */
  PUBLIC_URL: z.string().url().optional(),
  SEED_ADMIN_EMAIL: z.email().default('demo@mapwright.dev'),
  SEED_ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').default('demo-harbour-lantern'),
  /** the demo organization gets a sample project on first start (false: it starts empty) */
  SEED_SAMPLE_DATA: z
    .enum(['true', 'false'])
    .default('true')
    .transform((v) => v === 'true'),
  SEED_STAFF_EMAIL: z.email().default('staff@mapwright.dev'),
  /** set to create an internal staff account (impersonation) at seed */
  SEED_STAFF_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
  /** smtp://user:pass@host:port — unset = reset links are written to the server log */
  SMTP_URL: z.string().url().optional(),
  SMTP_FROM: z.string().default('Mapwright <no-reply@mapwright.dev>'),
  /** failed sign-ins (and password-reset tries) one client address may make per minute, over all accounts */
  LOGIN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  /** failed sign-ins an account may have before each further try waits (1 s, doubling) */
  LOGIN_FREE_FAILURES: z.coerce.number().int().min(1).default(5),
  /** the longest such wait: an attacker can slow a real user down, never lock them out for longer */
  LOGIN_MAX_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(300),
  /**
   * which proxies may set X-Forwarded-For (the client address the limits above count by): a hop
   * count (`1` = the nearest proxy) or addresses/CIDRs (`10.0.0.1,172.16.0.0/12`, or `loopback`).
   * Unset = none: the address is the TCP peer's, so a client cannot pick a fresh one per request.
   */
  TRUST_PROXY: trustProxy,
  PRODUCT_NAME: z.string().default('Mapwright'),
  OLD_HOST: z.string().optional(),
  NEW_HOST: z.string().optional(),
  /** organization ids (or `demo` for the seeded demo organization) shown the migration modal */
  MIGRATION_ORG_IDS: csv,
  /** organization ids (or `demo`) whose root path lands on /projects */
  PROJECTS_LANDING_ORG_IDS: csv,
  ANALYTICS_SCRIPT_URL: z.string().url().optional(),
  ANALYTICS_KEY: z.string().optional(),
  ANALYTICS_EXCLUDED_ORG_ID: z.string().optional(),
  CHAT_SUPPORT_REGION: z.enum(['us', 'eu', 'ap']).default('us'),
  /** the chat-support widget (Intercom) is off unless its app id is set */
  CHAT_SUPPORT_APP_ID: z
    .string()
    .regex(/^[a-z0-9]{4,32}$/i, 'must be the widget app id (letters and digits)')
    .optional(),
  /**
   * System status read from elsewhere (spec §7): a listing whose first entry names the latest
   * version (`[{version}]`, `{items:[{version}]}` or a commit list's `sha`), then the status JSON
   * of that version (`{version}` in the URL is replaced). Unset = the server's own status.
   */
  STATUS_LISTING_URL: z.url({ protocol: /^https?$/ }).optional(),
  STATUS_URL: z
    .url({ protocol: /^https?$/ })
    .refine((u) => decodeURI(u).includes('{version}'), 'must contain {version}')
    .optional(),
  /** optional system-status override shown in the app's banner */
  STATUS_TYPE: z.enum(['success', 'info', 'warning', 'error']).default('success'),
  STATUS_MESSAGE: z.string().default('All systems operational'),
  /** optional bearer key the sample finance API requires (unset = open) */
  FINANCE_API_KEY: z.string().optional(),
  /**
   * hosts and CIDRs workflow calls may reach although they are private (e.g. an intranet API):
   * `api.internal,10.1.0.0/16`. A host entry matches that spelling only; a CIDR any name in it.
   */
  OUTBOUND_ALLOWLIST: csv.refine(
    (list) => list.every((e) => !e.includes('/') || /^[0-9a-f.:]+\/\d{1,3}$/i.test(e)),
    'must be comma-separated host names, addresses or CIDRs (10.0.0.0/8)',
  ),
  /** largest accepted upload, in bytes */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1)
    .default(2 * 1024 ** 3),
  /** optional LLM (any OpenAI-compatible API: OpenAI, Azure, Ollama, vLLM); off unless a key or base URL is set */
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_BASE_URL: z.string().url().optional(),
  OPENAI_MODEL: z.string().default('gpt-4o-mini'),
  /** plan limits shown on the billing page with the share used; unset = unlimited */
  PLAN_RECORDS_PER_MONTH: z.coerce.number().int().min(1).optional(),
  PLAN_PIPELINES: z.coerce.number().int().min(1).optional(),
  PLAN_SEATS: z.coerce.number().int().min(1).optional(),
  /** a run is `needs review` when any suggested field's confidence is below this (0..1) */
  REVIEW_CONFIDENCE: z.coerce.number().min(0).max(1).default(0.5),
  /** path of the built SPA; unset = apps/web/dist */
  WEB_DIST: z.string().optional(),
  /** set = blobs go to this S3-compatible bucket instead of DATA_DIR/blobs */
  S3_BUCKET: bucketName.optional(),
  /** an S3-compatible service (MinIO, R2, ...); unset = AWS */
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_REGION: z.string().default('us-east-1'),
  /** both or neither; unset = the SDK's default credential chain */
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  S3_PREFIX: z.string().default(''),
  /** default: true when S3_ENDPOINT is set */
  S3_FORCE_PATH_STYLE: z
    .string()
    .regex(/^(true|false|1|0|yes|no|on|off)$/i, 'must be true or false')
    .optional(),
});

/** cross-variable checks run even when other variables are bad, so one error lists everything */
const always = { when: () => true };

const ZConfig = ZEnv.refine((c) => !c.S3_ACCESS_KEY_ID || c.S3_SECRET_ACCESS_KEY, {
  path: ['S3_SECRET_ACCESS_KEY'],
  message: 'required when S3_ACCESS_KEY_ID is set',
  ...always,
})
  .refine((c) => !c.STATUS_LISTING_URL === !c.STATUS_URL, {
    path: ['STATUS_URL'],
    message: 'STATUS_LISTING_URL and STATUS_URL are set together',
    ...always,
  })
  .refine((c) => !c.S3_SECRET_ACCESS_KEY || c.S3_ACCESS_KEY_ID, {
    path: ['S3_ACCESS_KEY_ID'],
    message: 'required when S3_SECRET_ACCESS_KEY is set',
    ...always,
  })
  .refine(
    (c) =>
      c.S3_BUCKET ||
      (!c.S3_ENDPOINT &&
        !c.S3_ACCESS_KEY_ID &&
        !c.S3_SECRET_ACCESS_KEY &&
        c.S3_FORCE_PATH_STYLE === undefined),
    { path: ['S3_BUCKET'], message: 'required when other S3_ variables are set', ...always },
  )
  .transform((c) => ({
    ...c,
    S3_FORCE_PATH_STYLE:
      c.S3_FORCE_PATH_STYLE === undefined
        ? c.S3_ENDPOINT !== undefined
        : /^(true|1|yes|on)$/i.test(c.S3_FORCE_PATH_STYLE),
  }));

export type Config = z.infer<typeof ZConfig>;

/** TRUST_PROXY as Fastify's `trustProxy` (whose types take no hop count: a count is "the first n hops"). */
export const trustProxyOption = (v: Config['TRUST_PROXY']) =>
  typeof v === 'number' ? (_address: string, hop: number) => hop < v : v;

export class ConfigError extends Error {}

/** Parses the environment once; throws one error listing every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const result = ZConfig.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return result.data;
}
