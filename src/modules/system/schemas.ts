import { Type, type Static } from 'typebox'

export const ServiceHealth = Type.Object(
  {
    name: Type.String(),
    status: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('disabled')]),
    latency_ms: Type.Integer(),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'ServiceHealth' },
)
export type ServiceHealth = Static<typeof ServiceHealth>

export const StorageHealth = Type.Object(
  {
    name: Type.String(),
    status: Type.Union([Type.Literal('up'), Type.Literal('down'), Type.Literal('disabled')]),
    latency_ms: Type.Integer(),
    provider: Type.String(),
    total_bytes: Type.Union([Type.Integer(), Type.Null()]),
    available_bytes: Type.Union([Type.Integer(), Type.Null()]),
    used_percent: Type.Union([Type.Number(), Type.Null()]),
    error: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'StorageHealth' },
)
export type StorageHealth = Static<typeof StorageHealth>

export const ReplicaHealth = Type.Object(
  {
    name: Type.String({ description: '`replica_<n>`: the n-th URL of DATABASE_READ_URLS (no host is shown)' }),
    status: Type.Union([Type.Literal('up'), Type.Literal('lagging'), Type.Literal('down')], {
      description: '`lagging`: further behind than ATRIUM_REPLICA_MAX_LAG_MS; a lagging or down replica serves no read until it catches up',
    }),
    lag_ms: Type.Union([Type.Integer(), Type.Null()], {
      description: 'How long ago the primary was at the first change this replica has not replayed (0: caught up); null while down',
    }),
  },
  { $id: 'ReplicaHealth' },
)
export type ReplicaHealth = Static<typeof ReplicaHealth>

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('healthy'), Type.Literal('degraded'), Type.Literal('unhealthy')], {
      description: '`unhealthy`: the primary database is down (503); `degraded`: an optional service, the storage or a read replica is down',
    }),
    version: Type.String(),
    services: Type.Array(ServiceHealth),
    storage: StorageHealth,
    replicas: Type.Array(ReplicaHealth, {
      description:
        'Read replicas (DATABASE_READ_URLS) with their lag; empty without them. Cache misses read a replica only once it has replayed the writes they depend on',
    }),
    checked_at: Type.String({ format: 'date-time' }),
  },
  { $id: 'Health' },
)
export type Health = Static<typeof Health>

export const OidcConfig = Type.Object(
  {
    issuer: Type.String({ description: 'ATRIUM_JWT_ISSUER: its discovery document is `<issuer>/.well-known/openid-configuration`' }),
    client_id: Type.String({ description: "ATRIUM_OIDC_CLIENT_ID: the admin's public client (authorization code + PKCE)" }),
    scopes: Type.Array(Type.String(), { description: 'Scopes the admin asks for' }),
  },
  { description: 'Sign-in through the identity provider; null when ATRIUM_OIDC_CLIENT_ID or ATRIUM_JWT_ISSUER is unset' },
)

export const PublicConfig = Type.Object(
  {
    idp_publishable_key: Type.String(),
    app_name: Type.String(),
    oidc: Type.Union([OidcConfig, Type.Null()]),
    admin_url: Type.Union([Type.String({ description: 'Where the web admin is served (`<public URL>/admin/`)' }), Type.Null()], {
      description: 'null when ATRIUM_ADMIN=false',
    }),
  },
  { $id: 'PublicConfig' },
)

export const Liveness = Type.Object({ status: Type.Literal('ok') }, { $id: 'Liveness' })

export const Readiness = Type.Object(
  {
    status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
    /** Why not: `starting`, `database …`, `N migrations pending`; null when ready. */
    reason: Type.Union([Type.String(), Type.Null()]),
  },
  { $id: 'Readiness' },
)
export type Readiness = Static<typeof Readiness>
