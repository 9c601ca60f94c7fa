import { localizations, type ParentRef } from '../../kits/localizations/rules.js'
import { siteOwned } from '../../core/scopes.js'
import type { ReadDb, Tx } from '../../db/client.js'
import { media, mediaMetadata, type MediaRow } from '../../db/schema/media.js'
import * as q from './media.queries.js'
import { sitesShowing } from './references.queries.js'
import { mediaEntity } from './entity.js'
import { presentMedia } from './present.service.js'
import { searchText } from './search.rules.js'

/*
 * Media metadata (alt text, caption, title per locale of the owning site) on the localization kit. A change is a
 * change of the record: its search text is rebuilt in the same transaction and media.updated fires.
 */

const ref = (row: MediaRow | undefined): ParentRef<MediaRow> | undefined => row && { id: row.id, key: row.id, siteId: row.site_id, row }
const parentOf = async (db: ReadDb, id: string, tx?: Tx) => ref(tx ? await q.lockMedia(tx, id) : await q.findLiveMedia(db, id))

export const mediaMetadataKit = localizations({
  name: 'media_metadata',
  table: mediaMetadata,
  parentKey: mediaMetadata.media_id,
  parent: {
    entity: mediaEntity,
    scopeByKey: siteOwned(media),
    byId: parentOf,
    byKey: parentOf,
    async changed(tx, parent, now, ctx) {
      const row = await q.updateMedia(tx, parent.id, { search_text: searchText(parent.row.filename, await q.metadataTexts(tx, parent.id)), updated_at: now })
      // Delivery answers embed the alt text: every site showing content that embeds the image is refreshed.
      return {
        events: [{ type: 'media.updated', siteId: parent.siteId, data: presentMedia(ctx, row) }],
        siteIds: [parent.siteId],
        sites: await sitesShowing(tx, parent.id),
      }
    },
  },
})

export const mediaMetadataEntity = mediaMetadataKit.entity
