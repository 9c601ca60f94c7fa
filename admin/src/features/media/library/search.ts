/*
 * What the media library shows, as URL search params on the library screen (reload, back and a shared link show the
 * same view) and as plain state inside the picker: view (grid or list), folder, type, text query, page and the file
 * whose details are open. Anything malformed falls back to the default rather than failing the route.
 */
export const MEDIA_TYPES = ['image', 'video', 'audio', 'document', 'archive'] as const
export type MediaType = (typeof MEDIA_TYPES)[number]
export const MEDIA_PER_PAGE = 24

export interface MediaSearch {
  view?: 'list'
  folder?: string
  type?: MediaType
  q?: string
  page?: number
  /** The file whose details are open. */
  item?: string
  /**
   * Open the file chooser on arrival (the palette's Upload action); dropped from the URL once done, so reload and Back
   * do not open it again.
   */
  upload?: true
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

export function validateMediaSearch(s: Record<string, unknown>): MediaSearch {
  const n = typeof s.page === 'number' ? s.page : typeof s.page === 'string' ? Number(s.page) : NaN
  const type = MEDIA_TYPES.find((x) => x === s.type)
  const q = typeof s.q === 'string' ? s.q.trim().slice(0, 200) : ''
  const uuid = (v: unknown) => (typeof v === 'string' && UUID.test(v) ? v.toLowerCase() : undefined)
  const folder = uuid(s.folder)
  const item = uuid(s.item)
  return {
    ...(s.view === 'list' ? { view: 'list' as const } : {}),
    ...(folder ? { folder } : {}),
    ...(type ? { type } : {}),
    ...(q ? { q } : {}),
    ...(Number.isInteger(n) && n > 1 ? { page: n } : {}),
    ...(item ? { item } : {}),
    ...(s.upload === true || s.upload === 1 || s.upload === '1' || s.upload === 'true' ? { upload: true as const } : {}),
  }
}

/** A new filter, folder or query starts at page one and closes the details (the file may not be in the new list). */
export function withFilter(s: MediaSearch, change: Partial<Pick<MediaSearch, 'folder' | 'type' | 'q'>>): MediaSearch {
  const next: MediaSearch = { ...s, ...change }
  delete next.page
  delete next.item
  delete next.upload
  for (const k of ['folder', 'type', 'q'] as const) if (next[k] === undefined || next[k] === '') delete next[k]
  return next
}

export interface FolderNode {
  id: string
  name: string
  depth: number
}

/** The folders as a flat list in tree order (children under their parent, indented by depth); orphans at the top level. */
export function folderTree(folders: ReadonlyArray<{ id: string; name: string; parent_id: string | null }>): FolderNode[] {
  const ids = new Set(folders.map((f) => f.id))
  const children = new Map<string | null, (typeof folders)[number][]>()
  for (const f of folders) {
    const parent = f.parent_id !== null && ids.has(f.parent_id) ? f.parent_id : null
    children.set(parent, [...(children.get(parent) ?? []), f])
  }
  const out: FolderNode[] = []
  const seen = new Set<string>()
  const walk = (parent: string | null, depth: number) => {
    for (const f of children.get(parent) ?? []) {
      if (seen.has(f.id)) continue
      seen.add(f.id)
      out.push({ id: f.id, name: f.name, depth })
      walk(f.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}
