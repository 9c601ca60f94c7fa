/** The JSON editor's check before anything is sent: a JSON object, or why not (the message goes on the field). */
export type JsonObjectResult =
  { ok: true; value: Record<string, unknown> } | { ok: false; reason: 'syntax'; message: string } | { ok: false; reason: 'notObject' }

export function parseJsonObject(text: string): JsonObjectResult {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (err) {
    return { ok: false, reason: 'syntax', message: err instanceof Error ? err.message : String(err) }
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'notObject' }
  return { ok: true, value: value as Record<string, unknown> }
}

/** Two-space JSON, as the editor shows stored data. */
export const prettyJson = (value: unknown): string => JSON.stringify(value, null, 2)
