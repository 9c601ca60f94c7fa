import { MantineProvider } from '@mantine/core'
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { initI18n } from '../i18n/i18n'
import type { Series, SeriesPoint } from './SeriesChart'

// The drawing itself (recharts) is the browser specs' to check; here it is a stand-in that reports a pointed day.
vi.mock('./SeriesBars', () => ({ default: ({ onActive }: { onActive: (i: number | null) => void }) => <button onClick={() => onActive(1)}>point</button> }))
vi.mock('./SeriesLines', () => ({ default: ({ onActive }: { onActive: (i: number | null) => void }) => <button onClick={() => onActive(0)}>point</button> }))

const points: SeriesPoint[] = [
  { label: '1 Nov', fullLabel: '1 Nov 2026', date: '2026-11-01', values: { views: 1200, visitors: 3 } },
  { label: '2 Nov', fullLabel: '2 Nov 2026', date: '2026-11-02', values: { views: 5 } },
]
const series: Series[] = [
  { key: 'views', label: 'Views', color: 'var(--mantine-color-blue-7)' },
  { key: 'visitors', label: 'Visitors', color: 'var(--mantine-color-orange-8)', dashed: true },
]
const show = (ui: React.ReactNode) => render(<MantineProvider>{ui}</MantineProvider>)

// Imported once i18next is ready: the shared strings register themselves when the module loads (as in the app).
let SeriesChart: (typeof import('./SeriesChart'))['SeriesChart']
beforeAll(async () => {
  await initI18n()
  ;({ SeriesChart } = await import('./SeriesChart'))
})
afterEach(cleanup)

describe('SeriesChart', () => {
  it('swaps the chart for its table with the caption’s toggle', async () => {
    show(<SeriesChart title="Requests per day" points={points} series={series} />)
    expect(screen.queryByRole('table')).toBeNull()
    fireEvent.click(screen.getByRole('button', { name: 'Show as table' }))
    const table = screen.getByRole('table', { name: 'Requests per day' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual(['DayViewsVisitors', '1 Nov 202612003', '2 Nov 202650'])
    fireEvent.click(screen.getByRole('button', { name: 'Show as chart' }))
    // The drawing is back (hidden from assistive technology: the toggle serves them).
    expect((await screen.findByText('point')).closest('[aria-hidden="true"]')).not.toBeNull()
  })

  it('names the drawing by its summary and keeps the table below it, numbers formatted', async () => {
    const format = (n: number) => new Intl.NumberFormat('en').format(n)
    show(
      <SeriesChart
        kind="line"
        title="Views per day"
        summary="Views from 1 to 2 Nov"
        disclosure="Show the numbers per day as a table"
        points={points}
        series={series}
        formatValue={format}
      />,
    )
    const image = screen.getByRole('img', { name: 'Views from 1 to 2 Nov' })
    expect(screen.getByText('Show the numbers per day as a table').tagName).toBe('SUMMARY')
    const rows = within(screen.getByRole('table', { name: 'Views per day', hidden: true })).getAllByRole('row', { hidden: true })
    expect(rows[1]?.querySelector('time')?.getAttribute('dateTime')).toBe('2026-11-01')
    expect(rows.map((r) => r.textContent)).toEqual(['DayViewsVisitors', '1 Nov 20261,2003', '2 Nov 202650'])
    // The numbers of the pointed day, under the legend.
    fireEvent.click(await within(image).findByText('point'))
    await act(() => Promise.resolve())
    expect(image.querySelector('.ops-chart-readout')?.textContent).toBe('1 Nov 2026: Views 1,200 · Visitors 3')
  })
})
