import type { RouteOptions } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registeredEntities } from '../../src/core/entities.js'
import { EVENT_TYPES } from '../../src/core/events.js'
import { collectRoutes, type CollectedRoutes } from '../helpers/routes.js'

/*
 * Access declarations as a contract: every write route names what it needs of which site (never just "any
 * authenticated caller"), every record() route names a registered entity, and every entity's events come from
 * the closed list the webhooks module offers.
 */

let collected: CollectedRoutes
beforeAll(async () => {
  collected = await collectRoutes()
})
afterAll(() => collected.close())

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE'])
const methodsOf = (r: RouteOptions) => (Array.isArray(r.method) ? r.method : [r.method])

describe('access declarations', () => {
  it('no write route is open to any authenticated caller: its site comes from the path, the record or the body', () => {
    const loose = collected.api
      .filter((r) => methodsOf(r).some((m) => WRITES.has(m)) && r.config?.access?.kind === 'any')
      .map((r) => `${methodsOf(r).join(',')} ${r.url}`)
    expect(loose).toEqual([])
  })

  it('routes whose site is in the body declare it (bodySites) and their body schema has the field', () => {
    const bodySited = collected.api.filter((r) => r.config?.access?.kind === 'bodySites').map((r) => `${methodsOf(r).join(',')} ${r.url}`)
    expect(bodySited).toEqual(expect.arrayContaining(['POST /api/v1/blogs', 'POST /api/v1/tags', 'POST /api/v1/categories']))
  })

  it('record() routes name registered entities with a scope; entity events are known event types', () => {
    const names = new Set(registeredEntities().map((e) => e.name))
    for (const r of collected.api) {
      const access = r.config?.access
      if (access?.kind === 'record') {
        expect(names.has(access.entity.name), r.url).toBe(true)
        expect(access.entity.scope, r.url).not.toBeNull()
      }
    }
    for (const e of registeredEntities()) for (const ev of e.events) expect(EVENT_TYPES).toContain(ev)
  })

  it('entity names are unique', () => {
    const names = registeredEntities().map((e) => e.name)
    expect(new Set(names).size).toBe(names.length)
  })
})
