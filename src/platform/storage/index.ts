import type { Config } from '../../config.js'
import { ConfigError } from '../../config.js'
import { LocalStorage } from './local.js'
import type { Storage } from './storage.js'

export { LocalStorage } from './local.js'
export { newStorageKey, StorageLimitError, STORAGE_KEY, type ObjectStream, type Storage, type StoredObject, type StorageNamespace } from './storage.js'

/**
 * The configured file storage: the data directory (`ATRIUM_STORAGE=local`, the default; files under
 * `<ATRIUM_DATA_DIR>/<namespace>/`). S3-compatible storage (`ATRIUM_STORAGE=s3`) plugs in here behind the same
 * interface; until it exists, asking for it is a start-up error rather than files silently kept elsewhere.
 */
export function openStorage(config: Config): Storage {
  if (config.storage === 's3') throw new ConfigError('ATRIUM_STORAGE=s3 is not supported by this version yet; unset it to store files under ATRIUM_DATA_DIR')
  return new LocalStorage(config.dataDir)
}
