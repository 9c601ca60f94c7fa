import { deepEqual } from './equal.js'

/*
 * Field-by-field three-way comparison for the edit-conflict view (admin.md: a 412 EDIT_CONFLICT carries `current`;
 * the editor keeps theirs, takes the other, or copies text across, per field, then saves with the new ETag).
 *
 *   base   = the values the form was loaded from (the version whose ETag the refused save sent),
 *   mine   = the form's values now,
 *   theirs = `current` from the 412, mapped through the SAME function that turned the loaded record into form values
 *            (so the three have one shape; fields only `theirs` has are not compared).
 *
 * Nested records: plain objects are walked key by key; arrays of objects carrying `locale_id`, `locale` or `id` are
 * matched by that key (localizations by locale), so a change to the German title never conflicts with one to the
 * French excerpt; arrays of primitives under a key ending in `ids` (tag_ids, site_ids) are sets: additions and
 * removals from both sides merge without conflict. Any other array is one value.
 */

export type Choice = 'mine' | 'theirs' | { value: unknown }

export interface FieldDiffOptions {
  /** Dot paths (keyed segments written as their key, e.g. `localizations.de.tag_ids`) of arrays compared as sets. */
  sets?: readonly string[]
  /** Dot path → item key field, for arrays of objects the default detection would miss or mis-key. */
  keyedBy?: Readonly<Record<string, string>>
  /** Dot paths, or field names at any depth, left out of the comparison (merge takes theirs). Default: id, created_at, updated_at. */
  ignore?: readonly string[]
}

export interface FieldDiff {
  /** Display path: `title`, `localizations[de].title`, `tag_ids`. Choices are keyed by it. */
  path: string
  /** The path's segments (`['localizations', 'de', 'title']`), for looking up labels. */
  segments: readonly string[]
  kind: 'text' | 'set' | 'value'
  base: unknown
  mine: unknown
  theirs: unknown
  mineChanged: boolean
  theirsChanged: boolean
  /** Both sides changed it, differently: the editor must choose (sets never conflict: they merge). */
  conflict: boolean
  /** Sets only: what each side added and removed against base. */
  set?: { mineAdded: unknown[]; mineRemoved: unknown[]; theirsAdded: unknown[]; theirsRemoved: unknown[] }
}

const DEFAULT_IGNORE = ['id', 'created_at', 'updated_at']
const ITEM_KEYS = ['locale_id', 'locale', 'id']

type Obj = Record<string, unknown>
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Date)
const isPrimitive = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v)

interface Ctx {
  sets: ReadonlySet<string>
  keyedBy: Readonly<Record<string, string>>
  ignore: ReadonlySet<string>
}
const ctxOf = (o: FieldDiffOptions): Ctx => ({ sets: new Set(o.sets ?? []), keyedBy: o.keyedBy ?? {}, ignore: new Set(o.ignore ?? DEFAULT_IGNORE) })

/** An ignore entry names a whole dot path, or a field name at any depth (`id` of every localization too). */
const ignored = (ctx: Ctx, segs: readonly string[]) => segs.length > 0 && (ctx.ignore.has(dotPath(segs)) || ctx.ignore.has(segs[segs.length - 1] as string))
const dotPath = (segs: readonly string[]) => segs.join('.')
/** `localizations[de].title`: keyed items in brackets, so a locale code never reads as a field. */
function displayPath(segs: readonly string[], keyed: readonly boolean[]): string {
  return segs.map((s, i) => (keyed[i] ? `[${s}]` : i === 0 ? s : `.${s}`)).join('')
}

function isSet(ctx: Ctx, segs: readonly string[], values: readonly unknown[]): boolean {
  if (ctx.sets.has(dotPath(segs))) return true
  const last = segs[segs.length - 1] ?? ''
  const arrays = values.filter((v) => v !== undefined && v !== null)
  return /ids$/.test(last) && arrays.length > 0 && arrays.every((v) => Array.isArray(v) && v.every(isPrimitive))
}

/** The key field of an array of objects, when every item of every present side has it. */
function itemKey(ctx: Ctx, segs: readonly string[], values: readonly unknown[]): string | undefined {
  const explicit = ctx.keyedBy[dotPath(segs)]
  const arrays = values.filter((v) => v !== undefined)
  if (!arrays.every(Array.isArray)) return undefined
  const items = arrays.flat()
  if (items.length === 0 || !items.every(isObj)) return undefined
  const candidates = explicit ? [explicit] : ITEM_KEYS
  return candidates.find((k) => items.every((it) => typeof it[k] === 'string' || typeof it[k] === 'number'))
}

