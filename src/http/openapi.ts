import type { FastifyDynamicSwaggerOptions, SwaggerTransform, SwaggerTransformObject } from '@fastify/swagger'
import type { FastifySwaggerUiOptions } from '@fastify/swagger-ui'
import type { FastifySchema, RouteOptions } from 'fastify'
import type { Access } from './access.js'
import { optionalBody } from './body.js'
import { acceptsIfMatch, taggedFields } from './etag.js'
import { ExampleGenerator } from './examples.js'
import { COMPONENT_NAME, Problem } from './schemas.js'

/** Response headers the document declares (`#/components/headers/<name>`). */
export type ResponseHeader = 'ETag' | 'X-Total-Count' | 'X-Robots-Tag' | 'RateLimit-Limit' | 'RateLimit-Remaining' | 'RateLimit-Reset' | 'Retry-After'

declare module 'fastify' {
  interface FastifySchema {
    /**
     * Documentation only: the multipart/form-data body of a route that streams its parts itself (POST /media/upload).
     * Fastify does not validate it; the document shows it as the request body (`<OperationId>Body`).
     */
    multipart?: object
    /**
     * Documentation only: a raw request body the handler streams itself (POST /sites/import: `application/gzip`); Fastify
     * does not parse or validate it. The document shows it as a binary body of that media type.
     */
    rawBody?: { mediaType: string; description: string }
    /** Documentation only: headers the handler sets on its 2xx answers besides those derived here (X-Total-Count, a file's ETag). */
    responseHeaders?: readonly ResponseHeader[]
  }
}

/*
 * The OpenAPI document, derived in one place from what every route already declares:
 * - component schemas named by TypeBox `$id` (`Blog`, `BlogListItemPage`, …): every subschema of a body or a response
 *   with an `$id` becomes `#/components/schemas/<$id>` (two different schemas with one `$id` fail the document);
 * - the problem answers (4xx, `application/problem+json`, `Problem`) each route can give, from its `config.access`,
 *   its method and whether it has a body, path parameters or a query string (`problemStatuses`);
 * - request bodies are components too, named by the body (`COMPONENT_NAME`, for a body several routes share) or
 *   after the operation (`createBlog` → `CreateBlogBody`): unique because operationIds are, stable as long as they are;
 * - query and body properties with a `default` are optional to the client (the validator fills them in);
 * - public routes need no credentials (`security: []`); optional bodies (`optionalBody`) are `required: false`;
 * - response headers (`#/components/headers`): RateLimit-* on every answer of a rate-limited route, Retry-After on 429,
 *   ETag on every answer that returns one record (`answersOneRecord`), and what a route declares in `responseHeaders`;
 * - an example on every request body and 2xx JSON answer (`#/components/examples`): the schema's own `examples`, else
 *   generated from the schema (http/examples.ts).
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

const COMPONENTS = '#/components/schemas/'
const PROBLEM_ID = 'Problem'
const PROBLEM_JSON = 'application/problem+json'
/** Operation marker for an optional request body; turned into `requestBody.required: false`, then removed. */
const OPTIONAL_BODY = 'x-atrium-optional-body'
/** Operation marker: the headers of each answer, by status; turned into header references, then removed. */
const HEADERS = 'x-atrium-headers'
const HEADER_REFS = '#/components/headers/'
const EXAMPLE_REFS = '#/components/examples/'
/** Keywords whose value is data, not a schema. */
const DATA_KEYWORDS = new Set(['enum', 'const', 'default', 'examples', 'example', 'required'])
/** Keywords whose value maps names (any name, even `default`) to schemas. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'])
const VALID_NAME = /^[A-Za-z][A-Za-z0-9_.-]*$/

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v)
/** A plain JSON copy of a TypeBox schema (its non-enumerable markers dropped). */
const toJson = (schema: unknown): Json => JSON.parse(JSON.stringify(schema ?? null)) as Json

function mapObject(node: JsonObject, fn: (value: Json, key: string) => Json): JsonObject {
  const out: JsonObject = {}
  for (const [k, v] of Object.entries(node)) out[k] = fn(v, k)
  return out
}

