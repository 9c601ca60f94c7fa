/*
 * CV entry rules mirrored from the API for fast feedback (decisions.md "Skills and CV"): a title, a real start date,
 * an end date not before it, and no end date on a current entry. The API has no per-locale CV fields.
 */
import { trimmedOrNull } from '../../shared/api/wire'

export const ENTRY_TYPES = ['work', 'education', 'volunteer', 'certification', 'project'] as const
export type EntryType = (typeof ENTRY_TYPES)[number]

export interface CvFormValues {
  entry_type: EntryType
  title: string
  organization: string
  organization_url: string
  location: string
  description: string
  start_date: string
  end_date: string
  is_current: boolean
}

export type CvProblem = 'required' | 'date' | 'endBeforeStart' | 'url'

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
/** YYYY-MM-DD and a real calendar day. */
export function isRealDate(s: string): boolean {
  const m = DATE.exec(s)
  if (!m) return false
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3])
}

export function checkCv(v: CvFormValues): Partial<Record<keyof CvFormValues, CvProblem>> {
  const out: Partial<Record<keyof CvFormValues, CvProblem>> = {}
  if (v.title.trim() === '') out.title = 'required'
  if (v.start_date === '') out.start_date = 'required'
  else if (!isRealDate(v.start_date)) out.start_date = 'date'
  if (!v.is_current && v.end_date !== '') {
    if (!isRealDate(v.end_date)) out.end_date = 'date'
    else if (!out.start_date && v.end_date < v.start_date) out.end_date = 'endBeforeStart'
  }
  if (v.organization_url.trim() !== '' && !/^https?:\/\/\S+$/i.test(v.organization_url.trim())) out.organization_url = 'url'
  return out
}

/** The request body: empty optional text as null; a current entry sends no end date (null). */
export function cvBody(v: CvFormValues) {
  return {
    entry_type: v.entry_type,
    title: v.title.trim(),
    organization: trimmedOrNull(v.organization),
    organization_url: trimmedOrNull(v.organization_url),
    location: trimmedOrNull(v.location),
    description: trimmedOrNull(v.description),
    start_date: v.start_date,
    end_date: v.is_current ? null : trimmedOrNull(v.end_date),
    is_current: v.is_current,
  }
}
