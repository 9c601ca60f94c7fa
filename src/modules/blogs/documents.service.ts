import type { Ctx } from '../../core/context.js'
import * as attachments from '../documents/attachments.service.js'
import type { AttachDocumentBody, AttachedDocument } from '../documents/schemas.js'
import * as blogs from './service.js'

/* A blog's documents: the documents module's attachments of the blog's content item (read access checked by the route). */

/** GET /blogs/{blog_id}/documents. */
export async function ofBlog(ctx: Ctx, blogId: string): Promise<AttachedDocument[]> {
  return attachments.attachedTo(ctx.db, (await blogs.get(ctx, blogId)).content_id)
}

/** POST /blogs/{blog_id}/documents. */
export async function attachToBlog(ctx: Ctx, blogId: string, body: AttachDocumentBody): Promise<void> {
  await attachments.attach(ctx, (await blogs.get(ctx, blogId)).content_id, body)
}

/** DELETE /blogs/{blog_id}/documents/{doc_id}. */
export async function detachFromBlog(ctx: Ctx, blogId: string, documentId: string): Promise<void> {
  await attachments.detach(ctx, (await blogs.get(ctx, blogId)).content_id, documentId)
}
