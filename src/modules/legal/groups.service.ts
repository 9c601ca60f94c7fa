import type { Ctx } from '../../core/context.js'
import { mutate, type MutationOutcome } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'
import type { LegalDocumentRow, LegalGroupRow } from '../../db/schema/legal.js'
import { notFound, validation } from '../../http/errors.js'
import { nestGroups } from './documents.service.js'
import { legalDocumentEntity, legalGroupEntity, legalItemEntity } from './entity.js'
import * as q from './queries.js'
import {
  presentLegalDocument,
  presentLegalGroupFields,
  presentLegalItem,
  type CreateLegalGroupBody,
  type CreateLegalItemBody,
  type LegalGroup,
  type LegalItem,
  type UpdateLegalGroupBody,
  type UpdateLegalItemBody,
} from './schemas.js'

/*
 * Consent groups and their items. Each write locks the live document (child writes of one document run one at a
 * time), is audited on its own entity (legal_group, legal_item; change history of its fields), moves the document's
 * updated_at and fires legal.updated with the document, and refreshes the document's answers (by id, by slug,
 * cookie-consent). Groups and items are deleted for good (a deleted group takes its items along).
 * A required group is always enabled by default: default_enabled is set to true for it, and a request asking for
 * is_required true with default_enabled false (in the same body, or against the stored value) is a 400.
 */

const defined = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>

/** What a child change means for the document: updated_at, legal.updated, its readers. */
async function documentChanged<T>(tx: Tx, doc: LegalDocumentRow, now: Date): Promise<Pick<MutationOutcome<T>, 'events' | 'readers'>> {
  const touched = await q.touchDocument(tx, doc.id, now)
  return {
    events: [{ type: 'legal.updated', siteId: doc.site_id, data: presentLegalDocument(touched) }],
    readers: { records: [{ entity: legalDocumentEntity, id: doc.id, siteIds: [doc.site_id], slugs: [doc.slug] }], lists: [doc.site_id] },
  }
}

/** default_enabled for a group that is (or stays) required; 400 when the body asks for a required group that is off by default. */
function enabledFor(isRequired: boolean, asked: boolean | undefined, current: boolean): boolean {
  if (!isRequired) return asked ?? current
  if (asked === false) validation('default_enabled', 'a required group is always enabled: default_enabled cannot be false while is_required is true')
  return true
}

async function lockedDocument(tx: Tx, id: string): Promise<LegalDocumentRow> {
  return (await q.lockDocument(tx, id)) ?? notFound(legalDocumentEntity)
}

/** The group (of a live document) and its document, the document locked. */
async function lockedGroup(tx: Tx, id: string): Promise<{ group: LegalGroupRow; doc: LegalDocumentRow }> {
  const found = (await q.findGroup(tx, id)) ?? notFound(legalGroupEntity)
  const doc = await lockedDocument(tx, found.legal_document_id)
  const group = (await q.findGroup(tx, id)) ?? notFound(legalGroupEntity)
  return { group, doc }
}

// ---- groups ----

/** The document's groups with their items, by display_order (two queries). */
export async function listGroups(ctx: Ctx, documentId: string): Promise<LegalGroup[]> {
  const doc = (await q.findDocument(ctx.db, documentId)) ?? notFound(legalDocumentEntity)
  const [groups, items] = await Promise.all([q.groupsOf(ctx.db, doc.id), q.itemsOfDocument(ctx.db, doc.id)])
  return nestGroups(groups, items)
}

