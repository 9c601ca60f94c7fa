import { contentChange, contentLabels } from '../../core/content-kinds.js'
import { contentEntity, lockContentItem } from '../../core/content-scope.js'
import type { Ctx } from '../../core/context.js'
import { mutate } from '../../core/mutation.js'
import type { Tx } from '../../db/client.js'

/** What one change of a content item's links says in the audit log. */
export interface LinkChange {
  before: object
  after: object
  metadata: Record<string, unknown>
}

/**
 * One change of what hangs off a content item (its tags, categories or documents), whatever its kind: locks the
 * item, runs `apply` with the owning site, audits it on the item (entity `content`, action Update, metadata with
 * `content_type`), fires the item's own `<kind>.updated` (core/content-kinds.ts) and refreshes the item's answers in
 * every carrying site, and its sites' lists too when `lists` (list items show tags and categories, not documents).
 */
export async function changeContentLinks(
  ctx: Ctx,
  contentId: string,
  lists: boolean,
  apply: (tx: Tx, ownerSiteId: string) => Promise<LinkChange>,
): Promise<void> {
  await mutate(ctx, { entity: contentEntity, action: 'Update' }, async (tx) => {
    const { item, scope } = await lockContentItem(tx, contentId)
    const change = await apply(tx, item.site_id)
    const what = await contentChange(tx, item.content_type, contentId)
    const record = what.record ?? { entity: contentEntity, id: contentId, slug: undefined }
    const records = [{ entity: record.entity, id: record.id, siteIds: scope.siteIds, slugs: record.slug ? [record.slug] : [] }]
    const [label] = await contentLabels(tx, [item])
    return {
      result: undefined,
      siteId: item.site_id,
      entityId: contentId,
      before: change.before,
      after: change.after,
      metadata: { content_type: item.content_type, ...change.metadata },
      // The item by its name (a post's title), not a content id the log cannot show.
      label: label ?? null,
      events: what.events,
      readers: lists ? { records, lists: scope.siteIds } : { records },
    }
  })
}
