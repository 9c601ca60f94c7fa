import { isUtf8 } from 'node:buffer'
import { unsupportedType } from '../../http/errors.js'
import type { MimeCategory } from './schemas.js'

/*
 * What the media library accepts (spec "Upload form fields"): images (JPEG, PNG, WebP, GIF, SVG, TIFF, BMP, ICO),
 * video (MP4, WebM, OGG, AVI, MOV), audio (MP3, WAV, OGG, AAC, FLAC), documents (PDF, Markdown, plain text) and
 * common archives. The type comes from the bytes (`file-type`, which reads the first 4 KiB); the client's
 * Content-Type and file name are never trusted (a file name only tells Markdown from plain text). SVG is XML text
 * whose root element is <svg>; other text must be valid UTF-8 without control characters.
 */

const ACCEPTED: Record<string, MimeCategory> = {
  'image/jpeg': 'image',
  'image/png': 'image',
  'image/webp': 'image',
  'image/gif': 'image',
  'image/svg+xml': 'image',
  'image/tiff': 'image',
  'image/bmp': 'image',
  'image/x-icon': 'image',
  'image/vnd.microsoft.icon': 'image',
  'video/mp4': 'video',
  'video/webm': 'video',
  'video/ogg': 'video',
  'video/vnd.avi': 'video',
  'video/x-msvideo': 'video',
  'video/quicktime': 'video',
  'audio/mpeg': 'audio',
  'audio/wav': 'audio',
  'audio/vnd.wave': 'audio',
  'audio/x-wav': 'audio',
  'audio/ogg': 'audio',
  'audio/opus': 'audio',
  'audio/aac': 'audio',
  'audio/x-m4a': 'audio',
  'audio/mp4': 'audio',
  'audio/flac': 'audio',
  'audio/x-flac': 'audio',
  'application/ogg': 'audio',
  'application/pdf': 'document',
  'text/markdown': 'document',
  'text/plain': 'document',
  'application/zip': 'archive',
  'application/gzip': 'archive',
  'application/x-gzip': 'archive',
  'application/x-tar': 'archive',
  'application/x-7z-compressed': 'archive',
  'application/x-rar-compressed': 'archive',
  'application/vnd.rar': 'archive',
  'application/x-bzip2': 'archive',
  'application/x-xz': 'archive',
  'application/zstd': 'archive',
}

/** How many leading bytes detection looks at (file-type needs ~4 KiB; SVG and text are judged on 64 KiB). */
export const SNIFF_BYTES = 64 * 1024

/** The category of an accepted MIME type, or undefined. */
export const categoryOf = (mime: string): MimeCategory | undefined => ACCEPTED[mime.toLowerCase()]

/** Text a browser may show: valid UTF-8 (a cut-off last character allowed) without NUL or other control characters. */
function isText(head: Uint8Array, complete: boolean): boolean {
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000e-\u001a\u001c-\u001f]/.test(Buffer.from(head).toString('latin1'))) return false
  if (isUtf8(head)) return true
  // The sample may end inside a multi-byte character.
  if (complete) return false
  for (let cut = 1; cut <= 3; cut++) if (isUtf8(head.subarray(0, head.length - cut))) return true
  return false
}

/** An XML document (after an optional BOM, declaration, comments and doctype) whose root element is <svg>. */
export function isSvg(text: string): boolean {
  let s = text.replace(/^\uFEFF/, '').trimStart()
  for (;;) {
    const before = s
    s = s
      .replace(/^<\?xml[\s\S]*?\?>\s*/i, '')
      .replace(/^<!--[\s\S]*?-->\s*/, '')
      .replace(/^<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>\s*/i, '')
    if (s === before) break
  }
  return /^<svg[\s>/]/i.test(s) || /^<[A-Za-z_][\w.-]*:svg[\s>/]/.test(s)
}

export interface Detected {
  mime: string
  category: MimeCategory
}

/**
 * The type of a file from its first bytes (`head`: up to SNIFF_BYTES; `complete` when that is the whole file).
 * 415 for anything outside the accepted list, e.g. an executable whatever its name.
 */
export async function detect(head: Uint8Array, complete: boolean, fileName: string): Promise<Detected> {
  // Loaded on the first upload: file-type and its parsers are memory a process that only serves reads never needs.
  const { fileTypeFromBuffer } = await import('file-type')
  const found = await fileTypeFromBuffer(head)
  let mime: string
  if (found) {
    mime = found.mime === 'application/xml' ? (isSvg(Buffer.from(head).toString('utf8')) ? 'image/svg+xml' : 'application/xml') : found.mime
  } else if (head.length > 0 && isText(head, complete)) {
    const text = Buffer.from(head).toString('utf8')
    mime = isSvg(text) ? 'image/svg+xml' : /\.(md|markdown)$/i.test(fileName) ? 'text/markdown' : 'text/plain'
  } else {
    mime = 'application/octet-stream'
  }
  const category = categoryOf(mime)
  if (!category) unsupportedType(`Files of type ${mime} are not accepted: images, video, audio, PDF, Markdown, plain text and archives are`)
  return { mime, category: category as MimeCategory }
}
