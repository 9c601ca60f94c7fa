import { describe, expect, it } from 'vitest'
import { recordNameParts } from './recordName'

describe('recordNameParts', () => {
  it('names the record by its label and leaves the id out', () => {
    expect(recordNameParts({ record_label: 'Hello, world', entity_id: '6c694279-1111-4222-8333-444455556666' })).toEqual({ label: 'Hello, world', id: null })
  })
  it('falls back to the short id only when the label is null or blank', () => {
    expect(recordNameParts({ record_label: null, entity_id: '6c694279-1111-4222-8333-444455556666' })).toEqual({ label: null, id: '6c694279' })
    expect(recordNameParts({ record_label: '  ', entity_id: '6c694279-1111-4222-8333-444455556666' })).toEqual({ label: null, id: '6c694279' })
  })
  it('has neither for an entry about no record', () => {
    expect(recordNameParts({ record_label: null, entity_id: null })).toEqual({ label: null, id: null })
  })
})
