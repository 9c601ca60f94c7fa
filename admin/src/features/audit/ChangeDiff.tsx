import { Checkbox, Text } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { HistoryRow } from '../../shared/logic/historyDiff'
import './audit.css'

/*
 * Field-level diff of one write (rows from shared/logic/historyDiff): text as a word diff (<del>/<ins>, with the
 * change named for screen readers), sets as added and removed items, other values as before → after. General on
 * purpose, so other history views can take it: nothing here knows about the audit screen. With `selected` and
 * `onToggle` each revertible change gets a checkbox (one per change id: an object field's rows share theirs).
 */
export function ChangeDiff({
  rows,
  label = (field) => field,
  selected,
  onToggle,
}: {
  rows: readonly HistoryRow[]
  label?: (field: string) => string
  selected?: ReadonlySet<string>
  onToggle?: (changeId: string, on: boolean) => void
}) {
  const { t } = useTranslation('audit', { keyPrefix: 'diff' })
  const seen = new Set<string>()
  return (
    <dl className="change-diff">
      {rows.map((row) => {
        const first = !seen.has(row.changeId)
        seen.add(row.changeId)
        return (
          <div key={`${row.changeId}:${row.field}`} className="change-diff-row" data-field={row.field}>
            <dt>
              {selected && onToggle && row.revertible && first ? (
                <Checkbox
                  label={t('revertField', { field: label(row.field) })}
                  checked={selected.has(row.changeId)}
                  onChange={(e) => onToggle(row.changeId, e.currentTarget.checked)}
                />
              ) : (
                <Text fw={600} size="sm">
                  {label(row.field)}
                  {!row.revertible && selected && <span className="change-diff-note"> · {t('notRevertible')}</span>}
                </Text>
              )}
            </dt>
            <dd>
              <RowValue row={row} />
            </dd>
          </div>
        )
      })}
    </dl>
  )
}

function RowValue({ row }: { row: HistoryRow }) {
  const { t } = useTranslation('audit', { keyPrefix: 'diff' })
  const show = (v: unknown) => (v === null || v === undefined || v === '' ? t('empty') : typeof v === 'string' ? v : JSON.stringify(v))
  if (row.kind === 'text' && row.parts) {
    return (
      <p className="change-diff-text">
        {row.parts.map((p, i) =>
          p.op === 'equal' ? (
            <span key={i}>{p.text}</span>
          ) : p.op === 'delete' ? (
            <del key={i}>
              <span className="visually-hidden">{t('removed')} </span>
              {p.text}
            </del>
          ) : (
            <ins key={i}>
              <span className="visually-hidden">{t('added')} </span>
              {p.text}
            </ins>
          ),
        )}
        {row.before === null && <span className="change-diff-note"> ({t('wasEmpty')})</span>}
        {row.after === null && <span className="change-diff-note"> ({t('nowEmpty')})</span>}
      </p>
    )
  }
  if (row.kind === 'set') {
    return (
      <p className="change-diff-text">
        {(row.added ?? []).map((v, i) => (
          <ins key={`a${i}`}>
            <span className="visually-hidden">{t('added')} </span>
            {show(v)}
          </ins>
        ))}{' '}
        {(row.removed ?? []).map((v, i) => (
          <del key={`r${i}`}>
            <span className="visually-hidden">{t('removed')} </span>
            {show(v)}
          </del>
        ))}
      </p>
    )
  }
  return (
    <p className="change-diff-text">
      <del>
        <span className="visually-hidden">{t('before')} </span>
        {show(row.before)}
      </del>{' '}
      <span aria-hidden="true">→</span>{' '}
      <ins>
        <span className="visually-hidden">{t('after')} </span>
        {show(row.after)}
      </ins>
    </p>
  )
}
