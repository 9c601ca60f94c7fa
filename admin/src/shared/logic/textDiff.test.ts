import { describe, expect, it } from 'vitest'
import { MAX_LCS_CELLS, diffLines, diffTokens, diffWords, sideOf, tokenizeLines, tokenizeWords } from './textDiff.js'

describe('tokenizers', () => {
  it('keep every character so the parts join back to the text', () => {
    const text = 'Hello, wörld!\n\n  Ça va? 42_x\nlast'
    expect(tokenizeLines(text).join('')).toBe(text)
    expect(tokenizeWords(text).join('')).toBe(text)
    expect(tokenizeWords('Ça va?')).toEqual(['Ça', ' ', 'va', '?'])
    expect(tokenizeLines('')).toEqual([])
  })
})

describe('diffWords', () => {
  it('marks the changed words only', () => {
    expect(diffWords('The quick brown fox', 'The slow brown fox')).toEqual([
      { op: 'equal', text: 'The ' },
      { op: 'delete', text: 'quick' },
      { op: 'insert', text: 'slow' },
      { op: 'equal', text: ' brown fox' },
    ])
  })

  it('aligns words inside changed lines of a multi-line text', () => {
    const a = '# Title\n\nFirst paragraph here.\nSecond line stays.\n'
    const b = '# Title\n\nFirst paragraph there.\nSecond line stays.\nA new line.\n'
    const parts = diffWords(a, b)
    expect(sideOf(parts, 'before')).toBe(a)
    expect(sideOf(parts, 'after')).toBe(b)
    expect(parts.filter((p) => p.op === 'delete').map((p) => p.text)).toEqual(['here'])
    expect(parts.filter((p) => p.op === 'insert').map((p) => p.text)).toEqual(['there', 'A new line.\n'])
  })

  it('handles empty sides and identical texts', () => {
    expect(diffWords('', 'new')).toEqual([{ op: 'insert', text: 'new' }])
    expect(diffWords('old', '')).toEqual([{ op: 'delete', text: 'old' }])
    expect(diffWords('same', 'same')).toEqual([{ op: 'equal', text: 'same' }])
    expect(diffWords('', '')).toEqual([])
  })
})

describe('diffLines', () => {
  it('diffs whole lines', () => {
    expect(diffLines('a\nb\nc\n', 'a\nB\nc\n')).toEqual([
      { op: 'equal', text: 'a\n' },
      { op: 'delete', text: 'b\n' },
      { op: 'insert', text: 'B\n' },
      { op: 'equal', text: 'c\n' },
    ])
  })
})

describe('diffTokens', () => {
  it('finds a longest common subsequence', () => {
    const parts = diffTokens(['a', 'b', 'c', 'd', 'e'], ['x', 'b', 'd', 'y', 'e'])
    expect(
      parts
        .filter((p) => p.op === 'equal')
        .map((p) => p.text)
        .join(''),
    ).toBe('bde')
  })

  it('beyond the cell cap shows the block as replaced, still correct', () => {
    const parts = diffTokens(['a', 'b', 'c'], ['x', 'b', 'y'], 4)
    expect(parts).toEqual([
      { op: 'delete', text: 'abc' },
      { op: 'insert', text: 'xby' },
    ])
  })

  it('measured limit: a block just under the cap aligns in well under a second', () => {
    // Two unrelated-ish token streams (no shared prefix or suffix), 1,400 tokens each: 1,962,801 cells.
    const side = 1400
    expect((side + 1) * (side + 1)).toBeLessThanOrEqual(MAX_LCS_CELLS)
    const a = Array.from({ length: side }, (_, i) => `w${(i * 7) % 97} `)
    const b = Array.from({ length: side }, (_, i) => `w${(i * 11) % 89} `)
    a[0] = 'start-a '
    b[side - 1] = 'end-b '
    const t0 = performance.now()
    const parts = diffTokens(a, b)
    const ms = performance.now() - t0
    console.info(`textDiff: ${side}x${side} tokens in ${ms.toFixed(1)} ms`)
    expect(sideOf(parts, 'before')).toBe(a.join(''))
    expect(sideOf(parts, 'after')).toBe(b.join(''))
    expect(ms).toBeLessThan(1000)
  })
})
