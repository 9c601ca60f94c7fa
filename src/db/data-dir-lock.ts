import { closeSync, linkSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

/** Who holds an embedded data directory. */
export interface LockHolder {
  pid: number
  hostname: string
  command: string
  started_at: string
}

/**
 * The embedded database (PGlite) is a file tree that only one process may open: a second one would corrupt it.
 * Thrown when another live process holds the directory.
 */
export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly holder: LockHolder,
  ) {
    super(`the embedded database in ${dir} is in use by another process (${describeHolder(holder)})`)
  }
}

export function describeHolder(h: LockHolder): string {
  return `pid ${h.pid}${h.hostname !== os.hostname() ? ` on ${h.hostname}` : ''}${h.command ? `: ${h.command}` : ''}`
}

export interface DataDirLock {
  readonly file: string
  release(): void
}

const LOCK_NAME = 'atrium.lock'

/** Lock files this process holds: a second open in the same process is refused like any other. */
const heldHere = new Set<string>()

/** Alive, or not ours to judge (another host, or a process we may not signal). */
function isAlive(h: LockHolder, file: string): boolean {
  if (h.hostname !== os.hostname()) return true
  // Our own pid on a lock we did not take: left by an earlier run that had the same pid (pid 1 in a container).
  if (h.pid === process.pid) return heldHere.has(file)
  try {
    process.kill(h.pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** The holder's command line as the OS reports it (Linux), else as it wrote it into the lock file. */
function commandOf(h: LockHolder): string {
  if (h.hostname === os.hostname()) {
    try {
      const cmdline = readFileSync(`/proc/${h.pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ')
      if (cmdline) return cmdline
    } catch {
      // Not Linux, or the process is gone: the recorded command will do.
    }
  }
  return h.command
}

function readHolder(file: string): LockHolder | undefined {
  try {
    const h = JSON.parse(readFileSync(file, 'utf8')) as Partial<LockHolder>
    if (typeof h.pid !== 'number') return undefined
    return { pid: h.pid, hostname: h.hostname ?? os.hostname(), command: h.command ?? '', started_at: h.started_at ?? '' }
  } catch {
    return undefined
  }
}

/** Creates the lock file only if none exists (O_EXCL): of two processes racing, exactly one succeeds. */
function tryCreate(file: string): boolean {
  let fd: number
  try {
    fd = openSync(file, 'wx', 0o600)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
  const me: LockHolder = { pid: process.pid, hostname: os.hostname(), command: process.argv.join(' '), started_at: new Date().toISOString() }
  try {
    writeSync(fd, JSON.stringify(me))
  } finally {
    closeSync(fd)
  }
  return true
}

/**
 * A stale lock (its process is gone) is moved aside under a unique name first, so that two processes taking
 * it over at once cannot both win: whoever moved a live lock by mistake puts it back.
 */
function takeOverStale(file: string): void {
  const aside = `${file}.stale-${process.pid}-${Date.now()}`
  try {
    renameSync(file, aside)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return
    throw err
  }
  const moved = readHolder(aside)
  if (moved && isAlive(moved, file)) {
    try {
      linkSync(aside, file)
    } catch {
      // Someone locked again meanwhile; their lock stands, this one is theirs to judge.
    }
  }
  unlinkSync(aside)
}

/**
 * Takes the data directory's lock file (`<dir>/atrium.lock`, holding the pid) or throws DataDirLockedError
 * naming the holder. A lock left by a process that no longer runs is taken over. Released on release() and,
 * as a last resort, when the process exits.
 */
export function lockDataDir(dir: string): DataDirLock {
  const file = path.join(dir, LOCK_NAME)
  for (let attempt = 0; attempt < 5; attempt++) {
    if (tryCreate(file)) {
      heldHere.add(file)
      let released = false
      const release = () => {
        if (released) return
        released = true
        heldHere.delete(file)
        process.removeListener('exit', release)
        // Only our own lock is removed: a takeover by someone else after a crash-like pause must survive.
        if (readHolder(file)?.pid === process.pid) unlinkSync(file)
      }
      process.on('exit', release)
      return { file, release }
    }
    const holder = readHolder(file)
    if (holder && isAlive(holder, file)) throw new DataDirLockedError(dir, { ...holder, command: commandOf(holder) })
    // Stale: take it over. Unreadable: being written this instant, so wait a little; still unreadable, it is debris.
    if (holder || attempt >= 2) takeOverStale(file)
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50)
  }
  const holder = readHolder(file)
  throw new DataDirLockedError(dir, holder ?? { pid: 0, hostname: os.hostname(), command: 'unknown', started_at: '' })
}
