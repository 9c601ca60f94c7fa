import { Button, MantineProvider } from '@mantine/core'
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../i18n/i18n'
import type { Column, DataTableProps, RowAction } from './DataTable'

interface Hook {
  id: string
  url: string
  hits: number | null
}
const hooks: Hook[] = [
  { id: 'a', url: 'https://b.example/hook', hits: 10 },
  { id: 'b', url: 'https://a.example/hook', hits: 2 },
  { id: 'c', url: 'https://c.example/a/very/long/path/that/goes/on', hits: null },
]
const columns: Column<Hook>[] = [
  { key: 'url', header: 'URL', cell: (h) => h.url, sortValue: (h) => h.url, truncate: (h) => h.url },
  { key: 'hits', header: 'Hits', cell: (h) => h.hits ?? '—', sortValue: (h) => h.hits },
  { key: 'note', header: 'Note', cell: () => 'x' },
]

let DataTable: (typeof import('./DataTable'))['DataTable']
let sortRows: (typeof import('./DataTable'))['sortRows']
beforeAll(async () => {
  await initI18n()
  ;({ DataTable, sortRows } = await import('./DataTable'))
})
afterEach(cleanup)

const show = (p: Partial<DataTableProps<Hook>>) =>
  render(
    <MantineProvider>
      <DataTable label="Webhooks" rows={hooks} rowKey={(h) => h.id} columns={columns} {...p} />
    </MantineProvider>,
  )
const firstCells = () =>
  within(screen.getByRole('table', { name: 'Webhooks' }))
    .getAllByRole('rowheader')
    .map((c) => c.textContent)

