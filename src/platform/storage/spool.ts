import { lstat, readdir, unlink } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../../config.js'

/*
 * The spool directory `<ATRIUM_DATA_DIR>/tmp`: uploads are streamed into it before they reach storage (media
 * uploads, S3 puts). Each request removes its own file, but a crash or a kill mid-request leaves one behind. The sweep
 * removes files not written to for an hour: a running upload keeps writing (its modification time moves), and the
 * longest use of a finished spool file (variants, the S3 put) takes seconds. Only plain files directly in the
 * directory are touched (nothing else is ever created there); symbolic links are never followed.
 */

export const SPOOL_MAX_AGE_MS = 60 * 60 * 1000

export const spoolDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'tmp')

/** Removes spool files older than `maxAgeMs` (by modification time); returns how many went. A missing directory is empty. */
export async function sweepSpool(dir: string, now: number = Date.now(), maxAgeMs: number = SPOOL_MAX_AGE_MS): Promise<number> {
  let names: string[]
  try {
    names = await readdir(dir)
  } catch (err) {
    if ((err as { code?: unknown }).code === 'ENOENT') return 0
    throw err
  }
  let removed = 0
  for (const name of names) {
    const file = path.join(dir, name)
    try {
      const st = await lstat(file)
      if (!st.isFile() || now - st.mtimeMs < maxAgeMs) continue
      await unlink(file)
      removed++
    } catch (err) {
      // Gone meanwhile (its request finished): nothing to do.
      if ((err as { code?: unknown }).code !== 'ENOENT') throw err
    }
  }
  return removed
}
