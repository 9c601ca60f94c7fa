import { validation } from '../http/errors.js'

/**
 * The download name of a client's file name: the last path segment (no directories), control and bidi-override
 * characters removed, trimmed, at most 255 characters. 400 on `file_name` when nothing is left.
 */
export function cleanFileName(name: string): string {
  const last = name.split(/[/\\]/).pop() ?? ''
  const clean = last
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g, '')
    .trim()
    .slice(0, 255)
  if (clean === '' || clean === '.' || clean === '..') validation('file_name', 'must name a file (not only directories, dots or control characters)')
  return clean
}