describe('DataTable', () => {
  it('sorts by a column from its header button and says so in aria-sort', () => {
    show({})
    expect(firstCells()).toEqual(hooks.map((h) => h.url))
    const urlHeader = screen.getByRole('columnheader', { name: 'URL' })
    expect(urlHeader.getAttribute('aria-sort')).toBe('none')
    expect(screen.getByRole('columnheader', { name: 'Note' }).hasAttribute('aria-sort')).toBe(false)
    fireEvent.click(within(urlHeader).getByRole('button', { name: 'URL' }))
    expect(urlHeader.getAttribute('aria-sort')).toBe('ascending')
    expect(firstCells()).toEqual(['https://a.example/hook', 'https://b.example/hook', 'https://c.example/a/very/long/path/that/goes/on'])
    fireEvent.click(within(urlHeader).getByRole('button', { name: 'URL' }))
    expect(urlHeader.getAttribute('aria-sort')).toBe('descending')
    expect(firstCells()[0]).toBe('https://c.example/a/very/long/path/that/goes/on')
  })

  it('sorts numbers as numbers and puts empty values last in both directions', () => {
    const byHits = columns[1]
    expect(sortRows(hooks, byHits, 'ascending').map((h) => h.id)).toEqual(['b', 'a', 'c'])
    expect(sortRows(hooks, byHits, 'descending').map((h) => h.id)).toEqual(['a', 'b', 'c'])
  })

  it('names row actions with the record, shows only an icon, and runs them for that row', () => {
    const onClick = vi.fn()
    const actions: RowAction<Hook>[] = [
      { key: 'edit', label: 'Edit', name: (h) => `Edit ${h.url}`, icon: () => <svg />, onClick },
      { key: 'delete', label: 'Delete', name: (h) => `Delete ${h.url}`, icon: () => <svg />, onClick, hidden: (h) => h.id === 'b', danger: true },
    ]
    show({ actions })
    const edit = screen.getByRole('button', { name: 'Edit https://a.example/hook' })
    expect(edit.textContent).toBe('')
    fireEvent.click(edit)
    expect(onClick).toHaveBeenCalledWith(hooks[1])
    expect(screen.queryByRole('button', { name: 'Delete https://a.example/hook' })).toBeNull()
    expect(screen.getAllByRole('button', { name: /^Delete / })).toHaveLength(2)
    expect(screen.getByRole('columnheader', { name: 'Actions' })).toBeTruthy()
  })

  it('selects rows one by one or all at once, and hands the chosen rows to the bulk actions', () => {
    const bulk = vi.fn((rows: Hook[], clear: () => void) => <Button onClick={clear}>{`Delete ${rows.length}`}</Button>)
    show({ selection: { name: (h) => `Select ${h.url}`, bulk } })
    expect(screen.queryByRole('group', { name: /selected/ })).toBeNull()
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select https://a.example/hook' }))
    expect(screen.getByRole('group', { name: '1 selected' })).toBeTruthy()
    expect(bulk).toHaveBeenLastCalledWith([hooks[1]], expect.any(Function))
    const all = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' })
    expect(all.indeterminate).toBe(true)
    fireEvent.click(all)
    expect(screen.getByRole('group', { name: '3 selected' })).toBeTruthy()
    expect(screen.getAllByRole('row', { selected: true })).toHaveLength(3)
    fireEvent.click(screen.getByRole('button', { name: 'Delete 3' }))
    expect(screen.queryByRole('group', { name: /selected/ })).toBeNull()
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all' }).checked).toBe(false)
  })

  it('can leave the selection to the screen, which keeps what a bulk action left (failed rows) chosen', () => {
    const onChange = vi.fn()
    const selection = { name: (h: Hook) => `Select ${h.url}`, allName: 'Select all hooks', selected: new Set(['a', 'gone']), onChange }
    show({ selection })
    // No bulk actions given: the screen shows its own bar; the table only shows and changes the choice.
    expect(screen.queryByRole('group', { name: /selected/ })).toBeNull()
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select https://b.example/hook' }).checked).toBe(true)
    expect(screen.getAllByRole('row', { selected: true })).toHaveLength(1)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select https://a.example/hook' }))
    // A key no row has ('gone') is not handed back.
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b']))
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select all hooks' }))
    expect(onChange).toHaveBeenLastCalledWith(new Set(['a', 'b', 'c']))
    // Nothing changes until the screen says so.
    expect(screen.getAllByRole('row', { selected: true })).toHaveLength(1)
    cleanup()
    show({ selection: { ...selection, selected: new Set(['c']) } })
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select https://c.example/a/very/long/path/that/goes/on' }).checked).toBe(true)
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select all hooks' }).indeterminate).toBe(true)
  })

  it('truncates long values with the whole value in a title, and labels cells for the phone cards', () => {
    show({})
    const cell = screen.getByRole('rowheader', { name: hooks[2]!.url })
    expect(cell.querySelector('.dt-truncate')?.getAttribute('title')).toBe(hooks[2]!.url)
    expect(screen.getAllByRole('cell')[0]!.getAttribute('data-label')).toBe('Hits')
  })

  it('shows the empty state, the loading state and a failed load instead of the table', () => {
    show({ rows: [], empty: 'No webhooks yet.' })
    expect(screen.getByText('No webhooks yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    cleanup()
    show({ rows: undefined })
    expect(screen.getByRole('status').textContent).toBe('Loading…')
    cleanup()
    const retry = vi.fn()
    show({ rows: undefined, error: new Error('boom'), onRetry: retry })
    expect(screen.getByRole('alert')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
  })

  describe('reorderable rows', () => {
    const names: Record<string, string> = { a: 'Mastodon', b: 'GitHub', c: 'Bluesky' }
    /** The table with rows the test's screen keeps in order, as a screen would after its onReorder. */
    function Ordered({ onReorder }: { onReorder: (keys: string[], said?: string) => void }) {
      const [rows, setRows] = useState(hooks)
      const reorder = (keys: string[], said?: string) => {
        onReorder(keys, said)
        setRows(keys.map((k) => hooks.find((h) => h.id === k)!))
      }
      return (
        <DataTable
          label="Webhooks"
          rows={rows}
          rowKey={(h) => h.id}
          columns={columns}
          initialSort={{ key: 'url', dir: 'ascending' }}
          reorder={{ name: (h) => names[h.id]!, onReorder: reorder, instructions: 'Pick up a hook with Space.' }}
        />
      )
    }
    const showOrdered = (onReorder = vi.fn()) => (
      render(
        <MantineProvider>
          <Ordered onReorder={onReorder} />
        </MantineProvider>,
      ),
      onReorder
    )

    it('keeps the order given (no column sorting) and names the handle and the Move buttons with the record', () => {
      showOrdered()
      expect(firstCells()).toEqual(hooks.map((h) => h.url))
      expect(screen.getByRole('columnheader', { name: 'URL' }).hasAttribute('aria-sort')).toBe(false)
      expect(screen.queryByRole('button', { name: 'URL' })).toBeNull()
      expect(screen.getByRole('button', { name: 'Reorder Mastodon' }).getAttribute('aria-roledescription')).toBe('sortable')
      const up = screen.getByRole('button', { name: 'Move GitHub up' })
      const down = screen.getByRole('button', { name: 'Move GitHub down' })
      // The eye sees an icon and a short tooltip; the record's name is for the accessible name only.
      expect(up.textContent).toBe('')
      expect(down.textContent).toBe('')
      expect(screen.getAllByRole('button', { name: /^Move .* (up|down)$/ })).toHaveLength(6)
    })

    it('has Move up unavailable on the first row and Move down on the last, and they do nothing there', () => {
      const onReorder = showOrdered()
      const disabled = (name: string) => screen.getByRole('button', { name }).getAttribute('aria-disabled')
      expect(disabled('Move Mastodon up')).toBe('true')
      expect(disabled('Move Mastodon down')).toBe('false')
      expect(disabled('Move Bluesky down')).toBe('true')
      expect(disabled('Move Bluesky up')).toBe('false')
      expect(disabled('Move GitHub up')).toBe('false')
      fireEvent.click(screen.getByRole('button', { name: 'Move Mastodon up' }))
      fireEvent.click(screen.getByRole('button', { name: 'Move Bluesky down' }))
      expect(onReorder).not.toHaveBeenCalled()
    })

    it('moves a row from the keyboard with its Move buttons: onReorder gets the new order and the words to announce', () => {
      const onReorder = showOrdered()
      fireEvent.click(screen.getByRole('button', { name: 'Move Mastodon down' }))
      expect(onReorder).toHaveBeenLastCalledWith(['b', 'a', 'c'], 'Mastodon moved to position 2 of 3.')
      expect(firstCells()).toEqual([hooks[1]!.url, hooks[0]!.url, hooks[2]!.url])
      fireEvent.click(screen.getByRole('button', { name: 'Move Mastodon down' }))
      expect(onReorder).toHaveBeenLastCalledWith(['b', 'c', 'a'], 'Mastodon moved to position 3 of 3.')
      expect(screen.getByRole('button', { name: 'Move Mastodon down' }).getAttribute('aria-disabled')).toBe('true')
      fireEvent.click(screen.getByRole('button', { name: 'Move Bluesky up' }))
      expect(onReorder).toHaveBeenLastCalledWith(['c', 'b', 'a'], 'Bluesky moved to position 1 of 3.')
      expect(onReorder).toHaveBeenCalledTimes(3)
    })
  })
})