const byKey = (arr: unknown, key: string): Map<string, Obj> => new Map(Array.isArray(arr) ? (arr as Obj[]).map((it) => [String(it[key]), it]) : [])

function setDelta(base: unknown, side: unknown): { added: unknown[]; removed: unknown[] } {
  const b = Array.isArray(base) ? base : []
  const s = Array.isArray(side) ? side : []
  return { added: s.filter((x) => !b.includes(x)), removed: b.filter((x) => !s.includes(x)) }
}

function walk(ctx: Ctx, segs: string[], keyed: boolean[], b: unknown, m: unknown, t: unknown, out: FieldDiff[]): void {
  if (ignored(ctx, segs)) return
  if (isObj(m) && isObj(t) && (isObj(b) || b === undefined || b === null)) {
    const bo = isObj(b) ? b : {}
    for (const k of new Set([...Object.keys(bo), ...Object.keys(m), ...Object.keys(t)])) walk(ctx, [...segs, k], [...keyed, false], bo[k], m[k], t[k], out)
    return
  }
  if (segs.length > 0 && isSet(ctx, segs, [b, m, t])) {
    const mine = setDelta(b, m)
    const theirs = setDelta(b, t)
    const mineChanged = mine.added.length + mine.removed.length > 0
    const theirsChanged = theirs.added.length + theirs.removed.length > 0
    if (mineChanged || theirsChanged) {
      out.push({
        path: displayPath(segs, keyed),
        segments: segs,
        kind: 'set',
        base: b,
        mine: m,
        theirs: t,
        mineChanged,
        theirsChanged,
        conflict: false,
        set: { mineAdded: mine.added, mineRemoved: mine.removed, theirsAdded: theirs.added, theirsRemoved: theirs.removed },
      })
    }
    return
  }
  const key = Array.isArray(m) && Array.isArray(t) ? itemKey(ctx, segs, [b, m, t]) : undefined
  if (key !== undefined) {
    const bm = byKey(b, key)
    const mm = byKey(m, key)
    const tm = byKey(t, key)
    for (const id of new Set([...bm.keys(), ...mm.keys(), ...tm.keys()])) {
      const [bi, mi, ti] = [bm.get(id), mm.get(id), tm.get(id)]
      // Present on both sides: field by field. Added or removed on one side: the item as a whole.
      if (mi && ti) walk(ctx, [...segs, id], [...keyed, true], bi, mi, ti, out)
      else leaf([...segs, id], [...keyed, true], bi, mi, ti, out)
    }
    return
  }
  leaf(segs, keyed, b, m, t, out)
}

function leaf(segs: string[], keyed: boolean[], b: unknown, m: unknown, t: unknown, out: FieldDiff[]): void {
  const mineChanged = !deepEqual(b, m)
  const theirsChanged = !deepEqual(b, t)
  if (!mineChanged && !theirsChanged) return
  out.push({
    path: displayPath(segs, keyed),
    segments: segs,
    kind: [b, m, t].some((v) => typeof v === 'string') ? 'text' : 'value',
    base: b,
    mine: m,
    theirs: t,
    mineChanged,
    theirsChanged,
    conflict: mineChanged && theirsChanged && !deepEqual(m, t),
  })
}

/** The fields changed on at least one side, in the form's field order. */
export function diffThree(base: unknown, mine: unknown, theirs: unknown, options: FieldDiffOptions = {}): FieldDiff[] {
  const out: FieldDiff[] = []
  walk(ctxOf(options), [], [], base, mine, theirs, out)
  return out
}

export const conflictsOf = (diffs: readonly FieldDiff[]): FieldDiff[] => diffs.filter((d) => d.conflict)

/** Conflicting fields without a choice yet (the "save merged" button waits for none). */
export const unresolved = (diffs: readonly FieldDiff[], choices: Readonly<Record<string, Choice>>): FieldDiff[] =>
  diffs.filter((d) => d.conflict && !(d.path in choices))

