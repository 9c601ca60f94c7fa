import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import { ApiError, type FieldError } from '../../http/errors.js'
import * as q from './redirects.queries.js'
import { redirectEntity } from './redirects.resource.js'
import { normalize } from './redirects.service.js'
import { presentRedirect, type ImportRedirectRow, type ImportRedirectsBody, type RedirectImport } from './schemas.js'

/*
 * All-or-nothing import of redirects (besides the single create). Every row obeys the
 * rules of a single create: paths normalised alike, source ≠ destination (400), a source_path without a live redirect
 * in the site (409); a file may also name a source only once (409). Every problem is reported at once, each naming
 * its row as validation names fields (`redirects.<index>.<field>`, index from 0); with any, nothing is written.
 * Otherwise one transaction creates every row with what a single create writes: one audit entry and one
 * `redirect.created` per redirect, and one refresh of the site's redirect list and lookups.
 */

/** A row's problem; `conflict`: a 409 kind (a taken or repeated source), else a 400 kind. */
interface RowProblem extends FieldError {
  row: number
  conflict: boolean
}

type Row = Required<ImportRedirectRow>

const at = (row: number, field: string) => `redirects.${row}.${field}`

/** Problems a file shows by itself: a destination equal to its source, a source named by an earlier row. */
export function fileProblems(rows: readonly Row[]): RowProblem[] {
  const problems: RowProblem[] = []
  const first = new Map<string, number>()
  rows.forEach((r, i) => {
    if (r.source_path === r.destination_path)
      problems.push({ row: i, conflict: false, field: at(i, 'destination_path'), message: 'must differ from source_path' })
    const earlier = first.get(r.source_path)
    if (earlier === undefined) first.set(r.source_path, i)
    else
      problems.push({ row: i, conflict: true, field: at(i, 'source_path'), message: `${r.source_path} is already the source of ${at(earlier, 'source_path')}` })
  })
  return problems
}

/** 400 when any row is invalid (every problem listed, conflicts too), else 409 listing the conflicts. */
function refuse(problems: RowProblem[]): never {
  const sorted = [...problems].sort((x, y) => x.row - y.row || x.field.localeCompare(y.field))
  const errors = sorted.map(({ field, message }) => ({ field, message }))
  const rows = new Set(sorted.map((p) => p.row)).size
  const detail = `${rows} of the rows cannot be imported; nothing was imported`
  if (sorted.every((p) => p.conflict)) throw new ApiError(409, 'CONFLICT', 'Conflict', detail, errors)
  throw new ApiError(400, 'VALIDATION_FAILED', 'Validation failed', detail, errors)
}

/**
 * Creates every row as a redirect of the site, all or nothing: 400 VALIDATION_FAILED (a row's destination equals its
 * source) or 409 CONFLICT (a source already live in the site or repeated in the file), both with `errors` naming every
 * problem row. 201 `{ created, data }` with the redirects in row order.
 */
export async function importRedirects(ctx: Ctx, siteId: string, body: ImportRedirectsBody): Promise<RedirectImport> {
  const rows: Row[] = body.redirects.map((r) =>
    normalize({ source_path: r.source_path, destination_path: r.destination_path, status_code: r.status_code ?? 301, is_active: r.is_active ?? true }),
  )
  const problems = fileProblems(rows)
  return mutate(ctx, { entity: redirectEntity, action: 'Create' }, async (tx) => {
    const taken = await q.takenSources(
      tx,
      siteId,
      rows.map((r) => r.source_path),
    )
    rows.forEach((r, i) => {
      if (taken.has(r.source_path))
        problems.push({ row: i, conflict: true, field: at(i, 'source_path'), message: `${r.source_path} already has a live redirect in this site` })
    })
    if (problems.length > 0) refuse(problems)
    const now = ctx.clock.now()
    const created = (
      await q.insertRedirects(
        tx,
        rows.map((r) => ({ ...r, site_id: siteId, created_at: now, updated_at: now })),
      )
    ).map(presentRedirect)
    return {
      result: { created: created.length, data: created },
      siteId,
      entityId: null,
      audit: created.map((r) => ({
        siteId,
        entityId: r.id,
        metadata: { source_path: r.source_path, destination_path: r.destination_path, status_code: r.status_code, imported: true },
      })),
      events: created.map((r) => ({ type: 'redirect.created' as const, siteId, data: r })),
      // New records have no answers of their own yet: the site's list and lookups are what changes.
      readers: { lists: [siteId] },
    }
  })
}
