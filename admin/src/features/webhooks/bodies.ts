/** The log keeps the first 4 KiB of each body. */
export const BODY_LIMIT = 4096

/** A body as the detail shows it: JSON indented, anything else (or JSON cut at 4 KiB) as it came. */
export function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2)
  } catch {
    return body
  }
}
