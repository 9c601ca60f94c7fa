import type { Schemas } from '@atrium-cms/client'
import { diffWords, type DiffPart } from '../../../../shared/logic/textDiff'
import type { LocValues } from '../api'

/*
 * The five AI actions of POST /sites/{site_id}/ai/generate (interface spec, AI) on the editor's current locale:
 * what each sends, and its answer as a proposal, field by field against the current text, that the user accepts
 * (per field) or rejects. Nothing is applied unseen.
 *
 * | action        | content sent                                   | proposed fields                          |
 * | seo           | the body                                       | meta_title, meta_description             |
 * | excerpt       | the body                                       | excerpt                                  |
 * | translate     | JSON of the source locale's fields + target   | title, subtitle, excerpt, body, meta_*   |
 * | draft_outline | the title (the topic idea)                     | title, subtitle, body (= the outline)    |
 * | draft_post    | the title plus the body (as the outline)       | body, excerpt, meta_title, meta_desc.    |
 */

export const AI_ACTIONS = ['seo', 'excerpt', 'translate', 'draft_outline', 'draft_post'] as const
export type AiAction = (typeof AI_ACTIONS)[number]
export type AiResult = Schemas['AiGenerateResult']

/** Content above this is refused by the API (1–50,000 characters). */
export const AI_CONTENT_MAX = 50_000
const TRANSLATABLE = ['title', 'subtitle', 'excerpt', 'body', 'meta_title', 'meta_description'] as const
export type ProposalField = (typeof TRANSLATABLE)[number]

export interface AiRequest {
  action: AiAction
  content: string
  target_locale?: string
}

/** Why an action cannot run now (the menu shows it disabled with this reason), or undefined. */
export type Unavailable = 'needsBody' | 'needsTitle' | 'needsSource' | 'tooLong' | undefined

export function aiRequest(
  action: AiAction,
  current: LocValues,
  translation: { source: LocValues; targetCode: string } | undefined,
): { request: AiRequest; unavailable?: undefined } | { request?: undefined; unavailable: Exclude<Unavailable, undefined> } {
  let content = ''
  let target: string | undefined
  if (action === 'seo' || action === 'excerpt') {
    if (current.body.trim() === '') return { unavailable: 'needsBody' }
    content = current.body
  } else if (action === 'draft_outline') {
    if (current.title.trim() === '') return { unavailable: 'needsTitle' }
    content = current.title
  } else if (action === 'draft_post') {
    if (current.title.trim() === '') return { unavailable: 'needsTitle' }
    content = current.body.trim() === '' ? current.title : `${current.title}\n\n${current.body}`
  } else {
    if (!translation) return { unavailable: 'needsSource' }
    const fields = Object.fromEntries(TRANSLATABLE.filter((k) => translation.source[k].trim() !== '').map((k) => [k, translation.source[k]]))
    if (Object.keys(fields).length === 0) return { unavailable: 'needsSource' }
    content = JSON.stringify(fields)
    target = translation.targetCode
  }
  if (content.length > AI_CONTENT_MAX) return { unavailable: 'tooLong' }
  return { request: { action, content, ...(target !== undefined ? { target_locale: target } : {}) } }
}

export interface ProposalRow {
  field: ProposalField
  before: string
  after: string
  parts: DiffPart[]
}

/** The answer's fields as rows against the current values; fields the action did not fill, or left as they are, are not rows. */
export function proposalOf(action: AiAction, result: AiResult, current: LocValues): ProposalRow[] {
  const proposed: Partial<Record<ProposalField, string | null>> = {
    title: result.title,
    subtitle: result.subtitle,
    excerpt: result.excerpt,
    body: action === 'draft_outline' ? result.outline : result.body,
    meta_title: result.meta_title,
    meta_description: result.meta_description,
  }
  const rows: ProposalRow[] = []
  for (const field of TRANSLATABLE) {
    const after = proposed[field]
    if (typeof after !== 'string' || after === current[field]) continue
    rows.push({ field, before: current[field], after, parts: diffWords(current[field], after) })
  }
  return rows
}

/** The values with the accepted rows applied; every other field as it is. */
export function applyProposal(current: LocValues, rows: readonly ProposalRow[], accepted: ReadonlySet<string>): LocValues {
  const out = { ...current }
  for (const r of rows) if (accepted.has(r.field)) out[r.field] = r.after
  return out
}
