import { randomUUID } from 'node:crypto'
import { contentEvents, contentReaders, siteIdsOf } from '../../kits/content-workflow/rules.js'
import type { Ctx } from '../../core/context.js'
import { defineEntity } from '../../core/entities.js'
import { localizations, resolveLocales, siteLocales, type ParentRef } from '../../kits/localizations/rules.js'
import { mutate, type DomainEvent, type ReaderImpact } from '../../core/mutation.js'
import { childOf } from '../../core/scopes.js'
import type { Tx } from '../../db/client.js'
import { pageSectionLocalizations, type PageRow, type PageSectionRow } from '../../db/schema/pages.js'
import { notFound, validation } from '../../http/errors.js'
import { pageEntity, pageWorkflow } from './entity.js'
import * as q from './queries.js'
import { SECTION_SETTINGS_MAX_BYTES, type CreateSectionBody, type PageSection, type PageSectionSeed, type UpdateSectionBody } from './schemas.js'
import * as sq from './sections.queries.js'

/*
 * Page sections and their localizations (one per locale of the page's owning
 * site, upserted). Sections hang off the page: they live where it lives (access through the page's sites), and
 * every change of a section or of its localizations is a change of the page: page.updated with the page, and the
 * page's answers (by id, by route in every carrying site, the sites' lists) are refreshed.
 */

export const pageSectionEntity = defineEntity({ name: 'page_section', scope: childOf((db, id) => pageEntity.scope!(db, id), sq.pageIdOfSection) })

/** What a change under the page means: its updated_at moves, page.updated with the page, its answers refreshed. */
async function pageChanged(tx: Tx, page: PageRow, now: Date): Promise<{ events: DomainEvent[]; readers: ReaderImpact; siteIds: string[] }> {
  const row = await q.updatePage(tx, page.id, { updated_at: now })
  const wire = q.toPage(row, await siteIdsOf(tx, row.content_id))
  return { events: contentEvents(pageWorkflow, 'updated', wire, false), readers: contentReaders(pageWorkflow, wire), siteIds: wire.site_ids }
}

function checkSettings(settings: Record<string, unknown> | undefined, field = 'settings'): void {
  if (settings === undefined) return
  if (Buffer.byteLength(JSON.stringify(settings), 'utf8') > SECTION_SETTINGS_MAX_BYTES)
    validation(field, `must be at most ${SECTION_SETTINGS_MAX_BYTES} bytes as JSON`)
}

/**
 * Creates the sections a new page starts with (POST /pages `sections`, or its template's), each with its
 * localizations, inside the page's create transaction: display_order defaults to the position in the list, a
 * localization names a locale of the owning site once per section (400 naming `sections.N.localizations.M.locale_id`
 * otherwise, 409 for a locale twice in one section). Part of the page's creation: no audit or event of its own.
 */
export async function seedSections(tx: Tx, page: PageRow, seeds: readonly PageSectionSeed[], now: Date): Promise<void> {
  if (seeds.length === 0) return
  const locales = await siteLocales(tx, page.site_id)
  const sections = seeds.map((seed, i) => {
    checkSettings(seed.settings, `sections.${i}.settings`)
    const locs = seed.localizations ?? []
    const localeIds = resolveLocales(locales, locs, [], (j) => `sections.${i}.localizations.${j}.`)
    return {
      values: {
        id: randomUUID(),
        page_id: page.id,
        section_type: seed.section_type,
        display_order: seed.display_order ?? i,
        cover_image_id: seed.cover_image_id ?? null,
        call_to_action_route: seed.call_to_action_route ?? null,
        settings: seed.settings ?? {},
        created_at: now,
        updated_at: now,
      },
      localizations: locs.map(({ locale: _code, locale_id: _id, ...fields }, j) => ({
        locale_id: localeIds[j] as string,
        title: fields.title ?? null,
        text: fields.text ?? null,
        button_text: fields.button_text ?? null,
        created_at: now,
        updated_at: now,
      })),
    }
  })
  await sq.insertSeededSections(tx, sections)
}

