import { lookup } from 'node:dns/promises'
import net from 'node:net'

/*
 * Where webhooks and AI providers may send (so a site admin cannot make the server reach into its own network): http(s)
 * URLs without credentials whose host is not a loopback, private, link-local, carrier-grade NAT, multicast,
 * reserved or cloud metadata address, checked when the target is written and again before every request after
 * DNS resolution; the request then connects to the address that was checked (pinned), so a name cannot resolve
 * to something else in between (DNS rebinding). ATRIUM_ALLOW_PRIVATE_WEBHOOK_TARGETS=true (webhooks) and
 * ATRIUM_ALLOW_PRIVATE_AI_TARGETS=true (AI) lift the rule for loopback and private addresses only: link-local
 * and cloud metadata addresses are refused always.
 */

/** Link-local and cloud metadata endpoints: never a target, whatever the settings say. */
const alwaysRefused = new net.BlockList()
alwaysRefused.addSubnet('169.254.0.0', 16, 'ipv4') // link-local; AWS, GCP, Azure, OpenStack metadata at 169.254.169.254
alwaysRefused.addAddress('100.100.100.200', 'ipv4') // Alibaba Cloud metadata
alwaysRefused.addSubnet('fe80::', 10, 'ipv6') // link-local
alwaysRefused.addAddress('fd00:ec2::254', 'ipv6') // AWS metadata over IPv6

const refused = new net.BlockList()
for (const [a, p] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, 169.254.169.254 metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  refused.addSubnet(a, p, 'ipv4')
}
for (const [a, p] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 maps IPv4 into IPv6: the embedded address is checked below
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local (fd00:ec2::254 metadata included)
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  refused.addSubnet(a, p, 'ipv6')
}

/** The IPv4 address carried by an IPv4-mapped (::ffff:a.b.c.d) or NAT64 (64:ff9b::a.b.c.d) IPv6 address. */
function embeddedV4(ip: string): string | undefined {
  const m = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)
  if (m) return m[1]
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(ip)
  if (!hex) return undefined
  const hi = parseInt(hex[1]!, 16)
  const lo = parseInt(hex[2]!, 16)
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`
}

function inList(list: net.BlockList, ip: string): boolean {
  const family = net.isIP(ip)
  if (family === 4) return list.check(ip, 'ipv4')
  if (family === 6) {
    const v4 = embeddedV4(ip)
    if (v4 !== undefined) return list.check(v4, 'ipv4')
    return list.check(ip, 'ipv6')
  }
  return true
}

/** True for an address outbound requests must not reach unless private targets are allowed. */
export function isRefusedAddress(ip: string): boolean {
  return inList(refused, ip) || inList(alwaysRefused, ip)
}

/** True for a link-local or cloud metadata address: refused even when private targets are allowed. */
export const isAlwaysRefusedAddress = (ip: string): boolean => inList(alwaysRefused, ip)

/** Resolves a host name to all its addresses (node:dns lookup with all: true). Injectable for tests. */
export type HostLookup = (host: string) => Promise<Array<{ address: string; family: number }>>

const systemLookup: HostLookup = (host) => lookup(host, { all: true, verbatim: true })

export class TargetError extends Error {}

/** The URL rules that need no network: http(s), a host, no user or password. Returns the parsed URL. */
export function checkTargetUrl(raw: string): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TargetError('is not a valid absolute URL')
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetError('must be an http or https URL')
  if (url.username !== '' || url.password !== '') throw new TargetError('must not contain credentials')
  if (url.hostname === '') throw new TargetError('must name a host')
  return url
}

const bare = (hostname: string) => hostname.replace(/^\[|\]$/g, '')

export interface ResolvedTarget {
  url: URL
  /** The checked address the connection must use. */
  address: string
  family: 4 | 6
}

/**
 * Resolves the URL's host and checks every address it resolves to (one refused address refuses the target:
 * round-robin answers cannot smuggle one in). Throws TargetError; a name that does not resolve is an error too.
 */
export async function resolveTarget(raw: string, allowPrivate: boolean, resolve: HostLookup = systemLookup): Promise<ResolvedTarget> {
  const url = checkTargetUrl(raw)
  const host = bare(url.hostname)
  const literal = net.isIP(host)
  let addresses: Array<{ address: string; family: number }>
  if (literal) addresses = [{ address: host, family: literal }]
  else {
    try {
      addresses = await resolve(host)
    } catch {
      throw new TargetError(`host ${host} does not resolve`)
    }
  }
  const first = addresses[0]
  if (!first) throw new TargetError(`host ${host} does not resolve`)
  const metadata = addresses.find((a) => isAlwaysRefusedAddress(a.address))
  if (metadata) throw new TargetError(`resolves to ${metadata.address}, a link-local or cloud metadata address (always refused)`)
  if (!allowPrivate) {
    const bad = addresses.find((a) => isRefusedAddress(a.address))
    if (bad) throw new TargetError(`resolves to ${bad.address}, a loopback, private, link-local or reserved address`)
  }
  return { url, address: first.address, family: first.family === 6 ? 6 : 4 }
}
