import { defineEntity } from '../../core/entities.js'
import { crudEvents } from '../../core/events.js'
import { contentItem } from '../../core/scopes.js'
import type { AppPlugin } from '../../http/app-types.js'
import { sharedResource, type SharedValues } from '../../kits/shared-resource/rules.js'
import { sharedResourceRoutes } from '../../kits/shared-resource/routes.js'
import { cvEntries, type CvEntryRow } from '../../db/schema/skills.js'
import { validation } from '../../http/errors.js'
import { CreateCvEntryBody, CvEntry, CvListQuery, UpdateCvEntryBody, presentCvEntry } from './schemas.js'

/** A CV entry: shared content (core/content.ts); audited as cv_entry, webhooks say cv.*. */
export const cvEntryEntity = defineEntity({
  name: 'cv_entry',
  label: 'CV entry',
  events: crudEvents('cv'),
  scope: contentItem(cvEntries),
  scopeHandle: (id) => `cv_entry:${id}`,
})

const ALIASES = [
  ['organization', 'company'],
  ['organization_url', 'company_url'],
] as const

/** company/company_url are write aliases of organization/organization_url: sent alone they set it; both must agree. */
function unalias(values: SharedValues): SharedValues {
  const out = { ...values }
  for (const [field, alias] of ALIASES) {
    if (out[alias] === undefined) continue
    if (out[field] !== undefined && out[field] !== out[alias]) validation(alias, `is an alias of ${field}; send one of them, or the same value`)
    out[field] = out[alias]
    delete out[alias]
  }
  return out
}

/**
 * The date rules on the entry as it will be (the stored entry with the patch applied): end_date not before
 * start_date; an is_current entry has no end_date. A body making the entry current (is_current: true) without an
 * end_date clears a stored end_date; a body sending an end_date for an entry that is or stays current is a 400.
 */
export function prepareCvEntry(values: SharedValues, before?: CvEntryRow): SharedValues {
  const out = unalias(values)
  if (typeof out.title === 'string') out.title = out.title.trim()
  const isCurrent = (out.is_current ?? before?.is_current ?? false) as boolean
  const start = (out.start_date ?? before?.start_date) as string
  if (isCurrent) {
    if (out.end_date !== undefined && out.end_date !== null) {
      validation(
        'end_date',
        out.is_current === true ? 'must be null for a current entry (is_current: true)' : 'the entry is current: send is_current: false with an end_date',
      )
    }
    if (before?.end_date) out.end_date = null
  }
  const end = (out.end_date === undefined ? before?.end_date : out.end_date) as string | null | undefined
  // YYYY-MM-DD compares as text.
  if (end && end < start)
    validation(
      out.end_date === undefined ? 'start_date' : 'end_date',
      out.end_date === undefined ? 'must not be after end_date' : 'must not be before start_date',
    )
  return out
}

const DATES =
  'Dates are YYYY-MM-DD calendar dates (2026-02-30 is a 400). end_date is not before start_date; an is_current entry has no end_date. ' +
  'organization_url is an absolute http(s) URL or null. company/company_url are accepted as aliases of organization/organization_url ' +
  '(400 when both are sent with different values); answers carry both.'

/** CV entries: current first, then start_date newest first (then display_order, id); filter by entry_type. */
export const cvEntryResource = sharedResource({
  entity: cvEntryEntity,
  type: 'cv',
  table: cvEntries,
  item: CvEntry,
  present: (row, siteIds) => presentCvEntry({ ...row, site_ids: siteIds, company: row.organization, company_url: row.organization_url }),
  derived: ['company', 'company_url'],
  order: [
    [cvEntries.is_current, 'desc'],
    [cvEntries.start_date, 'desc'],
    [cvEntries.display_order, 'asc'],
    [cvEntries.id, 'asc'],
  ],
  queryFilters: ['entry_type'],
  prepare: (values, before) => prepareCvEntry(values, before),
  auditFields: ['entry_type', 'title'],
  cache: 'cv',
  routes: {
    path: 'cv',
    tag: 'CV',
    plural: 'CvEntries',
    labelPlural: 'CV entries',
    schemas: { create: CreateCvEntryBody, update: UpdateCvEntryBody, listQuery: CvListQuery },
    docs: {
      list:
        'Live entries the site carries (owned or shared with it), optionally of one entry_type: current entries first, then start_date ' +
        'newest first (then display_order). Cached; every write to an entry the site carries refreshes it before the write answers.',
      get: 'Readable through any site carrying it.',
      create: `Needs Author on every site in site_ids (404 for a site out of reach, 403 for too little permission; nothing is created). ${DATES}`,
      update:
        'Partial update on the owning site (a caller reading it through another carrying site gets 403); site_ids cannot change. ' +
        'The rules apply to the entry as it will be: `is_current: true` without an end_date clears a stored end_date; an end_date for an ' +
        `entry that is or stays current is a 400 (send \`is_current: false\` with it). ${DATES}`,
      delete: 'Soft delete on the owning site: the entry answers 404 and leaves every list.',
    },
  },
})

export const cvRoutes: AppPlugin = async (app) => {
  sharedResourceRoutes(app, cvEntryResource)
}