/** Applies `fn` to every direct subschema of a schema node, leaving data keywords alone. */
function mapSubschemas(node: JsonObject, fn: (schema: Json) => Json): JsonObject {
  return mapObject(node, (v, k) => {
    if (SCHEMA_MAPS.has(k) && isObject(v)) return mapObject(v, (s) => fn(s))
    return DATA_KEYWORDS.has(k) ? v : fn(v)
  })
}

/** Component schemas collected while the document is built. */
class Components {
  private readonly byName = new Map<string, { text: string; schema: JsonObject }>()

  /** Replaces every subschema with an `$id` by a reference to its component (collected); `const` becomes `enum`. */
  reference(node: Json): Json {
    if (Array.isArray(node)) return node.map((n) => this.reference(n))
    if (!isObject(node)) return node
    const id = node.$id ?? node[COMPONENT_NAME]
    if (typeof id === 'string' && VALID_NAME.test(id)) return this.named(id, node)
    return this.children(node)
  }

  /** The schema as component `name`, answered as a reference to it. */
  named(name: string, node: JsonObject): JsonObject {
    if (!VALID_NAME.test(name)) throw new Error(`OpenAPI: "${name}" cannot name a component`)
    this.add(name, node)
    return { $ref: COMPONENTS + name }
  }

  /** A collected component, by the `$ref` pointing at it. */
  schemaOf(ref: Json | undefined): JsonObject | undefined {
    return typeof ref === 'string' && ref.startsWith(COMPONENTS) ? this.byName.get(ref.slice(COMPONENTS.length))?.schema : undefined
  }

  private children(node: JsonObject): JsonObject {
    const out = mapSubschemas(node, (s) => this.reference(s))
    // A recursive schema refers to itself by its `$id` (NavigationTreeNode): point the reference at the component.
    if (typeof out.$ref === 'string' && VALID_NAME.test(out.$ref)) out.$ref = COMPONENTS + out.$ref
    if ('const' in out) {
      // As @fastify/swagger does for inline schemas: Swagger UI does not show `const`.
      out.enum = [out.const ?? null]
      delete out.const
    }
    return out
  }

  private add(name: string, node: JsonObject): void {
    const { $id: _id, $schema: _schema, [COMPONENT_NAME]: _name, ...rest } = node
    const schema = this.children(rest)
    const text = JSON.stringify(schema)
    const known = this.byName.get(name)
    if (known && known.text !== text) {
      throw new Error(`OpenAPI: two different schemas have $id "${name}"; give one of them another $id`)
    }
    this.byName.set(name, { text, schema })
  }

  /** Adds the collected schemas the document does not have yet, then orders all of them by name. */
  addTo(schemas: Record<string, unknown>): Record<string, unknown> {
    const all: Record<string, unknown> = { ...schemas }
    for (const [name, { schema }] of this.byName) if (!(name in all)) all[name] = schema
    return Object.fromEntries(Object.entries(all).sort(([a], [b]) => a.localeCompare(b)))
  }
}

