import { describe, expect, it } from 'vitest'
import { emptyLoc } from '../api'
import { aiRequest, applyProposal, proposalOf, type AiResult } from './aiActions'

const none: AiResult = { meta_title: null, meta_description: null, excerpt: null, title: null, subtitle: null, body: null, outline: null }
const current = { ...emptyLoc(), title: 'Tea', body: 'About tea.', excerpt: 'Old excerpt' }

describe('aiRequest', () => {
  it('seo and excerpt send the body; without one they are unavailable', () => {
    expect(aiRequest('seo', current, undefined)).toEqual({ request: { action: 'seo', content: 'About tea.' } })
    expect(aiRequest('excerpt', { ...current, body: ' ' }, undefined)).toEqual({ unavailable: 'needsBody' })
  })
  it('draft_outline sends the title; draft_post the title plus the outline', () => {
    expect(aiRequest('draft_outline', current, undefined).request?.content).toBe('Tea')
    expect(aiRequest('draft_post', current, undefined).request?.content).toBe('Tea\n\nAbout tea.')
    expect(aiRequest('draft_post', { ...current, title: '' }, undefined)).toEqual({ unavailable: 'needsTitle' })
  })
  it('translate sends the source fields that have text as JSON, with the target locale', () => {
    const source = { ...emptyLoc(), title: 'Tea', body: '# Tea' }
    expect(aiRequest('translate', current, { source, targetCode: 'de' }).request).toEqual({
      action: 'translate',
      content: JSON.stringify({ title: 'Tea', body: '# Tea' }),
      target_locale: 'de',
    })
    expect(aiRequest('translate', current, undefined)).toEqual({ unavailable: 'needsSource' })
    expect(aiRequest('translate', current, { source: emptyLoc(), targetCode: 'de' })).toEqual({ unavailable: 'needsSource' })
  })
  it('refuses content beyond the API limit', () => {
    expect(aiRequest('seo', { ...current, body: 'x'.repeat(50_001) }, undefined)).toEqual({ unavailable: 'tooLong' })
  })
})

describe('proposalOf / applyProposal', () => {
  it('rows only for filled fields that differ, with a word diff', () => {
    const rows = proposalOf('excerpt', { ...none, excerpt: 'New excerpt', title: 'Tea' }, current)
    expect(rows.map((r) => r.field)).toEqual(['excerpt', 'title'].filter((f) => f !== 'title'))
    expect(rows[0]!.parts).toEqual([
      { op: 'delete', text: 'Old' },
      { op: 'insert', text: 'New' },
      { op: 'equal', text: ' excerpt' },
    ])
  })
  it('draft_outline proposes the outline as the body', () => {
    const rows = proposalOf('draft_outline', { ...none, title: 'Tea time', outline: '- Intro' }, current)
    expect(rows.map((r) => [r.field, r.after])).toEqual([
      ['title', 'Tea time'],
      ['body', '- Intro'],
    ])
  })
  it('applies only the accepted rows', () => {
    const rows = proposalOf('seo', { ...none, meta_title: 'MT', meta_description: 'MD' }, current)
    expect(applyProposal(current, rows, new Set(['meta_title']))).toEqual({ ...current, meta_title: 'MT' })
    expect(applyProposal(current, rows, new Set())).toEqual(current)
  })
})
