import { createHash } from 'node:crypto'

/*
 * The archive format: a gzip-compressed tar holding `manifest.json` first, one
 * NDJSON file per table (modules/export/tables.ts, in that order), then `files/` (stored media originals and
 * document files). A reader refuses a `format_version` newer than its own.
 */

export const ARCHIVE_FORMAT = 'atrium-site'
export const FORMAT_VERSION = 1
export const MANIFEST = 'manifest.json'
/** The manifest is small (the site record and counts): anything larger is not one of ours. */
export const MANIFEST_MAX_BYTES = 1024 * 1024
/** One NDJSON line (one row) at most: rows are bounded by the API's own limits far below this. */
export const LINE_MAX_BYTES = 16 * 1024 * 1024

export interface Manifest {
  format: typeof ARCHIVE_FORMAT
  format_version: number
  atrium_version: string
  /** The site record with its settings, as stored (without deleted_at). */
  site: Record<string, unknown>
  created_at: string
  /** Rows per table, and `files`: stored files in files/. */
  counts: Record<string, number>
}

/** The archive name of a stored file: opaque, stable for one storage key (records sharing a file share it). */
export const fileName = (storageKey: string): string => createHash('sha256').update(storageKey).digest('hex').slice(0, 40)

/** Placeholder storage_key of an imported row until its file has arrived (never a valid key: see STORAGE_KEY). */
export const placeholder = (namespace: 'media' | 'documents', name: string): string => `import:${namespace}/${name}`
