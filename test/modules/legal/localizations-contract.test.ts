import { legalDocumentLocalizations } from '../../../src/db/schema/legal.js'
import type { LegalDocument } from '../../../src/modules/legal/schemas.js'
import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'

/* Legal document localizations: the localizations-kit contract (the rest of legal documents is in legal.test.ts). */
describeLocalizations({
  name: 'legal document',
  path: 'legal',
  entity: 'legal_document_localization',
  table: legalDocumentLocalizations,
  parentField: 'legal_document_id',
  events: 'legal',
  parent: async (t, site) =>
    expectStatus<LegalDocument>(await t.as(site.keys.Write).post(`/sites/${site.id}/legal`, { slug: `doc-${uid()}`, document_type: 'CookieConsent' }), 201).id,
  texts: [
    { title: 'Cookies', intro: 'We use *cookies*.', body: null },
    { title: 'Cookies (de)', intro: null, body: null },
  ],
  update: { body: '# Text' },
})
