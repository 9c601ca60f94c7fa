import type { Ctx } from '../../core/context.js'
import { presentImage } from '../media/present.service.js'
import type { PageDetailRow } from './queries.js'
import type { PageDetail } from './schemas.js'

/** The page detail with its sections' cover images finished: their URLs follow the service's settings (public URL, S3). */
export function withCovers(ctx: Ctx, detail: PageDetailRow): PageDetail {
  return { ...detail, sections: detail.sections.map((s) => ({ ...s, cover_image: presentImage(ctx, s.cover_image) })) }
}
