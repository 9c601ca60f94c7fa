import type { Document, DocumentFolder, DocumentLocalization } from '../../../src/modules/documents/schemas.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

/** Document folders, documents (links and inline files), their localizations, download and blog attachments (needs a blog of site A). */
export const documentsMatrix: MatrixModule = {
  name: 'documents',
  async setup({ t, a }, sofar) {
    const blog = sofar.records.blog
    if (!blog) throw new Error('the documents matrix fixtures need a blog of site A: list the blogs module before documents')
    const as = t.as(a.keys.Write)
    const folder = async (name: string) => expectStatus<DocumentFolder>(await as.post(`/sites/${a.id}/document-folders`, { name }), 201)
    const urlDoc = async () =>
      expectStatus<Document>(await as.post(`/sites/${a.id}/documents`, { document_type: 'pdf', url: 'https://example.org/matrix.pdf' }), 201)
    const file = { document_type: 'pdf', file_base64: Buffer.from('%PDF-1.4\nmatrix\n%%EOF\n').toString('base64'), file_name: 'matrix.pdf' }
    const fileDoc = expectStatus<Document>(await as.post(`/sites/${a.id}/documents`, file), 201)
    const [mainFolder, doomedFolder, doomedDoc, detachable] = [await folder('Matrix'), await folder('Matrix doomed'), await urlDoc(), await urlDoc()]
    const loc = async (id: string, locale: string) =>
      expectStatus<DocumentLocalization>(await as.post(`/documents/${id}/localizations`, { locale, title: 'Matrix' }), 201)
    const mainLoc = await loc(fileDoc.id, 'en')
    const doomedLoc = await loc(fileDoc.id, 'de')
    const attached = await as.post(`/blogs/${blog}/documents`, { document_id: detachable.id, display_order: 1 })
    if (attached.statusCode !== 204) throw new Error(`attaching a document: ${attached.statusCode} ${attached.body}`)
    return {
      records: { document: fileDoc.id, document_folder: mainFolder.id, document_localization: mainLoc.id },
      params: { blog_id: blog },
      routes: {
        'GET /api/v1/documents/:id/download': { params: { id: fileDoc.id } },
        'POST /api/v1/sites/:site_id/document-folders': { body: { name: 'Matrix folder' } },
        'PUT /api/v1/document-folders/:id': { body: { name: 'Matrix renamed' } },
        'POST /api/v1/sites/:site_id/documents': { body: file },
        'PUT /api/v1/documents/:id': { body: { document_type: 'manual' } },
        'POST /api/v1/documents/:id/localizations': { body: { locale: 'de', title: 'Matrix' } },
        'PUT /api/v1/documents/localizations/:loc_id': { body: { title: 'Matrix again' } },
        'POST /api/v1/blogs/:blog_id/documents': { body: { document_id: fileDoc.id, display_order: 2 } },
        'DELETE /api/v1/document-folders/:id': { params: { id: doomedFolder.id }, destructive: 'a throwaway folder' },
        'DELETE /api/v1/documents/:id': { params: { id: doomedDoc.id }, destructive: 'a throwaway document' },
        'DELETE /api/v1/documents/localizations/:loc_id': { params: { loc_id: doomedLoc.id }, destructive: 'a throwaway (de) localization' },
        'DELETE /api/v1/blogs/:blog_id/documents/:doc_id': { params: { doc_id: detachable.id }, destructive: 'a document attached for this route alone' },
      },
    }
  },
}