/** Choices: keep mine / take theirs / a value of one's own (text copied across and edited) for one field. */
export const keepMine = (choices: Readonly<Record<string, Choice>>, path: string): Record<string, Choice> => ({ ...choices, [path]: 'mine' })
export const takeTheirs = (choices: Readonly<Record<string, Choice>>, path: string): Record<string, Choice> => ({ ...choices, [path]: 'theirs' })
// Not named use…: React's hook lint would take it for a hook.
export const chooseValue = (choices: Readonly<Record<string, Choice>>, path: string, value: unknown): Record<string, Choice> => ({
  ...choices,
  [path]: { value },
})
/** One choice for every conflicting field. */
export const chooseAll = (diffs: readonly FieldDiff[], choice: 'mine' | 'theirs'): Record<string, Choice> =>
  Object.fromEntries(conflictsOf(diffs).map((d) => [d.path, choice]))

function mergeSet(b: unknown, m: unknown, t: unknown): unknown[] {
  const mine = setDelta(b, m)
  const theirs: unknown[] = Array.isArray(t) ? t : []
  return [...theirs.filter((x) => !mine.removed.includes(x)), ...mine.added.filter((x) => !theirs.includes(x))]
}

function pickLeaf(
  path: string,
  b: unknown,
  m: unknown,
  t: unknown,
  choices: Readonly<Record<string, Choice>>,
  fallback: 'mine' | 'theirs',
  set: boolean,
): unknown {
  const choice = choices[path]
  if (choice !== undefined) return typeof choice === 'object' ? choice.value : choice === 'mine' ? m : t
  const mineChanged = !deepEqual(b, m)
  const theirsChanged = !deepEqual(b, t)
  if (set && mineChanged && theirsChanged) return mergeSet(b, m, t)
  if (!mineChanged) return t
  if (!theirsChanged || deepEqual(m, t)) return m
  return fallback === 'mine' ? m : t
}

function mergeNode(
  ctx: Ctx,
  segs: string[],
  keyed: boolean[],
  b: unknown,
  m: unknown,
  t: unknown,
  choices: Readonly<Record<string, Choice>>,
  fallback: 'mine' | 'theirs',
): unknown {
  if (ignored(ctx, segs)) return t === undefined ? m : t
  if (isObj(m) && isObj(t) && (isObj(b) || b === undefined || b === null)) {
    const bo = isObj(b) ? b : {}
    const merged: Obj = {}
    for (const k of new Set([...Object.keys(m), ...Object.keys(t), ...Object.keys(bo)])) {
      const v = mergeNode(ctx, [...segs, k], [...keyed, false], bo[k], m[k], t[k], choices, fallback)
      if (v !== undefined) merged[k] = v
    }
    return merged
  }
  const path = displayPath(segs, keyed)
  if (segs.length > 0 && isSet(ctx, segs, [b, m, t])) return pickLeaf(path, b, m, t, choices, fallback, true)
  const key = Array.isArray(m) && Array.isArray(t) ? itemKey(ctx, segs, [b, m, t]) : undefined
  if (key !== undefined) {
    const bm = byKey(b, key)
    const mm = byKey(m, key)
    const tm = byKey(t, key)
    // Their order first (the server's), then items only mine has.
    const ids = [...new Set([...tm.keys(), ...mm.keys()])]
    const merged: unknown[] = []
    for (const id of ids) {
      const [bi, mi, ti] = [bm.get(id), mm.get(id), tm.get(id)]
      const v =
        mi && ti
          ? mergeNode(ctx, [...segs, id], [...keyed, true], bi, mi, ti, choices, fallback)
          : pickLeaf(displayPath([...segs, id], [...keyed, true]), bi, mi, ti, choices, fallback, false)
      if (v !== undefined) merged.push(v)
    }
    return merged
  }
  return pickLeaf(path, b, m, t, choices, fallback, false)
}

/**
 * The merged values to save (with the ETag of `theirs`): each field takes the side that changed it; a conflicting
 * field takes its choice, else `fallback` (default 'mine': what the editor typed is never dropped unseen; the UI
 * should still ask, see unresolved()). Sets merge both sides' additions and removals.
 */
export function mergeThree<T>(
  base: T,
  mine: T,
  theirs: T,
  choices: Readonly<Record<string, Choice>> = {},
  options: FieldDiffOptions & { fallback?: 'mine' | 'theirs' } = {},
): T {
  return mergeNode(ctxOf(options), [], [], base, mine, theirs, choices, options.fallback ?? 'mine') as T
}