const defined = <T extends Record<string, unknown>>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/** Adds a section (display_order: after the last one unless given). 404 unknown or deleted page; 400 settings too large. */
export async function createSection(ctx: Ctx, pageId: string, body: CreateSectionBody): Promise<PageSection> {
  checkSettings(body.settings)
  const now = ctx.clock.now()
  return mutate(ctx, { entity: pageSectionEntity, action: 'Create' }, async (tx) => {
    const page = (await q.lockPage(tx, pageId)) ?? notFound(pageEntity)
    const row = await sq.insertSection(tx, {
      page_id: pageId,
      section_type: body.section_type,
      display_order: body.display_order ?? (await sq.nextDisplayOrder(tx, pageId)),
      cover_image_id: body.cover_image_id ?? null,
      call_to_action_route: body.call_to_action_route ?? null,
      settings: body.settings ?? {},
      created_at: now,
      updated_at: now,
    })
    const change = await pageChanged(tx, page, now)
    const section = q.toSection(row)
    return {
      result: section,
      siteId: page.site_id,
      entityId: row.id,
      metadata: { page_id: pageId, section_type: row.section_type },
      events: change.events,
      readers: change.readers,
    }
  })
}

/** The section and its page, locked (page first, like every page write). */
async function locked(tx: Tx, id: string): Promise<{ section: PageSectionRow; page: PageRow }> {
  const found = (await sq.sectionWithPage(tx, id)) ?? notFound(pageSectionEntity)
  const page = (await q.lockPage(tx, found.page.id)) ?? notFound(pageSectionEntity)
  const section = (await sq.lockSection(tx, id)) ?? notFound(pageSectionEntity)
  return { section, page }
}

/** Partial update of a section (the page cannot change). */
export async function updateSection(ctx: Ctx, id: string, body: UpdateSectionBody): Promise<PageSection> {
  checkSettings(body.settings)
  const now = ctx.clock.now()
  return mutate(ctx, { entity: pageSectionEntity, action: 'Update' }, async (tx) => {
    const { section: before, page } = await locked(tx, id)
    const after = await sq.updateSection(tx, id, { ...defined(body), updated_at: now })
    const change = await pageChanged(tx, page, now)
    return {
      result: q.toSection(after),
      siteId: page.site_id,
      entityId: id,
      before: q.toSection(before),
      after: q.toSection(after),
      metadata: { page_id: page.id },
      events: change.events,
      readers: change.readers,
    }
  })
}

/** Deletes a section and its localizations (a hard delete). */
export async function removeSection(ctx: Ctx, id: string): Promise<void> {
  const now = ctx.clock.now()
  await mutate(ctx, { entity: pageSectionEntity, action: 'Delete' }, async (tx) => {
    const { section, page } = await locked(tx, id)
    await sq.deleteSection(tx, id)
    const change = await pageChanged(tx, page, now)
    return {
      result: undefined,
      siteId: page.site_id,
      entityId: id,
      current: q.toSection(section),
      metadata: { page_id: page.id, section_type: section.section_type },
      events: change.events,
      readers: change.readers,
    }
  })
}

// ---- section localizations (kits/localizations/rules.ts) ----

const ref = (found: { section: PageSectionRow; page: PageRow } | undefined): ParentRef<{ section: PageSectionRow; page: PageRow }> | undefined =>
  found && { id: found.section.id, key: found.section.id, siteId: found.page.site_id, row: found }

export const sectionLocalizationKit = localizations({
  name: 'page_section_localization',
  table: pageSectionLocalizations,
  parentKey: pageSectionLocalizations.page_section_id,
  parent: {
    entity: pageSectionEntity,
    scopeByKey: (db, id) => pageSectionEntity.scope!(db, id),
    byId: async (db, id, tx?: Tx) => ref(tx ? await locked(tx, id) : await sq.sectionWithPage(db, id)),
    byKey: async (db, id, tx?: Tx) => ref(tx ? await locked(tx, id) : await sq.sectionWithPage(db, id)),
    async changed(tx, parent, now) {
      const change = await pageChanged(tx, parent.row.page, now)
      return { events: change.events, siteIds: change.siteIds, records: change.readers.records ?? [] }
    },
  },
})

export const pageSectionLocalizationEntity = sectionLocalizationKit.entity
