import type { LightMyRequestResponse } from 'fastify'
import { expect } from 'vitest'
import type { App } from '../../src/app.js'

export type Res = LightMyRequestResponse

export interface Client {
  get(url: string, headers?: Record<string, string>): Promise<Res>
  post(url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>
  put(url: string, body?: unknown, headers?: Record<string, string>): Promise<Res>
  delete(url: string, headers?: Record<string, string>): Promise<Res>
}

/** In-process HTTP against /api/v1 with an optional X-API-Key. Paths are given without the prefix. */
export function client(app: App, key?: string): Client {
  const send = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(key ? { 'x-api-key': key } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    })
  return {
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, body, headers) => send('POST', url, body, headers),
    put: (url, body, headers) => send('PUT', url, body, headers),
    delete: (url, headers) => send('DELETE', url, undefined, headers),
  }
}

/** Asserts a problem-details answer with the given status and stable code; returns the body. */
export function expectProblem(res: Res, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status)
  expect(res.headers['content-type']).toMatch(/^application\/problem\+json/)
  const body = res.json<{ code: string; status: number; title: string; detail: string; errors?: Array<{ field: string; message: string }> }>()
  expect(body.code).toBe(code)
  expect(body.status).toBe(status)
  return body
}

/** Asserts a status and returns the parsed JSON body. */
export function expectStatus<T = Record<string, unknown>>(res: Res, status: number): T {
  expect(res.statusCode, res.body).toBe(status)
  return res.json<T>()
}
