/** A section's settings text: a JSON object (empty text is the empty object), or why not. */
export type ParsedSettings = { ok: true; value: Record<string, unknown> } | { ok: false; reason: string }

export function parseSettings(text: string): ParsedSettings {
  if (text.trim() === '') return { ok: true, value: {} }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch (e) {
    return { ok: false, reason: e instanceof Error ? e.message : String(e) }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: 'notObject' }
  return { ok: true, value: value as Record<string, unknown> }
}
