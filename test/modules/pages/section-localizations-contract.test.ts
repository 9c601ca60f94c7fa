import { pageSectionLocalizations } from '../../../src/db/schema/pages.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'
import { addSection, createPage } from './fixtures.js'

/* Page section localizations: the localizations-kit contract, written by PUT of the list (an upsert); every write is a
   change of the page (page.updated names it). What is particular to sections is in sections.test.ts. */
describeLocalizations({
  name: 'page section',
  path: 'pages/sections',
  entity: 'page_section_localization',
  table: pageSectionLocalizations,
  parentField: 'page_section_id',
  events: 'page',
  parent: async (t, site) => {
    const page = await createPage(t, site)
    return { id: (await addSection(t, site, page.id)).id, subject: page.id }
  },
  texts: [
    { title: 'Hallo', text: 'Ein Text', button_text: null },
    { title: 'Hello', text: null, button_text: 'Go' },
  ],
  update: { button_text: 'Los' },
  putUpsert: { delete: true },
})
