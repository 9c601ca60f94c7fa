import { Type } from 'typebox'
import type { AppPlugin } from '../../http/app-types.js'
import { operations } from '../../http/route.js'
import { record } from '../../http/access.js'
import { NoContent } from '../../http/schemas.js'
import { AttachDocumentBody, AttachedDocument, BlogDocumentParams, BlogParams } from '../documents/schemas.js'
import * as attachments from './documents.service.js'
import { blogEntity } from './entity.js'
/** Reads through any carrying site; changes need Author on the owning site (a Read key lives in a public frontend and never changes anything). */
const read = record(blogEntity, 'Read', 'blog_id')
const write = record(blogEntity, 'Author', 'blog_id')

const route = operations('Documents', {
  listBlogDocuments: [
    'List the documents attached to a blog',
    'Live attached documents by display_order (deleted documents are left out); the blog detail has the same list as `documents`.',
  ],
  attachBlogDocument: [
    'Attach a document to a blog',
    "Attaches a live document of the blog's owning site (any other document id: 400 on `document_id`, nothing changes) at " +
      '`display_order` (default 0); attaching an attached document again moves it. Fires blog.updated. 204.',
  ],
  detachBlogDocument: ['Detach a document from a blog', 'Removes the attachment (the document stays); 404 when it is not attached. Fires blog.updated.'],
})

export const blogDocumentRoutes: AppPlugin = async (app) => {
  app.get(
    '/blogs/:blog_id/documents',
    route('listBlogDocuments', { access: read, params: BlogParams, response: { 200: Type.Array(AttachedDocument) } }),
    (req) => attachments.ofBlog(req.ctx, req.params.blog_id),
  )
  app.post(
    '/blogs/:blog_id/documents',
    route('attachBlogDocument', { access: write, params: BlogParams, body: AttachDocumentBody, response: { 204: NoContent } }),
    async (req, reply) => {
      await attachments.attachToBlog(req.ctx, req.params.blog_id, req.body)
      return reply.code(204).send(null)
    },
  )
  app.delete(
    '/blogs/:blog_id/documents/:doc_id',
    route('detachBlogDocument', { access: write, params: BlogDocumentParams, response: { 204: NoContent } }),
    async (req, reply) => {
      await attachments.detachFromBlog(req.ctx, req.params.blog_id, req.params.doc_id)
      return reply.code(204).send(null)
    },
  )
}
