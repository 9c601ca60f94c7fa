import { describeContentWorkflow } from '../../helpers/content-workflow-suite.js'
import { createPage } from './fixtures.js'

/* Pages: the content-workflow contract (what is particular to pages is in workflow.test.ts). */
describeContentWorkflow({ name: 'page', path: 'pages', events: 'page', create: (t, site) => createPage(t, site) })
