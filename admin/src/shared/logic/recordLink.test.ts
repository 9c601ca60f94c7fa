import { describe, expect, it } from 'vitest'
import { recordLink } from './recordLink'

describe('recordLink', () => {
  it('blogs and pages open in their editors', () => {
    expect(recordLink('blog', 'b1')).toEqual({ area: 'blogs', recordId: 'b1' })
    expect(recordLink('page', 'p1', 'Update')).toEqual({ area: 'pages', recordId: 'p1' })
  })
  it('a document opens on its own screen; its folders and localizations on the documents screen', () => {
    expect(recordLink('document', 'd1')).toEqual({ area: 'documents', recordId: 'd1' })
    expect(recordLink('document_folder', 'f1')).toEqual({ area: 'documents' })
    expect(recordLink('document_localization', 'l1')).toEqual({ area: 'documents' })
  })
  it('other entity types lead to their screen', () => {
    expect(recordLink('webhook', 'w1')).toEqual({ area: 'webhooks' })
    expect(recordLink('ai_config', 'a1')).toEqual({ area: 'ai' })
    expect(recordLink('site', 's1')).toEqual({ area: 'settings' })
  })
  it('nothing for a deleted record or an entity without a screen', () => {
    expect(recordLink('blog', 'b1', 'Delete')).toBeNull()
    expect(recordLink('ai_generation', 'g1')).toBeNull()
  })
})
