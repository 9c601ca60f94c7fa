import type { RedirectInput } from './rules'

/*
 * The API has no bulk or all-or-nothing create for redirects (GET/POST /sites/{site_id}/redirects, PUT/DELETE
 * /redirects/{id}, lookup: nothing else). The closest correct behaviour from a client: every row is checked before
 * anything is sent (a bad row imports nothing), then the rows are created one by one; when the server refuses one
 * (e.g. a source created meanwhile elsewhere), the redirects this import created are deleted again, so the site ends
 * as it was. Webhooks and the audit log do see those short-lived records. Deleting needs Editor: the screen offers
 * the import only to callers who may delete.
 */

export type ImportOutcome =
  | { ok: true; created: number }
  | { ok: false; failedIndex: number; error: unknown; rolledBack: number; notRolledBack: string[] }

export interface ImportDeps {
  create: (v: RedirectInput) => Promise<{ id: string }>
  remove: (id: string) => Promise<void>
  onProgress?: (done: number, total: number) => void
}

export async function runImport(rows: readonly RedirectInput[], deps: ImportDeps): Promise<ImportOutcome> {
  const created: string[] = []
  for (const [i, row] of rows.entries()) {
    try {
      created.push((await deps.create(row)).id)
      deps.onProgress?.(created.length, rows.length)
    } catch (error) {
      const notRolledBack: string[] = []
      // Newest first, so a partial rollback leaves the oldest rows (easiest to find in the file).
      for (const id of [...created].reverse()) {
        try {
          await deps.remove(id)
        } catch {
          notRolledBack.push(id)
        }
      }
      return { ok: false, failedIndex: i, error, rolledBack: created.length - notRolledBack.length, notRolledBack }
    }
  }
  return { ok: true, created: created.length }
}
