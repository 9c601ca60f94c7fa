import { ApiError } from '../../http/errors.js'
import { ARCHIVE_FORMAT, FORMAT_VERSION, type Manifest } from './archive.schemas.js'

/** The archive is not one this version can import (corrupt, truncated, newer, inconsistent): nothing was written. */
export class ArchiveError extends ApiError {
  constructor(detail: string) {
    super(400, 'BAD_REQUEST', 'Invalid archive', detail)
  }
}

/** Checks what the manifest says (format, version, the site record) before anything is written. */
export function checkManifest(raw: unknown): Manifest {
  const m = raw as Partial<Manifest> | null
  if (!m || typeof m !== 'object' || m.format !== ARCHIVE_FORMAT)
    throw new ArchiveError('manifest.json is not an Atrium site archive (format is not "atrium-site")')
  if (typeof m.format_version !== 'number' || !Number.isInteger(m.format_version) || m.format_version < 1)
    throw new ArchiveError('manifest.json has no valid format_version')
  if (m.format_version > FORMAT_VERSION) {
    throw new ArchiveError(
      `the archive has format_version ${m.format_version} (written by Atrium ${String(m.atrium_version)}); this Atrium reads format_version ${FORMAT_VERSION} and older: upgrade Atrium to import it`,
    )
  }
  const site = m.site
  if (!site || typeof site.id !== 'string' || typeof site.slug !== 'string' || typeof site.name !== 'string')
    throw new ArchiveError('manifest.json holds no site record')
  return m as Manifest
}
