import type { DiffPart } from '../../logic/textDiff'
import './history.css'

/** A word diff as text with <del>/<ins> (screen readers announce deletion and insertion). */
export function DiffText({ parts }: { parts: readonly DiffPart[] }) {
  return (
    <p className="diff-text">
      {parts.map((p, i) => (p.op === 'equal' ? <span key={i}>{p.text}</span> : p.op === 'delete' ? <del key={i}>{p.text}</del> : <ins key={i}>{p.text}</ins>))}
    </p>
  )
}
