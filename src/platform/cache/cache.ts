/** Shared cache and counters: in-process by default, Redis when REDIS_URL is set (shared by every instance). */
export interface Cache {
  readonly kind: 'memory' | 'redis'
  get(key: string): Promise<string | undefined>
  /** Several keys in one command (Redis MGET), in the order asked. */
  getMany(keys: readonly string[]): Promise<Array<string | undefined>>
  /** A Buffer is stored as its bytes (UTF-8 text when read back with get): no second encoding of a large answer. */
  set(key: string, value: string | Buffer, ttlMs: number): Promise<void>
  /** Sets the key only when it has no value; returns the value it has afterwards (this one, or the one already there). */
  setIfAbsent(key: string, value: string, ttlMs: number): Promise<string>
  del(...keys: string[]): Promise<void>
  /** Increments a counter that expires ttlMs after its first increment; returns the new value and ms until expiry. */
  incr(key: string, ttlMs: number): Promise<{ count: number; ttlMs: number }>
  /** Publishes an invalidation message to every instance (including this one). */
  publish(channel: string, message: string): Promise<void>
  subscribe(channel: string, onMessage: (message: string) => void): Promise<void>
  ping(): Promise<void>
  close(): Promise<void>
}
