import { ActionIcon, Checkbox, Group, Table, Text, Tooltip, UnstyledButton } from '@mantine/core'
import { useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { i18next } from '../i18n/i18n'
import { DeleteIcon, EditIcon, SortAscIcon, SortDescIcon, SortIcon } from './icons'
import { ProblemAlert } from './ProblemAlert'
import './dataTableMessages'
import './DataTable.css'

/*
 * Every list screen's table (admin.md, "Tables come from one DataTable"): sortable columns, row selection with bulk
 * actions, and row actions as icon buttons whose accessible name carries the record ("Edit /promo") while the eye sees
 * an icon and a short tooltip ("Edit"). Long values never break mid-word: they are truncated, with the whole value
 * in a title. Narrower than about 600px (the table's own width, a container query) each row becomes a card of
 * "label: value" lines, so no phone ever scrolls the page sideways.
 */

export type SortDir = 'ascending' | 'descending'

export interface Column<R> {
  key: string
  header: ReactNode
  /** The label on a phone card (defaults to the header when that is text); '' hides it. */
  cardLabel?: string
  cell: (row: R) => ReactNode
  /** Makes the column sortable by this value. */
  sortValue?: (row: R) => string | number | null | undefined
  /** The cell that names the row (a row header, `scope="row"`); by default the first column. */
  rowHeader?: boolean
  /** One line cut with an ellipsis, its whole text in a title: for URLs, paths and other long unbroken values. */
  truncate?: (row: R) => string
  /** Keep the cell on one line (numbers, dates, badges). */
  nowrap?: boolean
  align?: 'start' | 'end'
  /** A class on the column's header and cells (a fixed width, say). */
  className?: string
}

export interface RowAction<R> {
  key: string
  /** The short label the tooltip shows ("Edit"). */
  label: string
  /** The accessible name, with the record in it ("Edit /promo"). */
  name: (row: R) => string
  icon: ComponentType<{ size?: number | string; stroke?: number; 'aria-hidden'?: boolean }>
  /** A button's action; or give `href` for a link (opened in a new tab). */
  onClick?: (row: R) => void
  href?: (row: R) => string
  /** Hides the action on rows it does not apply to (or everywhere, when the role does not allow it). */
  hidden?: (row: R) => boolean
  busy?: (row: R) => boolean
  danger?: boolean
}

export interface Selection<R> {
  /** The row checkbox's name ("Select /promo"). */
  name: (row: R) => string
  /** The select-all checkbox's name (defaults to "Select all"). */
  allName?: string
  /**
   * What to do with the chosen rows, shown above the table while some are chosen; `clear` empties the selection (after a
   * bulk action succeeded). Leave it out where the screen shows its own bulk bar.
   */
  bulk?: (rows: R[], clear: () => void) => ReactNode
  /**
   * A selection the screen holds (the row keys), for one that outlives a bulk action in part: what failed stays chosen.
   * Without it the table keeps its own.
   */
  selected?: ReadonlySet<string>
  onChange?: (keys: ReadonlySet<string>) => void
}

export interface DataTableProps<R> {
  /** The table's accessible name. */
  label: string
  rows: readonly R[] | undefined
  rowKey: (row: R) => string
  columns: Column<R>[]
  actions?: RowAction<R>[]
  selection?: Selection<R>
  initialSort?: { key: string; dir: SortDir }
  /** Shown when the list loaded and is empty. */
  empty?: ReactNode
  /** A failed load (with Retry when `onRetry` is given); `rows` undefined and no error means loading. */
  error?: unknown
  onRetry?: () => void
  loadingText?: string
  rowClassName?: (row: R) => string | undefined
  striped?: boolean
  className?: string
  /** The list is being fetched again (aria-busy on the table). */
  busy?: boolean
  /** Names the table's box as a keyboard-scrollable region, for a box whose height the screen limits (className). */
  region?: string
}

const compare = (a: string | number | null | undefined, b: string | number | null | undefined) => {
  if (a === b) return 0
  if (a === null || a === undefined || a === '') return 1
  if (b === null || b === undefined || b === '') return -1
  return typeof a === 'number' && typeof b === 'number' ? a - b : String(a).localeCompare(String(b), undefined, { numeric: true, sensitivity: 'base' })
}

/** Rows sorted by a column's value (stable; empty values last either way). */
export function sortRows<R>(rows: readonly R[], column: Column<R> | undefined, dir: SortDir): R[] {
  const value = column?.sortValue
  if (!value) return [...rows]
  const sign = dir === 'ascending' ? 1 : -1
  return rows
    .map((row, i) => ({ row, i, v: value(row) }))
    .sort((x, y) => {
      const empty = (v: unknown) => v === null || v === undefined || v === ''
      if (empty(x.v) !== empty(y.v)) return empty(x.v) ? 1 : -1
      return sign * compare(x.v, y.v) || x.i - y.i
    })
    .map((x) => x.row)
}

function useSelected<R>(rows: readonly R[], rowKey: (row: R) => string, controlled: Selection<R> | undefined) {
  const [own, setOwn] = useState<ReadonlySet<string>>(new Set())
  const chosen = controlled?.selected ?? own
  const setChosen = controlled?.selected ? (next: ReadonlySet<string>) => controlled.onChange?.(next) : setOwn
  // Rows that left the list (deleted, filtered out) leave the selection too.
  const keys = useMemo(() => new Set(rows.map(rowKey)), [rows, rowKey])
  const selected = useMemo(() => new Set([...chosen].filter((k) => keys.has(k))), [chosen, keys])
  const toggle = (key: string, on: boolean) => {
    const next = new Set(selected)
    if (on) next.add(key)
    else next.delete(key)
    setChosen(next)
  }
  const all = keys.size > 0 && selected.size === keys.size
  return { selected, toggle, all, some: selected.size > 0 && !all, setAll: (on: boolean) => setChosen(on ? keys : new Set()) }
}

export function DataTable<R>(props: DataTableProps<R>) {
  const { label, rows, rowKey, columns, actions, selection, empty, error, onRetry, loadingText, rowClassName, striped, className, region, busy } = props
  const { t } = useTranslation('table')
  const [sort, setSort] = useState(props.initialSort)
  const sorted = useMemo(
    () =>
      rows && sort
        ? sortRows(
            rows,
            columns.find((c) => c.key === sort.key),
            sort.dir,
          )
        : (rows ?? []),
    [rows, columns, sort],
  )
  const sel = useSelected(sorted, rowKey, selection)
  if (error !== undefined && error !== null) return <ProblemAlert error={error} onRetry={onRetry} />
  if (rows === undefined)
    return (
      <Text role="status" size="sm">
        {loadingText ?? t('loading')}
      </Text>
    )
  if (rows.length === 0) return typeof empty === 'string' || empty === undefined ? <Text>{empty ?? t('empty')}</Text> : <>{empty}</>
  const headerIndex = Math.max(
    0,
    columns.findIndex((c) => c.rowHeader),
  )
  const chosenRows = selection ? sorted.filter((r) => sel.selected.has(rowKey(r))) : []
  const onSort = (key: string) => setSort((s) => ({ key, dir: s?.key === key && s.dir === 'ascending' ? 'descending' : 'ascending' }))

  return (
    <div className={['dt', className].filter(Boolean).join(' ')} {...(region !== undefined && { role: 'region', 'aria-label': region, tabIndex: 0 })}>
      {selection?.bulk && chosenRows.length > 0 && (
        <Group gap="xs" className="dt-bulk" role="group" aria-label={t('selected', { count: chosenRows.length })}>
          <Text size="sm" fw={500}>
            {t('selected', { count: chosenRows.length })}
          </Text>
          {selection.bulk(chosenRows, () => sel.setAll(false))}
        </Group>
      )}
      <div className="dt-scroll">
        <Table aria-label={label} aria-busy={busy} striped={striped} highlightOnHover className="dt-table">
          <Table.Thead>
            <Table.Tr>
              {selection && (
                <Table.Th scope="col" className="dt-check">
                  <Checkbox
                    aria-label={selection.allName ?? t('selectAll')}
                    checked={sel.all}
                    indeterminate={sel.some}
                    onChange={(e) => sel.setAll(e.currentTarget.checked)}
                  />
                </Table.Th>
              )}
              {columns.map((c) => (
                <HeaderCell key={c.key} column={c} sort={sort?.key === c.key ? sort.dir : undefined} onSort={() => onSort(c.key)} />
              ))}
              {actions && actions.length > 0 && (
                <Table.Th scope="col" className="dt-actions-head">
                  {t('actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row) => {
              const key = rowKey(row)
              return (
                <Table.Tr key={key} data-row-key={key} className={rowClassName?.(row)} aria-selected={selection ? sel.selected.has(key) : undefined}>
                  {selection && (
                    <Table.Td className="dt-check">
                      <Checkbox aria-label={selection.name(row)} checked={sel.selected.has(key)} onChange={(e) => sel.toggle(key, e.currentTarget.checked)} />
                    </Table.Td>
                  )}
                  {columns.map((c, i) => (
                    <BodyCell key={c.key} column={c} row={row} header={i === headerIndex} />
                  ))}
                  {actions && actions.length > 0 && (
                    <Table.Td className="dt-actions">
                      <RowActionIcons row={row} actions={actions} />
                    </Table.Td>
                  )}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  )
}

function HeaderCell<R>({ column, sort, onSort }: { column: Column<R>; sort: SortDir | undefined; onSort: () => void }) {
  const Icon = sort === 'ascending' ? SortAscIcon : sort === 'descending' ? SortDescIcon : SortIcon
  return (
    <Table.Th scope="col" aria-sort={column.sortValue ? (sort ?? 'none') : undefined} className={classesOf(column, false)}>
      {column.sortValue ? (
        <UnstyledButton className="dt-sort" onClick={onSort}>
          {column.header}
          <Icon size={14} stroke={1.75} aria-hidden />
        </UnstyledButton>
      ) : (
        column.header
      )}
    </Table.Th>
  )
}

/** One line cut with an ellipsis, the whole `text` in its title: a long URL or path is never broken mid-word. */
export function Truncate({ text, children }: { text: string; children?: ReactNode }) {
  return (
    <span className="dt-truncate" title={text}>
      {children ?? text}
    </span>
  )
}

const classesOf = (column: Column<never>, nowrap: boolean | undefined) =>
  [nowrap ? 'dt-nowrap' : '', column.align === 'end' ? 'dt-end' : '', column.className ?? ''].filter(Boolean).join(' ') || undefined

function BodyCell<R>({ column, row, header }: { column: Column<R>; row: R; header: boolean }) {
  const text = column.truncate?.(row)
  const content = text !== undefined ? <Truncate text={text}>{column.cell(row)}</Truncate> : column.cell(row)
  const classes = classesOf(column, column.nowrap)
  const cardLabel = column.cardLabel ?? (typeof column.header === 'string' ? column.header : '')
  return header ? (
    <Table.Th scope="row" className={classes} data-label={cardLabel} fw={500}>
      {content}
    </Table.Th>
  ) : (
    <Table.Td className={classes} data-label={cardLabel}>
      {content}
    </Table.Td>
  )
}

/** A row's actions: icon buttons named with the record, each with its short label as a tooltip. */
export function RowActionIcons<R>({ row, actions }: { row: R; actions: RowAction<R>[] }) {
  return (
    <Group gap={4} wrap="nowrap" className="dt-action-group">
      {actions
        .filter((a) => !a.hidden?.(row))
        .map((a) => (
          <Tooltip key={a.key} label={a.label} withinPortal>
            {a.href ? (
              <ActionIcon
                component="a"
                href={a.href(row)}
                target="_blank"
                rel="noopener"
                variant="subtle"
                color="gray"
                aria-label={a.name(row)}
                className="dt-action"
              >
                <a.icon size={18} stroke={1.75} aria-hidden />
              </ActionIcon>
            ) : (
              <ActionIcon
                variant="subtle"
                color={a.danger ? 'red' : 'gray'}
                aria-label={a.name(row)}
                loading={a.busy?.(row)}
                onClick={() => a.onClick?.(row)}
                className="dt-action"
              >
                <a.icon size={18} stroke={1.75} aria-hidden />
              </ActionIcon>
            )}
          </Tooltip>
        ))}
    </Group>
  )
}

/** The usual pair of row actions, Edit and Delete, each named with the record; one is left out when its handler is not given. */
export function editDeleteActions<R>(o: {
  onEdit?: (row: R) => void
  editName: (row: R) => string
  onDelete?: (row: R) => void
  deleteName: (row: R) => string
}): RowAction<R>[] {
  const list: RowAction<R>[] = []
  if (o.onEdit) list.push({ key: 'edit', label: i18next.t('table:edit'), name: o.editName, icon: EditIcon, onClick: o.onEdit })
  if (o.onDelete) list.push({ key: 'delete', label: i18next.t('table:delete'), name: o.deleteName, icon: DeleteIcon, onClick: o.onDelete, danger: true })
  return list
}
