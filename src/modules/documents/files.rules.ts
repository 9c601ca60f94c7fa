import { isUtf8 } from 'node:buffer'
import { unsupportedType, validation } from '../../http/errors.js'

/*
 * Inline files of documents: base64 decoding, the type detected from the bytes, safe download names.
 * Nothing the client says about the type (document_type, the file name's extension) is trusted: `mime_type` comes
 * from the bytes (`file-type`), UTF-8 text is text/plain (text/markdown, text/csv by name), anything else
 * unrecognised application/octet-stream. Executables and installers are refused (415) whatever they are called.
 */

/** Types refused as documents (415): programs and installers, detected from their bytes. */
export const REFUSED_TYPES: ReadonlySet<string> = new Set([
  'application/x-msdownload',
  'application/x-elf',
  'application/x-mach-binary',
  'application/wasm',
  'application/java-vm',
  'application/java-archive',
  'application/vnd.android.package-archive',
  'application/x-deb',
  'application/x-rpm',
  'application/x-apple-diskimage',
  'application/x-shockwave-flash',
  'application/x-google-chrome-extension',
  'application/x-xpinstall',
])

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

/** Bytes the base64 text decodes to, from its length alone (the text is valid). */
export function decodedLength(b64: string): number {
  const padding = b64.endsWith('==') ? 2 : b64.endsWith('=') ? 1 : 0
  return (b64.length / 4) * 3 - padding
}

/** The canonical base64 text (line breaks and spaces removed), or a 400 on `file_base64`. */
export function canonicalBase64(text: string): string {
  const b64 = BASE64.test(text) ? text : text.replace(/[\t\n\r ]/g, '')
  if (b64.length === 0 || b64.length % 4 !== 0 || !BASE64.test(b64)) validation('file_base64', 'is not valid base64 (RFC 4648, standard alphabet, padded)')
  return b64
}

/** Text a browser may show: valid UTF-8 without NUL or other control characters than tab, line breaks and form feed. */
function isText(bytes: Uint8Array): boolean {
  const sample = bytes.subarray(0, 64 * 1024)
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(Buffer.from(sample).toString('latin1'))) return false
  return isUtf8(bytes)
}

const TEXT_BY_EXTENSION: Record<string, string> = { md: 'text/markdown', markdown: 'text/markdown', csv: 'text/csv' }

/** The MIME type of the bytes (see the header); 415 for a refused type. */
export async function detectType(bytes: Uint8Array, fileName: string): Promise<string> {
  // Loaded on the first upload: file-type and its parsers are memory a process that only serves reads never needs.
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(bytes)
  if (found) {
    if (REFUSED_TYPES.has(found.mime)) unsupportedType(`Files of type ${found.mime} (programs, installers) are not accepted as documents`)
    return found.mime
  }
  if (!isText(bytes)) return 'application/octet-stream'
  const ext = /\.([A-Za-z0-9]+)$/.exec(fileName)?.[1]?.toLowerCase() ?? ''
  return TEXT_BY_EXTENSION[ext] ?? 'text/plain'
}

/** Content-Type of a download: text gets its charset (UTF-8 is all a text document can be). */
export const downloadType = (mime: string) => (mime.startsWith('text/') ? `${mime}; charset=utf-8` : mime)

/**
 * `Content-Disposition: attachment` with the file name per RFC 6266: an ASCII `filename` fallback (anything else,
 * quotes and backslashes become `_`) and the exact name as `filename*=UTF-8''…` (RFC 8187 percent-encoding).
 */
export function contentDisposition(fileName: string): string {
  // One `_` per character (code point, hence the u flag) outside printable ASCII, and for quote, backslash and percent.
  const ascii = fileName.replace(/[^\u0020-\u007e]|["\\%]/gu, '_')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`
}
