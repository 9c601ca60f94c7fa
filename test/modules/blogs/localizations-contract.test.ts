import { blogLocalizations } from '../../../src/db/schema/blogs.js'
import { describeLocalizations } from '../../helpers/localizations-suite.js'
import { createBlog } from './fixtures.js'

/* Blog localizations: the localizations-kit contract (reading time, texts and history are in localizations.test.ts). */
describeLocalizations({
  name: 'blog',
  path: 'blogs',
  entity: 'blog_localization',
  table: blogLocalizations,
  // The rows carry the post's content_id (shared with its other sites), not the blog's id.
  parentField: 'content_id',
  events: 'blog',
  parent: async (t, site) => {
    const blog = await createBlog(t, site)
    return { id: blog.id, key: blog.content_id }
  },
  texts: [
    { title: 'Hallo', subtitle: null, body: 'Ein kurzer Text' },
    { title: 'Hello', subtitle: 'World', body: null },
  ],
  update: { excerpt: 'Kurz' },
})
