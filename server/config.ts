import * as z from 'zod';
import { DEFAULT_DATA_DIR } from './data-dir-lock.mjs';

/** Unset and empty variables are the same thing to an operator. */
const optional = z.preprocess((v) => (v === '' ? undefined : v), z.string().optional());
const flag = z.preprocess((v) => (v === '' ? undefined : v), z.enum(['1', 'true', 'on', 'yes', '0', 'false', 'off', 'no']).optional());

const isOn = (v: string | undefined) => ['1', 'true', 'on', 'yes'].includes(v ?? '');

const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default(DEFAULT_DATA_DIR),
  DIST_DIR: z.string().min(1).default('./dist'),
  DATABASE_URL: optional.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres://')
      .optional(),
  ),
  JWT_SECRET: optional.pipe(z.string().min(32, 'must be at least 32 characters').optional()),
  PUBLIC_URL: optional.pipe(z.url().optional()),
  SMTP_URL: optional,
  MAIL_FROM: z.string().min(3).default('Franchise Console <no-reply@franchise-console.local>'),
  TRUST_PROXY: flag,
  SKIP_SPA_BUILD: flag,
  SEED_DEMO: flag,
  NODE_ENV: optional,
  ACCESS_TOKEN_TTL: z.coerce.number().int().min(60).default(3600),
  REFRESH_WINDOW: z.coerce
    .number()
    .int()
    .min(60)
    .default(14 * 24 * 3600),
});

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  distDir: string;
  databaseUrl: string | undefined;
  /** Undefined until resolved by `resolveJwtSecret` (generated once and kept in DATA_DIR). */
  jwtSecret: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  trustProxy: boolean;
  /** API-only runs: serve whatever dist/ holds without building it. */
  skipSpaBuild: boolean;
  /**
   * SEED_DEMO: true seeds the demo franchises (published passwords) into an empty PostgreSQL too;
   * false keeps the embedded database empty for a real owner; unset seeds the embedded database only.
   */
  seedDemo: boolean | undefined;
  /** NODE_ENV=production: no secret link ever reaches the log. */
  production: boolean;
  /** Seconds. */
  accessTokenTtl: number;
  /** Seconds from first sign-in during which an expired token may still be refreshed. */
  refreshWindow: number;
};

/** The configuration the app runs with: the JWT secret is known. */
export type AppConfig = Config & { jwtSecret: string };

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    distDir: e.DIST_DIR,
    databaseUrl: e.DATABASE_URL,
    jwtSecret: e.JWT_SECRET,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    trustProxy: isOn(e.TRUST_PROXY),
    skipSpaBuild: isOn(e.SKIP_SPA_BUILD),
    seedDemo: e.SEED_DEMO === undefined ? undefined : isOn(e.SEED_DEMO),
    production: e.NODE_ENV === 'production',
    accessTokenTtl: e.ACCESS_TOKEN_TTL,
    refreshWindow: e.REFRESH_WINDOW,
  };
}

/** Demo accounts have a published password: only the embedded default database gets them unasked, and SEED_DEMO=0 keeps it empty. */
export const demoSeedAllowed = (config: Pick<Config, 'databaseUrl' | 'seedDemo'>) =>
  config.databaseUrl ? config.seedDemo === true : config.seedDemo !== false;
