import type { Config } from '../../config.js'
import { LocalStorage } from './local.js'
import { spoolDir } from './spool.js'
import type { Storage } from './storage.js'

export { LocalStorage } from './local.js'
export { spoolDir, sweepSpool, SPOOL_MAX_AGE_MS } from './spool.js'
export {
  newStorageKey,
  StorageLimitError,
  STORAGE_KEY,
  type ObjectRange,
  type ObjectStream,
  type Storage,
  type StoredObject,
  type StorageNamespace,
} from './storage.js'

/**
 * The configured file storage: the data directory (`ATRIUM_STORAGE=local`, the default; files under
 * `<ATRIUM_DATA_DIR>/<namespace>/`) or an S3-compatible bucket (`ATRIUM_STORAGE=s3`, keys as object names).
 */
export async function openStorage(config: Config): Promise<Storage> {
  // The AWS SDK (about 25 MB of memory) is loaded only by an instance that stores in S3.
  if (config.storage === 's3') {
    const { S3Storage } = await import('./s3.js')
    return new S3Storage(config.s3, spoolDir(config))
  }
  return new LocalStorage(config.dataDir)
}
