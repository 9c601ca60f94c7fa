import { scheduledBlogs } from '../../../src/modules/blogs/workflow.service.js'
import { expectStatus } from '../../helpers/http.js'
import { describeContentWorkflow } from '../../helpers/content-workflow-suite.js'
import { createBlog } from './fixtures.js'

/* Blogs: the content-workflow contract (what is particular to blogs is in review, bulk, clone and scheduler.test.ts). */
describeContentWorkflow({
  name: 'blog',
  path: 'blogs',
  events: 'blog',
  create: (t, site) => createBlog(t, site),
  scheduled: scheduledBlogs,
  // The public reads posts from the (cached) published list.
  isPublic: async (t, site, item) =>
    expectStatus<{ data: Array<{ id: string }> }>(await t.as(site.keys.Read).get(`/sites/${site.id}/blogs/published?per_page=100`), 200).data.some(
      (b) => b.id === item.id,
    ),
  publishedFields: (now) => ({ published_date: now.toISOString().slice(0, 10) }),
})
