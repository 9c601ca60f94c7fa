/*
 * Line and word diff of two texts, for display (conflict view, history). Hand-written because the admin takes no new
 * dependency in this change; the library to replace it with is jsdiff (`diff` on npm: diffLines, diffWordsWithSpace).
 *
 * Method: common prefix and suffix are cut off, then a longest-common-subsequence table over the tokens in between.
 * Word mode diffs lines first and then the words of each changed block only, so a long Markdown body with scattered
 * edits stays cheap. Limit: one table holds at most MAX_LCS_CELLS (2,000,000) cells (8 MB); a block beyond that is
 * shown as deleted-then-inserted instead of aligned. Measured (textDiff.test.ts, "measured limit", Node 20, the
 * project's 2-core machine): a 1,400 × 1,400 token block, just under the cap, took 27.5 ms on a quiet run and
 * 172.5 ms with other jobs running. A Markdown body of a few thousand words with edits in a few paragraphs stays far
 * below the cap, since only changed line blocks are compared word by word.
 */

export type DiffOp = 'equal' | 'insert' | 'delete'
export interface DiffPart {
  op: DiffOp
  text: string
}

export const MAX_LCS_CELLS = 2_000_000

/** Lines with their line break kept, so joining the parts gives the text back. */
export function tokenizeLines(text: string): string[] {
  return text.match(/[^\n]*\n|[^\n]+$/g) ?? []
}

/** Words (letters, digits, _), runs of white space, and every other character on its own. */
export function tokenizeWords(text: string): string[] {
  return text.match(/[\p{L}\p{M}\p{N}_]+|\s+|[^\s\p{L}\p{M}\p{N}_]/gu) ?? []
}

function push(out: DiffPart[], op: DiffOp, text: string): void {
  if (text === '') return
  const last = out[out.length - 1]
  if (last && last.op === op) last.text += text
  else out.push({ op, text })
}

/** Token diff: prefix/suffix trimming, then LCS (or a plain replace when the table would exceed the cap). */
export function diffTokens(a: readonly string[], b: readonly string[], maxCells = MAX_LCS_CELLS): DiffPart[] {
  const out: DiffPart[] = []
  let start = 0
  while (start < a.length && start < b.length && a[start] === b[start]) start++
  let endA = a.length
  let endB = b.length
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--
    endB--
  }
  push(out, 'equal', a.slice(0, start).join(''))
  const n = endA - start
  const m = endB - start
  if (n === 0 || m === 0 || (n + 1) * (m + 1) > maxCells) {
    push(out, 'delete', a.slice(start, endA).join(''))
    push(out, 'insert', b.slice(start, endB).join(''))
  } else {
    // lcs[i][j]: LCS length of a[start+i ..] and b[start+j ..], flattened row-major.
    const w = m + 1
    const lcs = new Uint32Array((n + 1) * w)
    for (let i = n - 1; i >= 0; i--) {
      for (let j = m - 1; j >= 0; j--) {
        lcs[i * w + j] =
          a[start + i] === b[start + j] ? (lcs[(i + 1) * w + j + 1] as number) + 1 : Math.max(lcs[(i + 1) * w + j] as number, lcs[i * w + j + 1] as number)
      }
    }
    let i = 0
    let j = 0
    while (i < n && j < m) {
      if (a[start + i] === b[start + j]) {
        push(out, 'equal', a[start + i] as string)
        i++
        j++
      } else if ((lcs[(i + 1) * w + j] as number) >= (lcs[i * w + j + 1] as number)) {
        push(out, 'delete', a[start + i] as string)
        i++
      } else {
        push(out, 'insert', b[start + j] as string)
        j++
      }
    }
    push(out, 'delete', a.slice(start + i, endA).join(''))
    push(out, 'insert', b.slice(start + j, endB).join(''))
  }
  push(out, 'equal', a.slice(endA).join(''))
  return out
}

export function diffLines(a: string, b: string, maxCells = MAX_LCS_CELLS): DiffPart[] {
  return diffTokens(tokenizeLines(a), tokenizeLines(b), maxCells)
}

/**
 * Word diff: lines first, then the words of each changed block (a run of deleted and inserted lines) aligned again.
 * Deletions come before insertions within a changed stretch.
 */
export function diffWords(a: string, b: string, maxCells = MAX_LCS_CELLS): DiffPart[] {
  const lines = diffLines(a, b, maxCells)
  const out: DiffPart[] = []
  for (let k = 0; k < lines.length; k++) {
    const part = lines[k] as DiffPart
    if (part.op === 'equal') {
      push(out, 'equal', part.text)
      continue
    }
    let deleted = ''
    let inserted = ''
    while (k < lines.length && (lines[k] as DiffPart).op !== 'equal') {
      const p = lines[k] as DiffPart
      if (p.op === 'delete') deleted += p.text
      else inserted += p.text
      k++
    }
    k--
    for (const p of diffTokens(tokenizeWords(deleted), tokenizeWords(inserted), maxCells)) push(out, p.op, p.text)
  }
  return normalizeOrder(out)
}

/** Within each stretch between equal parts, deletions first: renderers can show "−old +new" without reordering. */
function normalizeOrder(parts: DiffPart[]): DiffPart[] {
  const out: DiffPart[] = []
  let del = ''
  let ins = ''
  const drain = () => {
    push(out, 'delete', del)
    push(out, 'insert', ins)
    del = ''
    ins = ''
  }
  for (const p of parts) {
    if (p.op === 'equal') {
      drain()
      push(out, 'equal', p.text)
    } else if (p.op === 'delete') del += p.text
    else ins += p.text
  }
  drain()
  return out
}

/** The old text (equal + delete parts) and the new (equal + insert), e.g. to check a diff or to copy one side. */
export function sideOf(parts: readonly DiffPart[], side: 'before' | 'after'): string {
  return parts
    .filter((p) => p.op === 'equal' || p.op === (side === 'before' ? 'delete' : 'insert'))
    .map((p) => p.text)
    .join('')
}
