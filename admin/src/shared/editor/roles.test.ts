import type { Schemas } from '@atrium-cms/client'
import { describe, expect, it } from 'vitest'
import { actionsFor, capabilitiesOf } from './roles'

const SITE = '11111111-1111-4111-8111-111111111111'
type Me = Schemas['AuthInfo']
const key = (permission: 'Read' | 'Write' | 'Admin' | 'Master', site_id: string | null = null): Me => ({
  auth_method: 'api_key',
  permission,
  site_id,
  idp_user_id: null,
  memberships: null,
  is_system_admin: null,
})
const user = (role: 'Owner' | 'Admin' | 'Reviewer' | 'Editor' | 'Author' | 'Viewer'): Me => ({
  auth_method: 'jwt',
  permission: 'Write',
  site_id: null,
  idp_user_id: 'u',
  memberships: [{ site_id: SITE, role }],
  is_system_admin: false,
})

describe('workflow buttons by role', () => {
  it('an Author submits; publishes only while the editorial workflow is off', () => {
    expect(actionsFor('Draft', capabilitiesOf(user('Author'), SITE, true))).toEqual(['submit'])
    expect(actionsFor('Draft', capabilitiesOf(user('Author'), SITE, false))).toEqual(['submit', 'publish'])
    expect(actionsFor('InReview', capabilitiesOf(user('Editor'), SITE, true))).toEqual([])
  })
  it('a Reviewer approves or requests changes, publishes and unpublishes', () => {
    const caps = capabilitiesOf(user('Reviewer'), SITE, true)
    expect(actionsFor('InReview', caps)).toEqual(['approve', 'requestChanges'])
    expect(actionsFor('Draft', caps)).toEqual(['submit', 'publish'])
    expect(actionsFor('Published', caps)).toEqual(['unpublish'])
    expect(actionsFor('Scheduled', caps)).toEqual(['unpublish'])
  })
  it('a Viewer, a Read key, a key of another site and a non-member see nothing', () => {
    for (const me of [user('Viewer'), key('Read'), key('Write', '22222222-2222-4222-8222-222222222222'), undefined]) {
      expect(actionsFor('Draft', capabilitiesOf(me, SITE, false))).toEqual([])
      expect(actionsFor('InReview', capabilitiesOf(me, SITE, false))).toEqual([])
    }
  })
  it('a Write key counts as Reviewer (core/levels.ts)', () => {
    expect(actionsFor('InReview', capabilitiesOf(key('Write', SITE), SITE, true))).toEqual(['approve', 'requestChanges'])
  })

  it('deleting needs an Editor, or a Write key of the site', () => {
    expect(capabilitiesOf(user('Author'), SITE, false).canDelete).toBe(false)
    expect(capabilitiesOf(user('Editor'), SITE, false).canDelete).toBe(true)
    expect(capabilitiesOf(user('Owner'), SITE, true).canDelete).toBe(true)
    expect(capabilitiesOf(key('Write', SITE), SITE, true).canDelete).toBe(true)
    expect(capabilitiesOf(key('Read'), SITE, false).canDelete).toBe(false)
    expect(capabilitiesOf(key('Master', 'other'), SITE, false).canDelete).toBe(false)
  })
})
