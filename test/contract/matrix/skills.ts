import { uid } from '../../helpers/factories.js'
import { expectStatus } from '../../helpers/http.js'
import type { MatrixModule } from './types.js'

interface Row {
  id: string
  slug?: string
}

/** Skills and CV entries: shared records (owned by A; the shared ones also carried by B). */
export const skillsMatrix: MatrixModule = {
  name: 'skills',
  shares: ['skill', 'cv_entry'],
  async setup({ t, a, b }) {
    const skill = async (key: string, siteIds: string[]) =>
      expectStatus<Row>(await t.as(key).post('/skills', { site_ids: siteIds, name: `Matrix skill ${uid()}` }), 201)
    const cvBody = (siteIds: string[]) => ({ site_ids: siteIds, entry_type: 'work', title: 'Matrix job', start_date: '2020-01-01' })
    const cv = async (key: string, siteIds: string[]) => expectStatus<Row>(await t.as(key).post('/cv', cvBody(siteIds)), 201)
    const [mainSkill, doomedSkill, sharedSkill] = [await skill(a.keys.Write, [a.id]), await skill(a.keys.Write, [a.id]), await skill(t.masterKey, [a.id, b.id])]
    const [mainCv, doomedCv, sharedCv] = [await cv(a.keys.Write, [a.id]), await cv(a.keys.Write, [a.id]), await cv(t.masterKey, [a.id, b.id])]
    return {
      records: { skill: mainSkill.id, cv_entry: mainCv.id },
      shared: { skill: sharedSkill.id, cv_entry: sharedCv.id },
      routes: {
        'GET /api/v1/skills/by-slug/:slug': { params: { slug: mainSkill.slug! } },
        'POST /api/v1/skills': { body: { site_ids: [a.id], name: `Matrix skill ${uid()}` } },
        'PUT /api/v1/skills/:id': { body: { proficiency: 50 } },
        'DELETE /api/v1/skills/:id': { params: { id: doomedSkill.id }, destructive: 'a throwaway skill' },
        'POST /api/v1/cv': { body: cvBody([a.id]) },
        'PUT /api/v1/cv/:id': { body: { location: 'Matrix' } },
        'DELETE /api/v1/cv/:id': { params: { id: doomedCv.id }, destructive: 'a throwaway CV entry' },
      },
    }
  },
}