export async function createGroup(ctx: Ctx, documentId: string, body: CreateLegalGroupBody): Promise<LegalGroup> {
  const now = ctx.clock.now()
  const isRequired = body.is_required ?? false
  const defaultEnabled = enabledFor(isRequired, body.default_enabled, false)
  return mutate(ctx, { entity: legalGroupEntity, action: 'Create' }, async (tx) => {
    const doc = await lockedDocument(tx, documentId)
    const group = await q.insertGroup(tx, {
      legal_document_id: doc.id,
      title: body.title.trim(),
      cookie_name: body.cookie_name ?? null,
      description: body.description ?? null,
      display_order: body.display_order ?? (await q.nextGroupOrder(tx, doc.id)),
      is_required: isRequired,
      default_enabled: defaultEnabled,
      created_at: now,
      updated_at: now,
    })
    const wire = presentLegalGroupFields(group)
    return {
      result: { ...wire, items: [] },
      siteId: doc.site_id,
      entityId: group.id,
      after: wire,
      metadata: { legal_document_id: doc.id, title: group.title },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}

export async function updateGroup(ctx: Ctx, id: string, body: UpdateLegalGroupBody): Promise<LegalGroup> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: legalGroupEntity, action: 'Update' }, async (tx) => {
    const { group: before, doc } = await lockedGroup(tx, id)
    const isRequired = body.is_required ?? before.is_required
    const patch = defined({ ...body, title: body.title?.trim(), default_enabled: enabledFor(isRequired, body.default_enabled, before.default_enabled) })
    const after = await q.updateGroup(tx, id, { ...patch, updated_at: now })
    const items = await q.itemsOfGroup(tx, id)
    const wire = presentLegalGroupFields(after)
    return {
      result: { ...wire, items: items.map(presentLegalItem) },
      siteId: doc.site_id,
      entityId: id,
      before: presentLegalGroupFields(before),
      after: wire,
      // An update leaves the group's items as they were: the group as its answers showed it.
      current: { ...presentLegalGroupFields(before), items: items.map(presentLegalItem) },
      metadata: { legal_document_id: doc.id },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}

export async function deleteGroup(ctx: Ctx, id: string): Promise<void> {
  const now = ctx.clock.now()
  await mutate(ctx, { entity: legalGroupEntity, action: 'Delete' }, async (tx) => {
    const { group, doc } = await lockedGroup(tx, id)
    const current = { ...presentLegalGroupFields(group), items: (await q.itemsOfGroup(tx, id)).map(presentLegalItem) }
    const itemsDeleted = await q.deleteGroup(tx, id)
    return {
      result: undefined,
      siteId: doc.site_id,
      entityId: id,
      current,
      metadata: { legal_document_id: doc.id, title: group.title, items_deleted: itemsDeleted },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}

// ---- items ----

export async function listItems(ctx: Ctx, groupId: string): Promise<LegalItem[]> {
  const group = (await q.findGroup(ctx.db, groupId)) ?? notFound(legalGroupEntity)
  return (await q.itemsOfGroup(ctx.db, group.id)).map(presentLegalItem)
}

export async function createItem(ctx: Ctx, groupId: string, body: CreateLegalItemBody): Promise<LegalItem> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: legalItemEntity, action: 'Create' }, async (tx) => {
    const { group, doc } = await lockedGroup(tx, groupId)
    const item = await q.insertItem(tx, {
      group_id: group.id,
      name: body.name.trim(),
      provider: body.provider ?? null,
      purpose: body.purpose ?? null,
      expiry: body.expiry ?? null,
      display_order: body.display_order ?? (await q.nextItemOrder(tx, group.id)),
      created_at: now,
      updated_at: now,
    })
    const wire = presentLegalItem(item)
    return {
      result: wire,
      siteId: doc.site_id,
      entityId: item.id,
      after: wire,
      metadata: { legal_document_id: doc.id, group_id: group.id, name: item.name },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}

/** The item (of a live document) and its document, the document locked. */
async function lockedItem(tx: Tx, id: string) {
  const found = (await q.findItem(tx, id)) ?? notFound(legalItemEntity)
  const doc = await lockedDocument(tx, found.legal_document_id)
  const item = (await q.findItem(tx, id)) ?? notFound(legalItemEntity)
  return { item, doc }
}

export async function updateItem(ctx: Ctx, id: string, body: UpdateLegalItemBody): Promise<LegalItem> {
  const now = ctx.clock.now()
  return mutate(ctx, { entity: legalItemEntity, action: 'Update' }, async (tx) => {
    const { item: before, doc } = await lockedItem(tx, id)
    const after = await q.updateItem(tx, id, { ...defined({ ...body, name: body.name?.trim() }), updated_at: now })
    const wire = presentLegalItem(after)
    return {
      result: wire,
      siteId: doc.site_id,
      entityId: id,
      before: presentLegalItem(before),
      after: wire,
      metadata: { legal_document_id: doc.id, group_id: after.group_id },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}

export async function deleteItem(ctx: Ctx, id: string): Promise<void> {
  const now = ctx.clock.now()
  await mutate(ctx, { entity: legalItemEntity, action: 'Delete' }, async (tx) => {
    const { item, doc } = await lockedItem(tx, id)
    await q.deleteItem(tx, id)
    return {
      result: undefined,
      siteId: doc.site_id,
      entityId: id,
      current: presentLegalItem(item),
      metadata: { legal_document_id: doc.id, group_id: item.group_id, name: item.name },
      ...(await documentChanged(tx, doc, now)),
    }
  })
}
