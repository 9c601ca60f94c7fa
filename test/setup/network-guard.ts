import net from 'node:net'

/*
 * Tests talk only to loopback: an outbound connection anywhere else fails the test that made it.
 * (The database and Redis servers CI uses are on 127.0.0.1 too.)
 */
const LOOPBACK = /^(127\.|::1$|localhost$|::ffff:127\.)/
// The test files share their worker's module registry (isolate: false), so this file runs once per test file in
// the same process: the guard goes on once.
const GUARDED = Symbol.for('atrium.test.network-guard')
// eslint-disable-next-line @typescript-eslint/unbound-method -- re-applied with the socket as this
const original = net.Socket.prototype.connect

function hostOf(args: unknown[]): string | undefined {
  const first = args[0]
  if (Array.isArray(first)) return hostOf(first)
  if (first && typeof first === 'object') {
    const o = first as { host?: string; path?: string }
    if (o.path) return 'localhost'
    return o.host ?? 'localhost'
  }
  if (typeof first === 'number') return typeof args[1] === 'string' ? args[1] : 'localhost'
  if (typeof first === 'string') return 'localhost' // a Unix socket path
  return undefined
}

function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const host = hostOf(args)
  if (host !== undefined && !LOOPBACK.test(host)) {
    throw new Error(`test tried to connect to ${host}: only loopback addresses are allowed in tests`)
  }
  return (original as (...a: unknown[]) => net.Socket).apply(this, args)
}

const proto = net.Socket.prototype as net.Socket & { [GUARDED]?: true }
if (!proto[GUARDED]) {
  proto.connect = guardedConnect
  proto[GUARDED] = true
}
