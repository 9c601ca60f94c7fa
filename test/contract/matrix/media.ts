import type { Media, MediaFolder, MediaMetadata } from '../../../src/modules/media/schemas.js'
import { expectStatus } from '../../helpers/http.js'
import { image, uploadTo } from '../../modules/media/fixtures.js'
import type { MatrixModule } from './types.js'

/** Media folders, media (an upload and external records), metadata and the public file route. */
export const mediaMatrix: MatrixModule = {
  name: 'media',
  async setup({ t, a }) {
    const as = t.as(a.keys.Write)
    const folder = async (name: string) => expectStatus<MediaFolder>(await as.post(`/sites/${a.id}/media-folders`, { name }), 201)
    const external = { site_id: a.id, url: 'https://cdn.example.org/matrix.png', mime_type: 'image/png' }
    const ext = async () => expectStatus<Media>(await as.post('/media', external), 201)
    const upload = expectStatus<Media>(await uploadTo(t, a, await image('png', 200, 200, 99), 'matrix.png'), 201)
    const [mainFolder, doomedFolder, doomedMedia] = [await folder('Matrix'), await folder('Matrix doomed'), await ext()]
    const meta = async (locale: string) => expectStatus<MediaMetadata>(await as.post(`/media/${upload.id}/metadata`, { locale, alt_text: 'Matrix' }), 201)
    const mainMeta = await meta('en')
    const doomedMeta = await meta('de')
    return {
      records: { media: upload.id, media_folder: mainFolder.id, media_metadata: mainMeta.id },
      routes: {
        'GET /api/v1/media/files/:name': { params: { name: upload.public_url.split('/').pop() as string } },
        'POST /api/v1/sites/:site_id/media-folders': { body: { name: 'Matrix folder' } },
        'PUT /api/v1/media-folders/:id': { body: { name: 'Matrix renamed' } },
        'POST /api/v1/media': { body: external },
        'PUT /api/v1/media/:id': { body: { filename: 'matrix-renamed.png' } },
        'POST /api/v1/media/:id/metadata': { body: { locale: 'de', alt_text: 'Matrix' } },
        'PUT /api/v1/media/metadata/:metadata_id': { body: { alt_text: 'Matrix again' } },
        'DELETE /api/v1/media-folders/:id': { params: { id: doomedFolder.id }, destructive: 'a throwaway folder' },
        'DELETE /api/v1/media/:id': { params: { id: doomedMedia.id }, destructive: 'a throwaway external record' },
        'DELETE /api/v1/media/metadata/:metadata_id': { params: { metadata_id: doomedMeta.id }, destructive: 'a throwaway (de) metadata row' },
      },
    }
  },
}
