import { describe, expect, it } from 'vitest'
import type { IdpUser, Member } from './api'
import { candidates, displayName } from './people'

const user = (id: string, name: string | null, email: string | null): IdpUser => ({
  id,
  idp_user_id: `sub-${id}`,
  name,
  email,
  avatar_url: null,
  is_system_admin: false,
  created_at: null,
  last_sign_in_at: null,
})
const member = (user_id: string): Member => ({
  id: `m-${user_id}`,
  site_id: 's',
  user_id,
  idp_user_id: `sub-${user_id}`,
  role: 'Editor',
  email: null,
  name: null,
  created_at: '',
  updated_at: '',
})

describe('people', () => {
  it('names a person by name, e-mail, then id', () => {
    expect(displayName(user('1', 'Ada', 'a@x'))).toBe('Ada')
    expect(displayName(user('1', null, 'a@x'))).toBe('a@x')
    expect(displayName(user('1', null, null))).toBe('sub-1')
  })
  it('offers only non-members matching the text', () => {
    const users = [user('1', 'Ada Lovelace', 'ada@x'), user('2', 'Grace Hopper', 'grace@navy'), user('3', 'Alan', null)]
    expect(candidates(users, [member('3')], '').map((u) => u.id)).toEqual(['1', '2'])
    expect(candidates(users, [], 'NAVY').map((u) => u.id)).toEqual(['2'])
    expect(candidates(users, [], 'sub-3').map((u) => u.id)).toEqual(['3'])
  })
})
