import { documentLocalizations } from '../../../src/db/schema/documents.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'
import { createUrlDoc } from './fixtures.js'

/* Document localizations: the localizations-kit contract (what is particular to documents is in localizations.test.ts). */
describeLocalizations({
  name: 'document',
  path: 'documents',
  entity: 'document_localization',
  table: documentLocalizations,
  parentField: 'document_id',
  events: 'document',
  parent: async (t, site) => (await createUrlDoc(t, site)).id,
  texts: [
    { title: 'Handbuch', description: null },
    { title: 'Manual', description: 'How to' },
  ],
  update: { description: 'Wie' },
})
