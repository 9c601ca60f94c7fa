import { scheduledPages } from '../../../src/modules/pages/write.service.js'
import { describeContentWorkflow } from '../../helpers/content-workflow-suite.js'
import { createPage } from './fixtures.js'

/* Pages: the content-workflow contract (what is particular to pages is in workflow.test.ts). */
describeContentWorkflow({
  name: 'page',
  path: 'pages',
  events: 'page',
  create: (t, site) => createPage(t, site),
  scheduled: scheduledPages,
  // The public reads a page by its route (cached); Read keys get 404 for a page that is not live.
  isPublic: async (t, site, item) => (await t.as(site.keys.Read).get(`/sites/${site.id}/pages/by-route/${String(item.route).slice(1)}`)).statusCode === 200,
})
