import { describeContentWorkflow } from '../../helpers/content-workflow-suite.js'
import { createBlog } from './fixtures.js'

/* Blogs: the content-workflow contract (what is particular to blogs is in review, bulk and clone.test.ts). */
describeContentWorkflow({ name: 'blog', path: 'blogs', events: 'blog', create: (t, site) => createBlog(t, site) })
