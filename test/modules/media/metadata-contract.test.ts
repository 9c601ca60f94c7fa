import { mediaMetadata } from '../../../src/db/schema/media.js'
import type { Media } from '../../../src/modules/media/schemas.js'
import { expectStatus } from '../../helpers/http.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'

/* Media metadata: the localizations-kit contract under its own naming (search over the texts is in records.test.ts). */
describeLocalizations({
  name: 'media',
  path: 'media',
  segment: 'metadata',
  entity: 'media_metadata',
  table: mediaMetadata,
  parentField: 'media_id',
  events: 'media',
  // An external record: nothing stored, so the suite needs no upload.
  parent: async (t, site) =>
    expectStatus<Media>(
      await t.as(site.keys.Write).post('/media', { site_id: site.id, url: 'https://cdn.example.org/img/a.jpg', mime_type: 'image/jpeg', width: 8, height: 6 }),
      201,
    ).id,
  texts: [
    { alt_text: 'A lighthouse at dusk', caption: 'Brittany coast', title: null },
    { alt_text: null, caption: null, title: 'Leuchtturm' },
  ],
  update: { alt_text: 'A windmill' },
})
