import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { Config } from '../config.js'
import { publicAccess } from './access.js'
import { ApiError } from './errors.js'

/** Where the admin is served. */
export const ADMIN_PATH = '/admin'

/** admin/dist of the repository: src/http/admin.ts and dist/http/admin.js both sit two levels below the root. */
export const DEFAULT_ADMIN_DIR = fileURLToPath(new URL('../../admin/dist', import.meta.url))

/** Vite puts every hashed file under assets/: a new build gives new names, so they may be cached for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable'

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
}

const originOf = (url: string | undefined): string | undefined => {
  if (!url) return undefined
  try {
    return new URL(url).origin
  } catch {
    return undefined
  }
}

/**
 * The admin's own CSP: scripts and styles from this origin only (no inline script, no inline style element), the
 * API and the identity provider to talk to, images from here, data:/blob: (previews) and the media public bases,
 * frames from the origins of the sites' preview URLs only (the live preview pane; none: no frame at all).
 */
export function adminCsp(config: Config, frameOrigins: readonly string[] = []): string {
  const frames = [...new Set(frameOrigins.map(originOf).filter((o): o is string => o !== undefined))].sort()
  const idp = originOf(config.jwtIssuer)
  const media = [...new Set([originOf(config.publicUrl), originOf(config.s3.publicUrl)].filter((o): o is string => o !== undefined))]
  return [
    "default-src 'self'",
    "base-uri 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self'",
    `img-src 'self' data: blob:${media.map((o) => ` ${o}`).join('')}`,
    "font-src 'self'",
    `connect-src 'self'${idp ? ` ${idp}` : ''}`,
    `frame-src ${frames.length > 0 ? frames.join(' ') : "'none'"}`,
    "object-src 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
}

interface AdminFile {
  abs: string
  type: string
  size: number
  cache: string
}

/** Every file of the build by its URL path below /admin/ (the set is fixed at start: no path from a request touches the disk). */
function listFiles(dir: string): Map<string, AdminFile> {
  const files = new Map<string, AdminFile>()
  const walk = (rel: string) => {
    for (const entry of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
      const relPath = rel ? `${rel}/${entry.name}` : entry.name
      if (entry.isDirectory()) walk(relPath)
      else if (entry.isFile()) {
        const abs = path.join(dir, relPath)
        files.set(relPath, {
          abs,
          type: TYPES[path.extname(entry.name).toLowerCase()] ?? 'application/octet-stream',
          size: statSync(abs).size,
          cache: relPath.startsWith('assets/') ? IMMUTABLE : 'no-cache',
        })
      }
    }
  }
  walk('')
  return files
}

/** A client route (no file extension, not under assets/) gets the app's page; anything else that is missing is a 404. */
const isClientRoute = (rel: string): boolean => !rel.startsWith('assets/') && path.posix.extname(rel) === ''

/**
 * Serves the built admin (admin/dist) at /admin/: hashed assets immutable, the page `no-cache` and for every client
 * route (the SPA fallback), all with the admin's CSP; `previewUrls` gives the sites' preview_url templates (frame-src). Off (ATRIUM_ADMIN=false): no route, so the 404 handler answers.
 * Not built: a 404 problem saying how to build it.
 */
export function registerAdmin(
  app: FastifyInstance,
  config: Config,
  dir: string = DEFAULT_ADMIN_DIR,
  previewUrls: () => Promise<string[]> = () => Promise.resolve([]),
): void {
  if (!config.admin) return
  // Assets are scripts and styles, never documents: the fixed policy. The page's policy names the sites' preview
  // origins as they are now, read at each page load (rare, and an admin reload picks up a new preview_url).
  const csp = adminCsp(config)
  let files: Map<string, AdminFile> | undefined
  let index: Buffer | undefined
  // Read once, on the first admin request: start-up pays nothing for it.
  const load = () => {
    if (files === undefined && existsSync(path.join(dir, 'index.html'))) {
      files = listFiles(dir)
      index = readFileSync(path.join(dir, 'index.html'))
    }
    return files
  }

  const handler = async (req: FastifyRequest<{ Params: { '*'?: string } }>, reply: FastifyReply) => {
    const all = load()
    if (all === undefined || index === undefined) {
      throw new ApiError(404, 'NOT_FOUND', 'Not found', 'The admin is not built: run `npm run build`')
    }
    const rel = (req.params['*'] ?? '').replace(/^\/+/, '')
    const file = rel === 'index.html' ? undefined : all.get(rel)
    void reply.header('content-security-policy', csp)
    if (file) {
      return reply.header('cache-control', file.cache).header('content-length', file.size).type(file.type).send(createReadStream(file.abs))
    }
    if (rel !== '' && rel !== 'index.html' && !isClientRoute(rel)) {
      throw new ApiError(404, 'NOT_FOUND', 'Not found', `No file ${ADMIN_PATH}/${rel}`)
    }
    return reply
      .header('content-security-policy', adminCsp(config, await previewUrls()))
      .header('cache-control', 'no-cache')
      .type(TYPES['.html'] as string)
      .send(index)
  }

  const routeConfig = { access: publicAccess, rateLimit: false as const }
  app.get(ADMIN_PATH, { config: routeConfig, schema: { hide: true } }, handler)
  app.get(`${ADMIN_PATH}/*`, { config: routeConfig, schema: { hide: true } }, handler)
}
