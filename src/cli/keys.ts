import { type Command, InvalidArgumentError, Option } from 'commander'
import { systemCtx } from '../core/context.js'
import { PERMISSIONS, type Permission } from '../db/schema/api-keys.js'
import * as apiKeys from '../modules/api-keys/service.js'
import type { ApiKey } from '../modules/api-keys/schemas.js'
import { UsageError, uuidArg, withApp } from './context.js'

/** API field → the flag that sets it, so that a service's validation error names what the user typed. */
export const KEY_FLAGS: Record<string, string> = { site_id: '--site', permission: '--permission', name: '--name' }

const out = (line: string) => process.stdout.write(`${line}\n`)
const err = (line: string) => process.stderr.write(`${line}\n`)

/** commander wants InvalidArgumentError from an option's parser (it then names the option itself). */
const asOption =
  <T>(parse: (v: string) => T) =>
  (v: string): T => {
    try {
      return parse(v)
    } catch (e) {
      throw new InvalidArgumentError(e instanceof Error ? e.message : String(e))
    }
  }

/** `read`, `MASTER`: any case, answered with the level's own spelling; anything else names the allowed values. */
export const permissionArg = (v: string): Permission => {
  const found = PERMISSIONS.find((p) => p.toLowerCase() === v.trim().toLowerCase())
  if (!found) throw new InvalidArgumentError(`Allowed choices are ${PERMISSIONS.join(', ')} (in any case).`)
  return found
}

const name = (v: string): string => {
  if (v.trim() === '' || v.length > 200) throw new UsageError('expected 1-200 characters')
  return v
}

async function create(opts: { permission: Permission; site?: string; name?: string }): Promise<void> {
  const created = await withApp((app) =>
    apiKeys.create(systemCtx(app.deps, 'cli'), {
      name: opts.name ?? `CLI ${opts.permission} key`,
      permission: opts.permission,
      site_id: opts.site ?? null,
    }),
  )
  // The key alone on stdout (scripts capture it); what it is goes to stderr.
  out(created.key)
  err(`created ${created.permission} key ${created.id}${created.site_id ? ` for site ${created.site_id}` : ''}`)
}

async function listAll(siteId: string | undefined): Promise<ApiKey[]> {
  return withApp(async (app) => {
    const ctx = systemCtx(app.deps, 'cli')
    const rows: ApiKey[] = []
    for (let page = 1; ; page++) {
      const res = await apiKeys.list(ctx, { page, per_page: 100, ...(siteId ? { site_id: siteId } : {}) })
      rows.push(...res.data)
      if (page >= res.meta.total_pages) return rows
    }
  })
}

function printTable(rows: string[][]): void {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length))) ?? []
  for (const r of rows) out(r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i] ?? 0))).join('  '))
}

async function list(opts: { site?: string; json?: boolean }): Promise<void> {
  const keys = await listAll(opts.site)
  // Never the key itself: it is not stored, and the prefix is what identifies it in a dashboard.
  const rows = keys.map((k) => ({ id: k.id, key_prefix: k.key_prefix, name: k.name, permission: k.permission, site_id: k.site_id, status: k.status }))
  if (opts.json) {
    for (const r of rows) out(JSON.stringify(r))
    return
  }
  printTable([
    ['ID', 'PREFIX', 'NAME', 'PERMISSION', 'SITE', 'STATUS'],
    ...rows.map((r) => [r.id, r.key_prefix, r.name.replace(/\s+/g, ' '), r.permission, r.site_id ?? '-', r.status]),
  ])
}

async function revoke(id: string): Promise<void> {
  const key = await withApp((app) => apiKeys.revoke(systemCtx(app.deps, 'cli'), id))
  out(`revoked ${key.id} (${key.key_prefix}…)`)
}

/** `atrium keys create|list|revoke`. */
export function keysCommand(program: Command): void {
  const keys = program.command('keys').description('create, list and revoke API keys')

  keys
    .command('create')
    .description('create an API key and print it (once) on standard output')
    .addOption(new Option('--permission <level>', `permission level: ${PERMISSIONS.join(', ')} (any case)`).argParser(permissionArg).makeOptionMandatory())
    .option('--site <id>', 'scope the key to this site (Master and Admin keys may be unscoped)', asOption(uuidArg('a site id')))
    .option('--name <name>', 'a name to recognise the key by', asOption(name))
    .action(create)

  keys
    .command('list')
    .description('list keys: id, prefix, name, permission, site, status (never the key)')
    .option('--site <id>', 'only keys of this site', asOption(uuidArg('a site id')))
    .option('--json', 'one JSON object per line instead of a table')
    .action(list)

  keys
    .command('revoke')
    .description('revoke a key, permanently')
    .argument('<id>', 'the key id (from keys list)', asOption(uuidArg('a key id')))
    .action(revoke)
}
