import { contentChanges } from '../../core/content-kinds.js'
import { contentScopes } from '../../core/content-scope.js'
import type { Ctx } from '../../core/context.js'
import type { ReaderImpact } from '../../core/mutation.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { notFound, validation } from '../../http/errors.js'
import { changeContentLinks } from '../../kits/content-workflow/links.js'
import * as aq from './attachments.queries.js'
import * as q from './documents.queries.js'
import type { AttachDocumentBody, AttachedDocument } from './schemas.js'

/*
 * Documents attached to content items (blogs: blogs/documents.routes.ts; pages get the same for free: rows are keyed by content_id and a
 * change asks the item's ContentKind for its record and event). Only live documents of the item's owning site can be
 * attached (400 on document_id otherwise). Attaching again moves the document to the new display_order. Each change is
 * audited on the content item (entity `content`, like tag and category assignment), fires the item's `<kind>.updated`
 * and refreshes what every carrying site shows of it.
 */

/** Live documents attached to a content item, in display_order. */
export async function attachedTo(db: ReadDb, contentId: string): Promise<AttachedDocument[]> {
  return (await aq.attachmentsOf(db, [contentId])).get(contentId) ?? []
}

/**
 * What a change of these documents means for readers of the content they are attached to: each item's record
 * (by id and slug) in every carrying site. Lists are untouched: list items carry no documents. Empty when none is attached.
 */
export async function attachedReaders(db: ReadDb, documentIds: string[]): Promise<ReaderImpact> {
  const items = await aq.contentAttaching(db, documentIds)
  // Scopes and records of all the items together (a few statements, however many items), not item by item.
  const scopes = await contentScopes(
    db,
    items.map((item) => item.content_id),
  )
  const changes = await contentChanges(
    db,
    items.map((item) => ({ content_type: item.content_type, id: item.content_id })),
  )
  return {
    records: items.flatMap((item, i) => {
      const scope = scopes.get(item.content_id)
      const record = changes[i]?.record
      return scope && record ? [{ entity: record.entity, id: record.id, siteIds: scope.siteIds, slugs: [record.slug] }] : []
    }),
  }
}

/** A change of the item's documents: its answers (detail, by slug) show them; list items carry none. */
async function changeAttachments(ctx: Ctx, contentId: string, apply: (tx: Tx, ownerSiteId: string) => Promise<Record<string, unknown>>): Promise<void> {
  await changeContentLinks(ctx, contentId, false, async (tx, owner) => {
    const before = { documents: await aq.attachmentLinks(tx, contentId) }
    const metadata = await apply(tx, owner)
    return { before, after: { documents: await aq.attachmentLinks(tx, contentId) }, metadata }
  })
}

/** Attaches a live document of the item's owning site, or moves an attached one to `display_order`. */
export async function attach(ctx: Ctx, contentId: string, body: AttachDocumentBody): Promise<void> {
  const order = body.display_order ?? 0
  await changeAttachments(ctx, contentId, async (tx, owner) => {
    const doc = await q.findLiveDocument(tx, body.document_id)
    if (!doc || doc.site_id !== owner) validation('document_id', "must be a live document of the content's owning site")
    await aq.upsertAttachment(tx, contentId, body.document_id, order, ctx.clock.now())
    return { change: 'document_attached', document_id: body.document_id, display_order: order }
  })
}

/** Detaches a document (a deleted one too); 404 when it is not attached. */
export async function detach(ctx: Ctx, contentId: string, documentId: string): Promise<void> {
  await changeAttachments(ctx, contentId, async (tx) => {
    if (!(await aq.deleteAttachment(tx, contentId, documentId))) notFound('document attachment')
    return { change: 'document_detached', document_id: documentId }
  })
}
