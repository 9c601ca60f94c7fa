import type { TObject, TSchema } from 'typebox'
import { Value } from 'typebox/value'
import type { Ctx } from '../../core/context.js'
import { resolveLocale, siteLocales } from '../../kits/localizations/rules.js'
import { checkMediaRefs, mediaRefPaths, mediaRefValues } from '../../core/media-refs.js'
import type { Tx } from '../../db/client.js'
import type { ContentTemplateRow } from '../../db/schema/content-templates.js'
import type { ContentType } from '../../db/schema/content.js'
import type { LocaleRow } from '../../db/schema/sites.js'
import { ApiError, conflict, validation } from '../../http/errors.js'
import * as q from './templates.queries.js'
import { TEMPLATE_DATA_MAX_BYTES } from './templates.schemas.js'

/*
 * Content template rules beyond the site-resource kit: the name is unique in the site among live templates,
 * compared case-insensitively (409); template_data is a JSON object of bounded size (413); and creating content
 * from a template (`template_id` on create) fills the fields the template holds and the body does not give.
 */

/** Size of a JSON value as the database stores it (compact JSON, UTF-8 bytes). */
const jsonBytes = (v: unknown) => Buffer.byteLength(JSON.stringify(v), 'utf8')

/** The kit's `check` hook (in the write's transaction, before the row is written): 413 for oversize data, 409 for a taken name. */
export async function checkTemplate(
  tx: Tx,
  w: { siteId: string; values: { name?: string; template_data?: unknown }; before?: ContentTemplateRow },
): Promise<void> {
  if (w.values.template_data !== undefined && jsonBytes(w.values.template_data) > TEMPLATE_DATA_MAX_BYTES) {
    throw new ApiError(413, 'PAYLOAD_TOO_LARGE', 'Payload too large', `template_data: larger than ${TEMPLATE_DATA_MAX_BYTES} bytes as JSON`, [
      { field: 'template_data', message: `at most ${TEMPLATE_DATA_MAX_BYTES} bytes as JSON` },
    ])
  }
  const name = w.values.name
  if (name === undefined || (w.before && w.before.name === name)) return
  if (await q.nameTaken(tx, w.siteId, name, w.before?.id))
    conflict(`A content template named ${JSON.stringify(name)} already exists in this site (names are compared case-insensitively)`)
}

// ---- creating content from a template ---------------------------------------------------------------------

/**
 * The keys of `template_data` each content type takes when it is created from a template (besides
 * `localizations`). Identity, status and schedule (site_ids, slug, route, status, published_date, publish_start,
 * publish_end) never come from a template. Pages join here when they take `template_id`.
 */
export const TEMPLATE_FIELDS: Partial<Record<ContentType, readonly string[]>> = {
  blog: ['author', 'is_featured', 'allow_comments', 'cover_image_id', 'header_image_id'],
  page: ['page_type', 'template', 'is_in_navigation', 'navigation_order', 'sections'],
}

type Loc = Record<string, unknown> & { locale?: string; locale_id?: string }
interface CreateInput {
  template_id?: string | undefined
  site_ids: string[]
  localizations?: Loc[] | undefined
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)
const pick = (o: Record<string, unknown>, keys: Iterable<string>) => Object.fromEntries([...keys].filter((k) => o[k] !== undefined).map((k) => [k, o[k]]))

/** 400 on template_id naming where the template's data does not fit the create body (`template_data.author: …`). */
function checkAgainst(schema: TSchema, value: unknown, path: string): void {
  if (Value.Check(schema, value)) return
  const [first] = Value.Errors(schema, value)
  const at = `${path}${(first?.instancePath ?? '').replace(/\//g, '.')}`
  validation('template_id', `the template's ${at} ${first?.message ?? 'does not fit'}`)
}

/** The locale id an entry names among the site's locales; undefined when it names none (the create path reports that). */
function localeOf(siteLocales: LocaleRow[], l: Loc): string | undefined {
  try {
    return resolveLocale(siteLocales, l, '')
  } catch {
    return undefined
  }
}

/**
 * Merges localizations per locale: the body's entry for a locale wins field by field over the template's; the
 * template's locales the body does not name are added after the body's.
 */
function mergeLocalizations(siteLocales: LocaleRow[], given: Loc[], fromTemplate: Loc[], fields: readonly string[]): Loc[] {
  const byLocale = new Map<string, Loc>()
  fromTemplate.forEach((l, i) => {
    const id = localeOf(siteLocales, l) ?? validation('template_id', `the template's template_data.localizations.${i} names no locale of the owning site`)
    byLocale.set(id, l)
  })
  const merged = given.map((l) => {
    const id = localeOf(siteLocales, l)
    const tpl = id === undefined ? undefined : byLocale.get(id)
    if (id !== undefined) byLocale.delete(id)
    return tpl ? { ...pick(tpl, fields), ...pick(l, Object.keys(l)) } : l
  })
  return [...merged, ...byLocale.values()]
}

/**
 * Content created from a template (`template_id` on POST /blogs; pages reuse it): the live template of the owning
 * site (`site_ids[0]`) with this content type fills the top-level fields of TEMPLATE_FIELDS the body does not give,
 * and `template_data.localizations` (`[{ locale | locale_id, title, body, … }]`) fills, per locale, the localized
 * fields the body's localization of that locale does not give, adding the template's other locales. Unknown keys
 * of template_data are ignored. A template that is unknown, deleted, of another site or of another content type,
 * or whose data does not fit `schema` (the create body), is a 400 on `template_id`; nothing is created.
 * Without `template_id` the body is returned as is. The result has no `template_id`.
 */
export async function applyTemplate<B extends CreateInput>(ctx: Ctx, contentType: ContentType, body: B, schema: TObject): Promise<Omit<B, 'template_id'>> {
  const { template_id: templateId, ...rest } = body
  if (templateId === undefined) return rest
  const siteId = body.site_ids[0] as string
  const template = await q.findTemplate(ctx.db, templateId)
  if (!template || template.site_id !== siteId) return validation('template_id', 'must be a content template of the owning site (the first of site_ids)')
  if (template.content_type !== contentType) return validation('template_id', `must be a ${contentType} template (this one is for ${template.content_type})`)
  const data = template.template_data
  const fields = (TEMPLATE_FIELDS[contentType] ?? []).filter((f) => f in schema.properties)
  const filled = pick(data, fields)
  for (const [k, v] of Object.entries(filled)) checkAgainst(schema.properties[k] as TSchema, v, `template_data.${k}`)
  // Media the template names must be usable by the owning site like media the body names (checked by the route).
  await checkMediaRefs(ctx.db, siteId, mediaRefValues(filled, mediaRefPaths(schema), 'template_data'))
  const merged: Record<string, unknown> = { ...filled, ...pick(rest, Object.keys(rest)) }
  const props: Record<string, (TSchema & { items?: TObject }) | undefined> = schema.properties
  const locSchema = props.localizations
  if (locSchema?.items && data.localizations !== undefined) {
    if (!Array.isArray(data.localizations) || !data.localizations.every(isObject))
      return validation('template_id', "the template's template_data.localizations must be an array of objects")
    const locFields = Object.keys(locSchema.items.properties)
    const fromTemplate = data.localizations.map((l: Record<string, unknown>) => pick(l, locFields) as Loc)
    const combined = mergeLocalizations(await siteLocales(ctx.db, siteId), rest.localizations ?? [], fromTemplate, locFields)
    checkAgainst(locSchema, combined, 'template_data.localizations')
    merged.localizations = combined
  }
  return merged as Omit<B, 'template_id'>
}
