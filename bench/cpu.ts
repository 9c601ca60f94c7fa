/*
 * CPU time of processes from /proc (Linux), so the figures can be read independently of what else the
 * machine was doing: on a shared 2-core machine requests/s depends on the neighbours, CPU ms per request
 * much less. Elsewhere the readings are undefined and the columns stay empty.
 */
import { readFileSync } from 'node:fs'

/** Clock ticks per second of /proc/<pid>/stat utime and stime (USER_HZ, 100 on Linux). */
const TICK_MS = 10

/**
 * utime + stime of one process in ms (all its threads), or of one of its threads when `tid` is given (the
 * main thread: tid = pid); undefined when it cannot be read (gone, not Linux).
 */
export function processCpuMs(pid: number, tid?: number): number | undefined {
  try {
    const stat = readFileSync(tid === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${tid}/stat`, 'utf8')
    // Fields after the parenthesised command name (which may contain spaces): state is field 3, utime 14, stime 15.
    const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    const utime = Number(rest[11])
    const stime = Number(rest[12])
    return Number.isFinite(utime) && Number.isFinite(stime) ? (utime + stime) * TICK_MS : undefined
  } catch {
    return undefined
  }
}

/** CPU ms per pid for the pids that can be read. */
export function snapshot(pids: number[]): Map<number, number> {
  const out = new Map<number, number>()
  for (const pid of pids) {
    const ms = processCpuMs(pid)
    if (ms !== undefined) out.set(pid, ms)
  }
  return out
}

/** CPU ms spent between two snapshots; a process that appeared in between counts from zero. */
export function spent(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0
  for (const [pid, ms] of after) total += ms - (before.get(pid) ?? 0)
  return total
}