/** Properties with a `default` are optional to the client: the validator fills them in (page, per_page, limit…). */
function optionalDefaults(node: Json): Json {
  if (Array.isArray(node)) return node.map(optionalDefaults)
  if (!isObject(node)) return node
  const out = mapSubschemas(node, optionalDefaults)
  const props = out.properties
  if (Array.isArray(out.required) && isObject(props)) {
    const required = out.required.filter((name) => typeof name === 'string' && !(isObject(props[name]) && 'default' in props[name]))
    if (required.length > 0) out.required = required
    else delete out.required
  }
  return out
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const GUARDED: ReadonlySet<Access['kind']> = new Set(['site', 'record', 'bodySites', 'level', 'unscoped', 'jwtOnly'])

/**
 * The 4xx answers a route can give, from what it declares. Every route can be rate limited (per key, or per client
 * IP when unauthenticated), so 429 is everywhere but on the public routes that opt out (the health probes).
 */
export function problemStatuses(route: Pick<RouteOptions, 'method' | 'url' | 'config'>, schema: FastifySchema | undefined): number[] {
  const access = route.config?.access
  const methods = Array.isArray(route.method) ? route.method : [route.method]
  const write = methods.some((m) => WRITES.has(m))
  const hasParams = !!schema?.params || /\/:/.test(route.url)
  const hasBody = !!schema?.body || !!schema?.multipart || !!schema?.rawBody
  const out = new Set<number>()
  if (hasBody || hasParams || schema?.querystring) out.add(400)
  if (access && access.kind !== 'public') out.add(401)
  if (access && (GUARDED.has(access.kind) || (access.kind === 'any' && write))) out.add(403)
  if (hasParams || access?.kind === 'site' || access?.kind === 'record' || access?.kind === 'bodySites') out.add(404)
  if (write) out.add(409)
  if (hasBody) {
    out.add(413)
    out.add(415)
  }
  if (!(access?.kind === 'public' && route.config?.rateLimit === false)) out.add(429)
  return [...out].sort((a, b) => a - b)
}

const PROBLEM_TEXT: Record<number, string> = {
  400: 'Invalid request: a path parameter, query parameter or the body fails validation (`VALIDATION_FAILED`, with `errors`)',
  401: 'Missing or non-working credentials: no key, or an unknown, blocked, revoked or expired key or token (`UNAUTHENTICATED`)',
  403: 'Authenticated, but with too little permission (`FORBIDDEN`)',
  404: 'No such record, or one in a site out of reach (`NOT_FOUND`)',
  409: 'Conflict with the current state: a value that must be unique is taken, or the record is in the wrong state (`CONFLICT`, `INVALID_STATE`)',
  413: 'The body is larger than 1 MiB (`PAYLOAD_TOO_LARGE`)',
  415: 'The body is not `application/json` (`UNSUPPORTED_MEDIA_TYPE`)',
  429: 'Rate limit exceeded (`RATE_LIMITED`); `Retry-After` tells when to try again',
}

const SUCCESS_TEXT: Record<string, string> = {
  '200': 'OK',
  '201': 'Created',
  '202': 'Accepted',
  '204': 'No content',
  '304': 'Not modified',
  '503': 'Service unavailable',
}

function problemResponse(status: number, description?: string): JsonObject {
  return {
    description: description ?? PROBLEM_TEXT[status] ?? 'Problem details',
    content: { [PROBLEM_JSON]: { schema: { $ref: COMPONENTS + PROBLEM_ID } } },
  }
}

const isProblemSchema = (s: unknown) => isObject(s) && s.$id === PROBLEM_ID

function documentedResponses(components: Components, route: RouteOptions, schema: FastifySchema): JsonObject {
  const declared = isObject(schema.response) ? schema.response : {}
  const out: JsonObject = {}
  for (const [code, raw] of Object.entries(declared)) {
    const description = (isObject(raw) && typeof raw.description === 'string' ? raw.description : undefined) ?? SUCCESS_TEXT[code]
    if (/^4\d\d$/.test(code) && isProblemSchema(raw)) {
      out[code] = problemResponse(Number(code), description)
      continue
    }
    const json = components.reference(toJson(raw))
    const text = description ?? 'Response'
    // A reference cannot carry siblings: its description goes to the response; inline schemas keep their own.
    out[code] =
      isObject(json) && typeof json.$ref === 'string' ? { ...json, description: text } : { ...(isObject(json) ? json : {}), 'x-response-description': text }
  }
  for (const status of problemStatuses(route, schema)) out[String(status)] ??= problemResponse(status)
  return out
}

/**
 * An answer that returns one record carries `ETag` (GET by id, slug or route, detail, PUT,
 * POST create and the workflow POSTs): a 200 or 201 JSON answer of a GET, PUT or POST whose schema is one component
 * with an `id` (lists, pages, counts, settings and results have none).
 */
export function answersOneRecord(method: string, status: string, component: JsonObject | undefined): boolean {
  if (!['GET', 'PUT', 'POST'].includes(method) || (status !== '200' && status !== '201')) return false
  return component?.type === 'object' && isObject(component.properties) && 'id' in component.properties
}

/**
 * Rate limits run on every request (http/auth.ts, onRequest, before routing decides anything else), so every
 * answer of every route carries RateLimit-*. A route that is ever exempted from them must be exempted here too.
 */
const rateLimited = (route: RouteOptions): boolean => !(route.config?.access?.kind === 'public' && route.config.rateLimit === false)
const RATE_LIMIT_HEADERS: ResponseHeader[] = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']

/** The headers of each documented answer, by status. */
function responseHeaders(components: Components, route: RouteOptions, schema: FastifySchema, responses: JsonObject): Record<string, ResponseHeader[]> {
  const methods = [route.method].flat()
  const out: Record<string, ResponseHeader[]> = {}
  for (const [code, response] of Object.entries(responses)) {
    const names = new Set<ResponseHeader>()
    if (/^2\d\d$/.test(code)) {
      // The answers http/etag.ts tags (the record's version), and any other one-record answer (files, the feed).
      if (code !== '204' && (taggedFields(route) || (isObject(response) && methods.some((m) => answersOneRecord(m, code, components.schemaOf(response.$ref))))))
        names.add('ETag')
      for (const h of schema.responseHeaders ?? []) names.add(h)
    }
    if (code === '429') names.add('Retry-After')
    if (rateLimited(route)) for (const h of RATE_LIMIT_HEADERS) names.add(h)
    if (names.size > 0) out[code] = [...names]
  }
  return out
}

const pascal = (id: string) => id.charAt(0).toUpperCase() + id.slice(1)

/** A request body as its component: the name the body gives itself, else `<OperationId>Body`. */
function bodyComponent(components: Components, body: unknown, operationId: string | undefined): Json {
  const json = optionalDefaults(toJson(body))
  if (!isObject(json)) return json
  const own = json[COMPONENT_NAME]
  if (typeof own === 'string') return components.named(own, json)
  return operationId ? components.named(`${pascal(operationId)}Body`, json) : components.reference(json)
}

const ETAG_TEXT =
  "Strong validator of the record's current version: a digest of the record as GET by id answers it (canonical JSON, " +
  'SHA-256). Any change a client can see changes it, even within one clock tick; a write that changes nothing keeps it. ' +
  "Answers carrying more than the record (detail, by slug, by route) carry the record's tag. Send it back in If-Match."
const IF_MATCH_TEXT =
  'Edit conflicts: the write goes ahead only if the record\'s current ETag is one of the listed tags (`"a", "b"`), or ' +
  'for `*` if the record exists; otherwise 412 `EDIT_CONFLICT` with `current` (the record as it is now) and its ETag, ' +
  'and nothing changes. Without If-Match the last write wins. Malformed: 400.'

/** The If-Match request header (with its 412) of the routes http/etag.ts gives it (the ETag answer header: responseHeaders). */
function editConflictDocs(route: RouteOptions, out: FastifySchema & Record<string, unknown>): void {
  const responses = out.response as JsonObject
  if (!acceptsIfMatch(route)) return
  const headers = isObject(out.headers) ? out.headers : { type: 'object', properties: {} }
  const props = isObject(headers.properties) ? headers.properties : {}
  out.headers = { ...headers, properties: { ...props, 'if-match': { type: 'string', description: IF_MATCH_TEXT } } }
  responses['412'] = problemResponse(412, 'The record changed since the version If-Match names (`EDIT_CONFLICT`, with `current`: the record as it is now)')
}

function hasOptionalBody(route: RouteOptions): boolean {
  const hooks = route.preValidation
  return Array.isArray(hooks) ? hooks.includes(optionalBody) : hooks === optionalBody
}

/** Turns an operation's HEADERS marker into references to `#/components/headers`. */
function addHeaders(op: JsonObject): void {
  const byStatus = op[HEADERS]
  delete op[HEADERS]
  if (!isObject(byStatus) || !isObject(op.responses)) return
  for (const [code, names] of Object.entries(byStatus)) {
    const response = op.responses[code]
    if (!isObject(response) || !Array.isArray(names)) continue
    const refs: JsonObject = {}
    for (const name of names) if (typeof name === 'string') refs[name] = { $ref: HEADER_REFS + name }
    response.headers = { ...(isObject(response.headers) ? response.headers : {}), ...refs }
  }
}

/** The examples of request bodies and 2xx JSON answers, one per component (`#/components/examples/<name>`). */
class Examples {
  private readonly made = new Map<string, Json>()
  private readonly generator: ExampleGenerator

  constructor(private readonly schemas: Record<string, unknown>) {
    this.generator = new ExampleGenerator((ref) => (ref.startsWith(COMPONENTS) ? (schemas[ref.slice(COMPONENTS.length)] as Json) : undefined))
  }

  /** An `examples` map naming the example of a media type's schema (a component, or an array of one), or none. */
  private forSchema(schema: Json | undefined): JsonObject | undefined {
    if (!isObject(schema)) return undefined
    const one = typeof schema.$ref === 'string' ? schema.$ref : undefined
    const item = schema.type === 'array' && isObject(schema.items) && typeof schema.items.$ref === 'string' ? schema.items.$ref : undefined
    const ref = one ?? item
    if (!ref?.startsWith(COMPONENTS)) return undefined
    const component = ref.slice(COMPONENTS.length)
    const name = one ? component : `${component}List`
    if (!this.made.has(name)) {
      const value = this.generator.of({ $ref: ref }, component)
      this.made.set(name, one ? value : [value])
    }
    return { [name]: { $ref: EXAMPLE_REFS + name } }
  }

  addTo(op: JsonObject): void {
    const media: JsonObject[] = []
    if (isObject(op.requestBody) && isObject(op.requestBody.content)) media.push(...Object.values(op.requestBody.content).filter(isObject))
    for (const [code, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
      if (/^2\d\d$/.test(code) && isObject(response) && isObject(response.content)) {
        const json = response.content['application/json']
        if (isObject(json)) media.push(json)
      }
    }
    for (const m of media) {
      const examples = this.forSchema(m.schema)
      if (examples && m.example === undefined) m.examples = examples
    }
  }

  all(): Record<string, unknown> {
    return Object.fromEntries([...this.made].sort(([a], [b]) => a.localeCompare(b)).map(([name, value]) => [name, { value }]))
  }
}

/** The swagger `transform` and `transformObject` pair, sharing the components collected while the document is built. */
export function openApiTransforms(): { transform: SwaggerTransform; transformObject: SwaggerTransformObject } {
  const components = new Components()
  components.reference(toJson(Problem))

  const transform: SwaggerTransform = ({ schema, url, route }) => {
    if (!route.config?.access || !schema) return { schema, url }
    const out: FastifySchema & Record<string, unknown> = { ...schema }
    if (route.config.access.kind === 'public') out.security = []
    // Safety net only: the contract test requires op(operationId, summary) on every route.
    if (!schema.summary) out.summary = `${[route.method].flat().join(', ')} ${url.replace(/:(\w+)/g, '{$1}')}`
    const operationId = typeof schema.operationId === 'string' ? schema.operationId : undefined
    if (schema.body) out.body = bodyComponent(components, schema.body, operationId)
    delete out.multipart
    delete out.rawBody
    delete out.responseHeaders
    if (schema.multipart) out.body = { content: { 'multipart/form-data': { schema: bodyComponent(components, schema.multipart, operationId) } } }
    if (schema.rawBody) {
      const raw = { type: 'string', format: 'binary', description: schema.rawBody.description, examples: ['(the archive bytes)'] }
      out.body = { content: { [schema.rawBody.mediaType]: { schema: bodyComponent(components, raw, operationId) } } }
    }
    if (schema.querystring) out.querystring = optionalDefaults(toJson(schema.querystring))
    if (schema.body && hasOptionalBody(route)) out[OPTIONAL_BODY] = true
    const responses = documentedResponses(components, route, schema)
    out.response = responses
    // Before the headers: the 412 it adds carries RateLimit-* like every answer.
    editConflictDocs(route, out)
    out[HEADERS] = responseHeaders(components, route, schema, responses)
    return { schema: out, url }
  }

  const transformObject: SwaggerTransformObject = (documentObject) => {
    if (!('openapiObject' in documentObject)) return documentObject.swaggerObject
    const doc = documentObject.openapiObject as {
      components?: { schemas?: Record<string, unknown>; examples?: Record<string, unknown> }
      paths?: Record<string, unknown>
    }
    const schemas = components.addTo(doc.components?.schemas ?? {})
    const examples = new Examples(schemas)
    for (const item of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(isObject(item) ? item : {})) {
        if (!isObject(op)) continue
        if (OPTIONAL_BODY in op) {
          delete op[OPTIONAL_BODY]
          if (isObject(op.requestBody)) op.requestBody.required = false
        }
        addHeaders(op)
        examples.addTo(op)
      }
    }
    doc.components = { ...doc.components, schemas, examples: examples.all() }
    return documentObject.openapiObject
  }

  return { transform, transformObject }
}

const TAGS = [
  { name: 'System', description: 'Service version, health, public configuration.' },
  { name: 'Auth', description: 'Who is calling: the API key or identity-provider user behind the request.' },
  { name: 'API keys', description: 'Create, change, block, unblock and revoke API keys, and read their usage.' },
  { name: 'Sites', description: 'Sites, their locales and their settings.' },
  {
    name: 'Previews',
    description: "Preview tokens: a frontend reads one record's latest saved state (any status) with a token, never with a key; list and revoke them.",
  },
  { name: 'Taxonomy', description: 'Tags and categories of a site, and their assignment to content.' },
  { name: 'Blogs', description: 'Blog posts: lists, lookups, writes, localizations, editorial workflow, similar posts and the RSS feed.' },
  { name: 'Social links', description: "Links to the site owner's profiles elsewhere, in display order." },
  { name: 'Redirects', description: 'Path redirects a frontend applies (301/302), with a lookup by path.' },
  { name: 'Skills', description: 'Skills with proficiency 0–100: shared records (site_ids), listed by display_order, looked up by slug.' },
  { name: 'CV', description: 'CV timeline entries (work, education, volunteer, certification, project): shared records (site_ids), current first.' },
  { name: 'Navigation', description: 'Menus of a site, their items as a tree, per-locale item titles, and the primary navigation.' },
  {
    name: 'Pages',
    description: 'Routed pages made of localized sections, shared across sites like blogs, with the same editorial workflow; looked up by route.',
  },
  { name: 'Documents', description: 'Downloadable documents (links or stored files), their folders, localizations and attachment to blogs.' },
  {
    name: 'Legal documents',
    description: 'Privacy policy, imprint, terms and the cookie-consent structure a banner renders (document → groups → items), localized.',
  },
  { name: 'Content templates', description: 'Named starting points for new blogs and pages: free JSON a create with `template_id` fills fields from.' },
  { name: 'Audit', description: 'Audit entries of every write, field-level change history, and revert of chosen fields.' },
  { name: 'Webhooks', description: 'Signed (Standard Webhooks) HTTP POST deliveries of content events, retried with backoff, with a delivery log.' },
  {
    name: 'Media',
    description:
      'The media library: uploads (type from the bytes, deduplication, image variants), external records, per-locale metadata, folders, and the public file route.',
  },
  { name: 'Members', description: "Identity-provider users' roles on a site (Owner, Admin, Reviewer, Editor, Author, Viewer) and ownership transfer." },
  {
    name: 'Notifications',
    description: 'In-app notifications of the editorial workflow (submitted, approved, changes requested), per user and site; identity-provider users only.',
  },
  {
    name: 'Analytics',
    description:
      'Privacy-first pageview analytics: no cookies, no IP or user agent stored, a daily visitor hash; reports with a daily trend in the site time zone, and the daily roll-up.',
  },
  {
    name: 'Identity-provider users',
    description: "Users of the identity provider's directory (built in, or a Clerk-compatible Backend API) and their CMS role.",
  },
  { name: 'Search', description: "Ranked full-text search over a site's blogs, pages and documents in a locale's language." },
  {
    name: 'AI',
    description:
      "AI-assisted writing through the site's own model provider (Messages API, Chat Completions, a local model runtime or a local server): SEO fields, excerpts, per-field translation and drafts; the provider key is stored encrypted and never returned.",
  },
]

/** Where the document is served (src/modules/system/routes.ts); the docs page links to it. */
const OPENAPI_PATH = '/api/v1/openapi.json'

const DESCRIPTION =
  'Multi-site headless CMS. Authenticate with `X-API-Key` (or an identity-provider bearer token). Errors are RFC 9457 problem ' +
  'details (`application/problem+json`) with a stable `code`. Unknown JSON body properties are ignored (stripped), never stored. ' +
  'Lists: `{ data, meta: { page, per_page, total, total_pages } }`. ' +
  'Request bodies are JSON only (`Content-Type: application/json`, otherwise 415) of at most 1 MiB (otherwise 413). ' +
  'Rate limits: per API key its `rate_limit_per_minute`; per client IP for unauthenticated calls and failed authentication ' +
  '(`ATRIUM_RATE_LIMIT_PER_IP`, default 300/min), fixed one-minute windows shared by all instances; every response carries ' +
  '`RateLimit-Limit`, `RateLimit-Remaining`, `RateLimit-Reset`; over the limit: 429 `RATE_LIMITED` with `Retry-After`. ' +
  'Every response carries `X-Request-Id` (a valid incoming one is echoed). 503 `SERVICE_UNAVAILABLE` (with `Retry-After`) when a backing service is unreachable. ' +
  `This document (OpenAPI 3.1): [${OPENAPI_PATH}](${OPENAPI_PATH}).`

/** The response headers the operations refer to. */
const HEADER_COMPONENTS: Record<ResponseHeader, { description: string; schema: JsonObject }> = {
  ETag: {
    description: ETAG_TEXT,
    schema: { type: 'string', examples: ['"k3v9Qx0sTqY2"'] },
  },
  'X-Total-Count': { description: 'The total number of items of the list, of which this answer is one window', schema: { type: 'integer', minimum: 0 } },
  'X-Robots-Tag': {
    description: 'noindex: the answer shows unpublished content that search engines must not index',
    schema: { type: 'string', examples: ['noindex'] },
  },
  'RateLimit-Limit': {
    description: "Requests allowed in the current one-minute window (the key's `rate_limit_per_minute`, or the per-IP limit)",
    schema: { type: 'integer', minimum: 0 },
  },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer', minimum: 0 } },
  'RateLimit-Reset': { description: 'Seconds until the current window ends', schema: { type: 'integer', minimum: 0 } },
  'Retry-After': { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 0 } },
}

