import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type Announcements, type DragEndEvent } from '@dnd-kit/core'
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable'
import { ActionIcon, Checkbox, Group, Table, Text, Tooltip, UnstyledButton, VisuallyHidden } from '@mantine/core'
import { useMemo, useState, type ComponentType, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { i18next } from '../i18n/i18n'
import { DeleteIcon, DragIcon, EditIcon, MoveDownIcon, MoveUpIcon, SortAscIcon, SortDescIcon, SortIcon } from './icons'
import { ProblemAlert } from './ProblemAlert'
import './dataTableMessages'
import './DataTable.css'

/*
 * Every list screen's table (admin.md, "Tables come from one DataTable"): sortable columns, row selection with bulk
 * actions, and row actions as icon buttons whose accessible name carries the record ("Edit /promo") while the eye sees
 * an icon and a short tooltip ("Edit"). Long values never break mid-word: they are truncated, with the whole value
 * in a title. Narrower than about 600px (the table's own width, a container query) each row becomes a card of
 * "label: value" lines, so no phone ever scrolls the page sideways. With `reorder` the rows keep the order given (no
 * column sorting) and each has a drag handle (dnd-kit: pointer, or Space and the arrow keys on the handle, announced
 * in dnd-kit's live region) and Move up / Move down icon buttons.
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

export interface Reorder<R> {
  /** The record's name in the handle's and the Move buttons' accessible names and in the announcements ("Move Mastodon up"). */
  name: (row: R) => string
  /**
   * The new order, as row keys. A Move button's move comes with its words ("Mastodon moved to position 2 of 3.") for
   * the screen's polite status line; a drag comes without (dnd-kit has announced it).
   */
  onReorder: (keys: string[], said?: string) => void
  /** What screen readers hear on a handle: how to pick a row up, move and drop it (in the screen's words for its records). */
  instructions: string
}

export interface DataTableProps<R> {
  /** The table's accessible name. */
  label: string
  rows: readonly R[] | undefined
  rowKey: (row: R) => string
  columns: Column<R>[]
  actions?: RowAction<R>[]
  selection?: Selection<R>
  /** Reorderable rows (the table then shows `rows` in their order, without column sorting). */
  reorder?: Reorder<R>
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
  const { label, rows, rowKey, columns, actions, selection, reorder, empty, error, onRetry, loadingText, rowClassName, striped, className, region, busy } =
    props
  const { t } = useTranslation('table')
  const [chosenSort, setSort] = useState(props.initialSort)
  const sort = reorder ? undefined : chosenSort
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
  const moves = useMoves(sorted, rowKey, reorder)
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
  const hasActions = reorder !== undefined || (actions !== undefined && actions.length > 0)

  const table = (
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
              {reorder && (
                <Table.Th scope="col" className="dt-check">
                  <VisuallyHidden>{t('order')}</VisuallyHidden>
                </Table.Th>
              )}
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
                <HeaderCell key={c.key} column={c} sortable={!reorder} sort={sort?.key === c.key ? sort.dir : undefined} onSort={() => onSort(c.key)} />
              ))}
              {hasActions && (
                <Table.Th scope="col" className="dt-actions-head">
                  {t('actions')}
                </Table.Th>
              )}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {sorted.map((row, i) => {
              const key = rowKey(row)
              const cells = (
                <>
                  {selection && (
                    <Table.Td className="dt-check">
                      <Checkbox aria-label={selection.name(row)} checked={sel.selected.has(key)} onChange={(e) => sel.toggle(key, e.currentTarget.checked)} />
                    </Table.Td>
                  )}
                  {columns.map((c, i) => (
                    <BodyCell key={c.key} column={c} row={row} header={i === headerIndex} />
                  ))}
                  {hasActions && (
                    <Table.Td className="dt-actions">
                      {reorder ? (
                        <Group gap={4} wrap="nowrap">
                          <MoveButtons row={row} index={i} total={sorted.length} name={reorder.name(row)} onMove={moves.byButton} />
                          {actions && <RowActionIcons row={row} actions={actions} />}
                        </Group>
                      ) : (
                        actions && <RowActionIcons row={row} actions={actions} />
                      )}
                    </Table.Td>
                  )}
                </>
              )
              const rowProps = { 'data-row-key': key, className: rowClassName?.(row), 'aria-selected': selection ? sel.selected.has(key) : undefined }
              return reorder ? (
                <SortableRow key={key} id={key} handleName={t('handle', { name: reorder.name(row) })} rowProps={rowProps}>
                  {cells}
                </SortableRow>
              ) : (
                <Table.Tr key={key} {...rowProps}>
                  {cells}
                </Table.Tr>
              )
            })}
          </Table.Tbody>
        </Table>
      </div>
    </div>
  )
  return reorder ? (
    <DndContext
      sensors={moves.sensors}
      collisionDetection={closestCenter}
      onDragEnd={moves.onDragEnd}
      accessibility={{ announcements: moves.announcements, screenReaderInstructions: { draggable: reorder.instructions } }}
    >
      <SortableContext items={sorted.map(rowKey)} strategy={verticalListSortingStrategy}>
        {table}
      </SortableContext>
    </DndContext>
  ) : (
    table
  )
}

