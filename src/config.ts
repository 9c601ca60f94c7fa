import { readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import path from 'node:path'
import { parseReadUrls } from './db/replicas.js'

/** Every setting Atrium reads from the environment, validated once at start-up. */
export interface Config {
  host: string
  port: number
  logLevel: string
  dataDir: string
  databaseUrl: string | undefined
  /** DATABASE_READ_URLS: streaming replicas that serve cache misses (db/replicas.ts); empty: none. */
  readUrls: string[]
  /** ATRIUM_REPLICA_MAX_LAG_MS: a replica further behind than this is skipped until it catches up. */
  replicaMaxLagMs: number
  redisUrl: string | undefined
  bootstrapKey: string | undefined
  encryptionKey: string | undefined
  jwksUrl: string | undefined
  jwtIssuer: string | undefined
  jwtAudience: string | undefined
  /** ATRIUM_OIDC_CLIENT_ID: the admin's public OIDC client at ATRIUM_JWT_ISSUER (authorization code + PKCE); unset: API-key sign-in only. */
  oidcClientId: string | undefined
  /** ATRIUM_ADMIN: the web admin is served at /admin/ (false: 404). */
  admin: boolean
  systemAdmins: string[]
  /** Clerk-compatible Backend API for /idp/users (with idpSecretKey); unset: the built-in directory. */
  idpApiUrl: string | undefined
  idpSecretKey: string | undefined
  idpPublishableKey: string
  appName: string
  allowPrivateWebhookTargets: boolean
  allowPrivateAiTargets: boolean
  /** Time limit of one AI provider request (connect, send, answer). */
  aiTimeoutMs: number
  trustProxy: string[]
  webhookRetryBaseMs: number
  /** How often each instance looks for new outbox events and due deliveries. */
  webhookPollMs: number
  /** Time limit of one delivery attempt (connect, send, answer). */
  webhookTimeoutMs: number
  /** Attempts sent at once to one webhook by one instance (a slow receiver cannot starve the others). */
  webhookMaxInFlight: number
  /** Delivery logs and dispatched outbox events older than this are pruned. */
  webhookLogRetentionDays: number
  /** API-key usage records older than this are deleted (their daily roll-up stays 400 days). */
  usageRetentionDays: number
  /** Audit entries and change history older than this are deleted; undefined: kept forever. */
  auditRetentionDays: number | undefined
  /** Embedded database: the share of the event loop, in per cent, that daily maintenance jobs may take. */
  maintenanceShare: number
  storage: 'local' | 's3'
  /** ATRIUM_RENDITIONS_MAX_MB in bytes: all stored image renditions together, least recently used out first. */
  renditionsMaxBytes: number
  /**
   * ATRIUM_IMAGE_CONCURRENCY: image transformations running at once (default: the number of cores; each
   * runs on one libvips thread, so image work holds at most a thread a core: modules/media/sharp.service.ts).
   */
  imageConcurrency: number
  /** ATRIUM_PUBLIC_URL: the service's own external base URL (media `public_url` is absolute on it). */
  publicUrl: string
  /** ATRIUM_PUBLIC_URL was unset and publicUrl is `http://localhost:<PORT>` (start-up warns). */
  publicUrlDefaulted: boolean
  /** ATRIUM_REDIS_PREFIX: prepended to every Redis key and pub/sub channel (installations sharing one Redis). */
  redisPrefix: string
  s3: {
    /** ATRIUM_S3_PUBLIC_URL: a public bucket or CDN base; media `public_url` points there when set. */
    publicUrl: string | undefined
    endpoint: string | undefined
    bucket: string | undefined
    region: string | undefined
    accessKeyId: string | undefined
    secretAccessKey: string | undefined
    forcePathStyle: boolean
  }
  rateLimitPerIp: number
  defaultKeyRateLimit: number
  /** How long a known API key is trusted without asking the database again (cross-instance revocation bound). */
  keyCacheTtlMs: number
  usageFlushMs: number
  schedulerIntervalMs: number
  /** Pageviews wait in memory at most this long before their batch is written. */
  analyticsFlushMs: number
  /** Pageviews held in memory (buffered and being written) at most; beyond it ingestion answers 503. */
  analyticsBufferMax: number
  /** How often each instance checks whether today's analytics roll-up has been claimed (it runs once per UTC day). */
  analyticsRollupIntervalMs: number
  /** Raw pageviews kept by the daily roll-up job, in whole days. */
  analyticsRetentionDays: number
  /** ATRIUM_IMPORT_MAX_BYTES: the largest site archive POST /sites/import takes (413 beyond). */
  importMaxBytes: number
  /** Browser origins answered with CORS headers (`*` for any); empty: none. */
  corsOrigins: string[]
  /** Whole request (headers and body) must arrive within this; a stalled upload gets 408. */
  requestTimeoutMs: number
  /** Request headers must arrive within this. */
  headersTimeoutMs: number
  /** An idle keep-alive connection is closed after this. */
  keepAliveTimeoutMs: number
  /** A socket with no traffic at all for this long is closed (also while a handler runs). */
  connectionTimeoutMs: number
  /** ATRIUM_METRICS_PORT: Prometheus text at /metrics on HOST and this port, unauthenticated (keep it private); unset: off. */
  metricsPort: number | undefined
  version: string
}

export class ConfigError extends Error {}

type Env = Record<string, string | undefined>

function str(env: Env, name: string): string | undefined {
  const v = env[name]
  return v === undefined || v.trim() === '' ? undefined : v.trim()
}

/** Unset: undefined (the feature is off); set: a whole number in range. */
function optInt(env: Env, name: string, min: number, max: number): number | undefined {
  return str(env, name) === undefined ? undefined : int(env, name, 0, min, max)
}

function int(env: Env, name: string, fallback: number, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  const raw = str(env, name)
  if (raw === undefined) return fallback
  if (!/^\d+$/.test(raw)) throw new ConfigError(`${name} must be a whole number, got "${raw}"`)
  const n = Number(raw)
  if (n < min || n > max) throw new ConfigError(`${name} must be between ${min} and ${max}, got ${n}`)
  return n
}

function bool(env: Env, name: string, fallback = false): boolean {
  const raw = str(env, name)?.toLowerCase()
  if (raw === undefined) return fallback
  if (['1', 'true', 'yes', 'on'].includes(raw)) return true
  if (['0', 'false', 'no', 'off'].includes(raw)) return false
  throw new ConfigError(`${name} must be true or false, got "${raw}"`)
}

function list(env: Env, name: string): string[] {
  return (str(env, name) ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
}

/** `*` or `scheme://host[:port]`, exactly as browsers send the Origin header. */
function origins(env: Env, name: string): string[] {
  const values = list(env, name)
  for (const v of values) {
    if (v !== '*' && !/^https?:\/\/[^/\s?#]+$/.test(v)) throw new ConfigError(`${name}: "${v}" is not * or an origin like https://example.com`)
  }
  return values.includes('*') ? ['*'] : values.map((v) => v.toLowerCase())
}

/** package.json `version` (also `atrium --version`, which must not need a valid environment). */
export function packageVersion(): string {
  const pkgPath = new URL('../package.json', import.meta.url)
  const pkg = JSON.parse(readFileSync(pkgPath, 'utf8')) as { version?: string }
  return pkg.version ?? '0.0.0'
}

/** An absolute http(s) base URL without trailing slash. */
function baseUrl(env: Env, name: string): string | undefined {
  const v = str(env, name)
  if (v === undefined) return undefined
  if (!/^https?:\/\/[^\s/?#]+[^\s?#]*$/i.test(v)) throw new ConfigError(`${name} must be an absolute http(s) URL without query or fragment`)
  return v.replace(/\/+$/, '')
}

/** ATRIUM_PUBLIC_URL, else where a browser on this machine reaches the service (start-up warns then). */
function publicBase(env: Env): Pick<Config, 'publicUrl' | 'publicUrlDefaulted'> {
  const set = baseUrl(env, 'ATRIUM_PUBLIC_URL')
  return { publicUrl: set ?? `http://localhost:${int(env, 'PORT', 8000, 0, 65535)}`, publicUrlDefaulted: set === undefined }
}

/** 32 bytes in standard or URL-safe base64 (padding optional). */
function isEncryptionKey(v: string): boolean {
  return /^[A-Za-z0-9+/_-]{43}=?$/.test(v) && Buffer.from(v, 'base64').length === 32
}

/** ATRIUM_METRICS_PORT: unset is off; never PORT itself. */
function metricsPort(env: Env): number | undefined {
  if (str(env, 'ATRIUM_METRICS_PORT') === undefined) return undefined
  const port = int(env, 'ATRIUM_METRICS_PORT', 0, 1, 65535)
  if (port === int(env, 'PORT', 8000, 0, 65535)) throw new ConfigError('ATRIUM_METRICS_PORT must differ from PORT')
  return port
}

/** Reads and validates the environment; throws ConfigError with a message naming the variable. */
export function loadConfig(env: Env = process.env): Config {
  const databaseUrl = str(env, 'DATABASE_URL')
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must start with postgres:// or postgresql://')
  }
  const readList = str(env, 'DATABASE_READ_URLS')
  if (readList !== undefined && !databaseUrl) throw new ConfigError('DATABASE_READ_URLS needs DATABASE_URL (replicas of a PostgreSQL server)')
  let readUrls: string[] = []
  try {
    readUrls = readList === undefined ? [] : parseReadUrls(readList)
  } catch (err) {
    throw new ConfigError((err as Error).message)
  }
  const redisUrl = str(env, 'REDIS_URL')
  if (redisUrl && !/^rediss?:\/\//.test(redisUrl)) throw new ConfigError('REDIS_URL must start with redis:// or rediss://')
  const storage = str(env, 'ATRIUM_STORAGE') ?? 'local'
  if (storage !== 'local' && storage !== 's3') throw new ConfigError('ATRIUM_STORAGE must be local or s3')
  const bootstrapKey = str(env, 'ATRIUM_BOOTSTRAP_KEY')
  if (bootstrapKey !== undefined && bootstrapKey.length < 16) {
    throw new ConfigError('ATRIUM_BOOTSTRAP_KEY must be at least 16 characters')
  }
  const cfg: Config = {
    host: str(env, 'HOST') ?? '0.0.0.0',
    port: int(env, 'PORT', 8000, 0, 65535),
    logLevel: str(env, 'LOG_LEVEL') ?? 'info',
    dataDir: path.resolve(str(env, 'ATRIUM_DATA_DIR') ?? './data'),
    databaseUrl,
    readUrls,
    replicaMaxLagMs: int(env, 'ATRIUM_REPLICA_MAX_LAG_MS', 5000, 1, 3_600_000),
    redisUrl,
    bootstrapKey,
    encryptionKey: str(env, 'ATRIUM_ENCRYPTION_KEY'),
    jwksUrl: str(env, 'ATRIUM_JWKS_URL'),
    jwtIssuer: str(env, 'ATRIUM_JWT_ISSUER'),
    jwtAudience: str(env, 'ATRIUM_JWT_AUDIENCE'),
    oidcClientId: str(env, 'ATRIUM_OIDC_CLIENT_ID'),
    admin: bool(env, 'ATRIUM_ADMIN', true),
    systemAdmins: list(env, 'ATRIUM_SYSTEM_ADMINS'),
    idpApiUrl: str(env, 'ATRIUM_IDP_API_URL'),
    idpSecretKey: str(env, 'ATRIUM_IDP_SECRET_KEY'),
    idpPublishableKey: str(env, 'ATRIUM_IDP_PUBLISHABLE_KEY') ?? '',
    appName: str(env, 'ATRIUM_APP_NAME') ?? 'Atrium',
    allowPrivateWebhookTargets: bool(env, 'ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS'),
    allowPrivateAiTargets: bool(env, 'ATRIUM_ALLOW_PRIVATE_AI_TARGETS'),
    aiTimeoutMs: int(env, 'ATRIUM_AI_TIMEOUT_MS', 60_000, 100, 600_000),
    trustProxy: list(env, 'ATRIUM_TRUST_PROXY'),
    webhookRetryBaseMs: int(env, 'ATRIUM_WEBHOOK_RETRY_BASE_MS', 60_000, 1),
    webhookPollMs: int(env, 'ATRIUM_WEBHOOK_POLL_MS', 1000, 10, 3_600_000),
    webhookTimeoutMs: int(env, 'ATRIUM_WEBHOOK_TIMEOUT_MS', 10_000, 100, 120_000),
    webhookMaxInFlight: int(env, 'ATRIUM_WEBHOOK_MAX_IN_FLIGHT', 4, 1, 100),
    webhookLogRetentionDays: int(env, 'ATRIUM_WEBHOOK_LOG_RETENTION_DAYS', 30, 1, 3650),
    usageRetentionDays: int(env, 'ATRIUM_USAGE_RETENTION_DAYS', 30, 1, 3650),
    auditRetentionDays: optInt(env, 'ATRIUM_AUDIT_RETENTION_DAYS', 1, 36500),
    maintenanceShare: int(env, 'ATRIUM_MAINTENANCE_SHARE', 5, 1, 100),
    storage,
    renditionsMaxBytes: int(env, 'ATRIUM_RENDITIONS_MAX_MB', 1024, 1, 10_000_000) * 1024 * 1024,
    imageConcurrency: int(env, 'ATRIUM_IMAGE_CONCURRENCY', availableParallelism(), 1, 256),
    ...publicBase(env),
    redisPrefix: str(env, 'ATRIUM_REDIS_PREFIX') ?? 'atrium:',
    s3: {
      publicUrl: baseUrl(env, 'ATRIUM_S3_PUBLIC_URL'),
      endpoint: str(env, 'ATRIUM_S3_ENDPOINT'),
      bucket: str(env, 'ATRIUM_S3_BUCKET'),
      region: str(env, 'ATRIUM_S3_REGION'),
      accessKeyId: str(env, 'ATRIUM_S3_ACCESS_KEY_ID'),
      secretAccessKey: str(env, 'ATRIUM_S3_SECRET_ACCESS_KEY'),
      forcePathStyle: bool(env, 'ATRIUM_S3_FORCE_PATH_STYLE'),
    },
    rateLimitPerIp: int(env, 'ATRIUM_RATE_LIMIT_PER_IP', 300, 1),
    defaultKeyRateLimit: int(env, 'ATRIUM_DEFAULT_KEY_RATE_LIMIT', 20_000, 1, 1_000_000),
    keyCacheTtlMs: int(env, 'ATRIUM_KEY_CACHE_TTL_MS', 5000, 0, 5000),
    usageFlushMs: int(env, 'ATRIUM_USAGE_FLUSH_MS', 1000, 10),
    schedulerIntervalMs: int(env, 'ATRIUM_SCHEDULER_INTERVAL_MS', 15_000, 100),
    analyticsFlushMs: int(env, 'ATRIUM_ANALYTICS_FLUSH_MS', 250, 10, 60_000),
    analyticsBufferMax: int(env, 'ATRIUM_ANALYTICS_BUFFER_MAX', 100_000, 100, 10_000_000),
    analyticsRollupIntervalMs: int(env, 'ATRIUM_ANALYTICS_ROLLUP_INTERVAL_MS', 3_600_000, 100, 86_400_000),
    analyticsRetentionDays: int(env, 'ATRIUM_ANALYTICS_RETENTION_DAYS', 90, 1, 3650),
    importMaxBytes: int(env, 'ATRIUM_IMPORT_MAX_BYTES', 2 * 1024 ** 3, 1),
    corsOrigins: origins(env, 'ATRIUM_CORS_ORIGINS'),
    requestTimeoutMs: int(env, 'ATRIUM_REQUEST_TIMEOUT_MS', 30_000, 100, 3_600_000),
    headersTimeoutMs: int(env, 'ATRIUM_HEADERS_TIMEOUT_MS', 10_000, 100, 3_600_000),
    keepAliveTimeoutMs: int(env, 'ATRIUM_KEEP_ALIVE_TIMEOUT_MS', 5_000, 100, 3_600_000),
    connectionTimeoutMs: int(env, 'ATRIUM_CONNECTION_TIMEOUT_MS', 60_000, 100, 3_600_000),
    metricsPort: metricsPort(env),
    version: packageVersion(),
  }
  checkCombinations(cfg)
  return cfg
}

/** Rules that span several variables; throws ConfigError naming them. */
function checkCombinations(cfg: Config): void {
  // Node refuses a headers timeout longer than the whole-request timeout.
  if (cfg.headersTimeoutMs > cfg.requestTimeoutMs) {
    throw new ConfigError('ATRIUM_HEADERS_TIMEOUT_MS must not exceed ATRIUM_REQUEST_TIMEOUT_MS')
  }
  if (cfg.encryptionKey !== undefined && !isEncryptionKey(cfg.encryptionKey)) {
    throw new ConfigError('ATRIUM_ENCRYPTION_KEY must be 32 bytes in base64 (e.g. `openssl rand -base64 32`)')
  }
  if (cfg.idpApiUrl && !/^https?:\/\//.test(cfg.idpApiUrl)) throw new ConfigError('ATRIUM_IDP_API_URL must start with http:// or https://')
  if (!!cfg.idpApiUrl !== !!cfg.idpSecretKey) throw new ConfigError('ATRIUM_IDP_API_URL and ATRIUM_IDP_SECRET_KEY go together')
  if (cfg.oidcClientId !== undefined && cfg.jwtIssuer === undefined) throw new ConfigError('ATRIUM_OIDC_CLIENT_ID needs ATRIUM_JWT_ISSUER')
  if (cfg.storage === 's3' && (!cfg.s3.bucket || !cfg.s3.region)) {
    throw new ConfigError('ATRIUM_STORAGE=s3 needs ATRIUM_S3_BUCKET and ATRIUM_S3_REGION')
  }
}
