import { Writable } from 'node:stream'
import type { FastifyBaseLogger } from 'fastify'
import pino from 'pino'
import { describe, expect, it } from 'vitest'
import { REDACTED, lazyChildLogger, loggerOptions } from '../../src/http/logging.js'

/** A pino logger with Atrium's options writing to an array, and a count of the children it made. */
function capture(level: string) {
  const lines: Record<string, unknown>[] = []
  const stream = new Writable({
    write(chunk: Buffer, _enc, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>)
      done()
    },
  })
  const { serializers: _s, ...opts } = loggerOptions(level)
  const logger = pino({ ...opts, level }, stream) as unknown as FastifyBaseLogger
  let children = 0
  // eslint-disable-next-line @typescript-eslint/unbound-method -- applied below with each logger as `this`
  const original = logger.child
  // Children inherit this wrapper (pino children are made from their parent): `this` keeps each one's own.
  logger.child = function (this: FastifyBaseLogger, ...args: Parameters<FastifyBaseLogger['child']>) {
    children++
    return original.apply(this, args)
  }
  return { logger, lines, children: () => children }
}

describe('the per-request logger', () => {
  it('makes no pino child while nothing is written at an enabled level', () => {
    const { logger, lines, children } = capture('warn')
    const log = lazyChildLogger(logger, { reqId: 'r1' }, {})
    log.info('incoming request')
    log.debug({ a: 1 }, 'details')
    log.trace('more')
    expect(children()).toBe(0)
    expect(lines).toEqual([])
    expect(log.level).toBe('warn')
  })

  it('writes an enabled line through a real child: its bindings and redaction included', () => {
    const { logger, lines, children } = capture('warn')
    const log = lazyChildLogger(logger, { reqId: 'r2' }, {})
    log.warn({ api_key: 'atr_secret', n: 1 }, 'something odd')
    log.error('worse')
    expect(children()).toBe(1)
    expect(lines).toHaveLength(2)
    expect(lines[0]).toMatchObject({ reqId: 'r2', msg: 'something odd', n: 1, api_key: REDACTED })
    expect(lines[1]).toMatchObject({ reqId: 'r2', msg: 'worse', level: 50 })
  })

  it('follows a level set on it, and its own children carry its bindings', () => {
    const { logger, lines } = capture('warn')
    const log = lazyChildLogger(logger, { reqId: 'r3' }, {})
    log.level = 'debug'
    log.debug('now visible')
    log.child({ part: 'x' }).info('from a child')
    expect(lines.map((l) => [l.reqId, l.msg, l.part])).toEqual([
      ['r3', 'now visible', undefined],
      ['r3', 'from a child', 'x'],
    ])
  })

  it('a route with its own level gets a real child at once', () => {
    const { logger, lines, children } = capture('warn')
    const log = lazyChildLogger(logger, { reqId: 'r4' }, { level: 'info' })
    expect(children()).toBe(1)
    log.info('route level')
    expect(lines).toMatchObject([{ reqId: 'r4', msg: 'route level' }])
  })
})