/** Moving rows: by drag (dnd-kit's pointer and keyboard sensors, with its announcements) or by the Move buttons. */
function useMoves<R>(rows: readonly R[], rowKey: (row: R) => string, reorder: Reorder<R> | undefined) {
  const { t } = useTranslation('table')
  const sensors = useSensors(useSensor(PointerSensor), useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }))
  const keys = rows.map(rowKey)
  const total = keys.length
  const position = (id: unknown) => keys.indexOf(String(id)) + 1
  const name = (id: unknown) => {
    const row = rows[position(id) - 1]
    return row !== undefined && reorder ? reorder.name(row) : ''
  }
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('announce.pickedUp', { name: name(active.id), position: position(active.id), total }),
    onDragOver: ({ active, over }) =>
      over && over.id !== active.id ? t('announce.movedTo', { name: name(active.id), position: position(over.id), total }) : undefined,
    onDragEnd: ({ active, over }) => (over ? t('announce.dropped', { name: name(active.id), position: position(over.id), total }) : undefined),
    onDragCancel: ({ active }) => t('announce.cancelled', { name: name(active.id), position: position(active.id) }),
  }
  const byButton = (row: R, dir: Dir) => {
    const from = rows.indexOf(row)
    const to = from + (dir === 'up' ? -1 : 1)
    if (!reorder || from < 0 || to < 0 || to >= total) return
    reorder.onReorder(arrayMove(keys, from, to), t('announce.movedTo', { name: reorder.name(row), position: to + 1, total }))
  }
  return {
    sensors,
    announcements,
    byButton,
    onDragEnd: ({ active, over }: DragEndEvent) => {
      if (reorder && over && active.id !== over.id) reorder.onReorder(arrayMove(keys, position(active.id) - 1, position(over.id) - 1))
    },
  }
}

type Dir = 'up' | 'down'

/** A row that can be dragged by its handle (the first cell); dnd-kit moves it with a transform meanwhile. */
function SortableRow({ id, handleName, rowProps, children }: { id: string; handleName: string; rowProps: object; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id })
  return (
    <Table.Tr
      ref={setNodeRef}
      {...rowProps}
      data-dragging={isDragging || undefined}
      // Set through the DOM's style object, which the CSP allows.
      style={{ transform: transform ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)` : undefined, transition }}
    >
      <Table.Td className="dt-check" data-label="">
        <button type="button" className="drag-handle" ref={setActivatorNodeRef} {...attributes} {...listeners} aria-label={handleName}>
          <DragIcon size={18} stroke={1.75} aria-hidden />
        </button>
      </Table.Td>
      {children}
    </Table.Tr>
  )
}

/** Move up and Move down: icon buttons named with the record, unavailable at the ends but still focusable (the focus stays put). */
function MoveButtons<R>({ row, index, total, name, onMove }: { row: R; index: number; total: number; name: string; onMove: (row: R, dir: Dir) => void }) {
  const { t } = useTranslation('table')
  return (['up', 'down'] as const).map((dir) => {
    const off = dir === 'up' ? index === 0 : index === total - 1
    const Icon = dir === 'up' ? MoveUpIcon : MoveDownIcon
    return (
      <Tooltip key={dir} label={t(dir)} withinPortal>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={t(dir === 'up' ? 'moveUp' : 'moveDown', { name })}
          aria-disabled={off}
          data-disabled={off || undefined}
          onClick={() => !off && onMove(row, dir)}
          className="dt-action"
        >
          <Icon size={18} stroke={1.75} aria-hidden />
        </ActionIcon>
      </Tooltip>
    )
  })
}

function HeaderCell<R>({ column, sortable, sort, onSort }: { column: Column<R>; sortable: boolean; sort: SortDir | undefined; onSort: () => void }) {
  const Icon = sort === 'ascending' ? SortAscIcon : sort === 'descending' ? SortDescIcon : SortIcon
  const byValue = sortable && column.sortValue !== undefined
  return (
    <Table.Th scope="col" aria-sort={byValue ? (sort ?? 'none') : undefined} className={classesOf(column, false)}>
      {byValue ? (
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