/** @fastify/swagger options: OpenAPI 3.1, paths relative to this server (they already start with /api/v1). */
export function swaggerOptions(version: string): FastifyDynamicSwaggerOptions {
  return {
    ...openApiTransforms(),
    // Shared schemas (app.addSchema) are named by their $id too, never `def-N`.
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Atrium API', version, description: DESCRIPTION, license: { name: 'MIT', identifier: 'MIT' } },
      servers: [{ url: '/', description: 'This Atrium instance' }],
      tags: TAGS,
      components: {
        headers: HEADER_COMPONENTS,
        securitySchemes: {
          apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
          bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
      },
      security: [{ apiKey: [] }, { bearer: [] }],
    },
  }
}

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="7" fill="#1f3a5f"/>' +
  '<path d="M9 25 16 7l7 18M11.6 18.5h8.8" fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round"/></svg>'

/** The interactive docs at /api/docs: titled "Atrium API", no top bar, our own icon. */
export const swaggerUiOptions: FastifySwaggerUiOptions = {
  routePrefix: '/api/docs',
  // BaseLayout: no top bar (its URL box and framework logo); the logo is ours should a layout show one.
  uiConfig: { layout: 'BaseLayout', deepLinking: true, docExpansion: 'list', defaultModelsExpandDepth: 1 },
  logo: { type: 'image/svg+xml', content: FAVICON },
  theme: {
    title: 'Atrium API',
    // The link under the title would name the page's own copy (/api/docs/json); the description links the document.
    css: [
      { filename: 'atrium.css', content: '.swagger-ui .topbar, .swagger-ui .info hgroup.main > a { display: none; } .swagger-ui .info { margin-top: 24px; }' },
    ],
    favicon: [{ filename: 'favicon.svg', rel: 'icon', type: 'image/svg+xml', sizes: 'any', content: FAVICON }],
  },
}
