import { Skeleton, Table, Text } from '@mantine/core'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './opsMessages'
import './ops.css'

/** One x value of a chart (a day): a value per series (requests by status class, views and visitors, …). */
export interface SeriesPoint {
  /** The x value as the axis shows it (a short date). */
  label: string
  /** The x value in full, for the readout under the chart and the table (the label when absent). */
  fullLabel?: string
  /** The calendar day (YYYY-MM-DD) the point stands for: the table marks it up as a <time>. */
  date?: string
  values: Record<string, number>
}
export interface Series {
  key: string
  label: string
  /** A theme colour variable, e.g. var(--mantine-color-green-6). */
  color: string
  /** A dashed line (line charts), so two series differ by more than their colour. */
  dashed?: boolean
}

export interface ChartProps {
  /** Names the table, and in the toggle form the figure (shown as its caption). */
  title: string
  points: readonly SeriesPoint[]
  series: readonly Series[]
  /** Bars (stacked unless `stacked` is false) or one line per series. */
  kind?: 'bar' | 'line'
  stacked?: boolean
  /** The drawing summed up in words: it becomes an image with this name. Without it the drawing is hidden from assistive technology, which the table serves instead. */
  summary?: string
  formatValue?: (n: number) => string
  /** The table below the chart behind a disclosure with this text, instead of swapped for the chart by a toggle in the caption. */
  disclosure?: string
}

// recharts loads only when a chart is shown: bars and lines in a chunk each, recharts' core in one they share.
const Bars = lazy(() => import('./SeriesBars'))
const Lines = lazy(() => import('./SeriesLines'))

/**
 * A bar or line chart with its accessible table alternative, the same numbers as a table: either one toggle button
 * away (the figure's caption) or in a disclosure below the chart (`disclosure`, where a heading beside it names it).
 */
export function SeriesChart(props: ChartProps) {
  return props.disclosure === undefined ? <ToggledChart {...props} /> : <DisclosedChart {...props} disclosure={props.disclosure} />
}

function ToggledChart(props: ChartProps) {
  const { t } = useTranslation('ops')
  const [asTable, setAsTable] = useState(false)
  const id = useId()
  return (
    <figure className="ops-figure" aria-labelledby={id}>
      <figcaption id={id} className="ops-figure-caption">
        <Text fw={600}>{props.title}</Text>
        <button type="button" className="ops-link-button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </figcaption>
      {asTable ? <SeriesTable {...props} /> : <Drawing {...props} />}
    </figure>
  )
}

function DisclosedChart(props: ChartProps & { disclosure: string }) {
  return (
    <>
      <Drawing {...props} />
      <details>
        <summary>{props.disclosure}</summary>
        <SeriesTable {...props} />
      </details>
    </>
  )
}

function Drawing({ summary, points, series, kind = 'bar', stacked = true, formatValue = String }: ChartProps) {
  const [active, setActive] = useState<number | null>(null)
  const Chart = kind === 'line' ? Lines : Bars
  const point = active === null ? undefined : points[active]
  return (
    <div className="ops-chart-box" {...(summary ? { role: 'img', 'aria-label': summary } : { 'aria-hidden': true })}>
      <div className="ops-chart">
        <Suspense fallback={<Skeleton height="100%" />}>
          <Chart points={points} series={series} stacked={stacked} formatValue={formatValue} onActive={setActive} />
        </Suspense>
      </div>
      <ul className="ops-chart-legend">
        {series.map((s) => (
          <li key={s.key}>
            <svg width="18" height="10" aria-hidden="true" focusable="false">
              {kind === 'line' ? (
                <line x1="0" y1="5" x2="18" y2="5" stroke={s.color} strokeWidth="2" {...(s.dashed ? { strokeDasharray: '6 3' } : {})} />
              ) : (
                <rect width="18" height="10" fill={s.color} />
              )}
            </svg>
            {s.label}
          </li>
        ))}
      </ul>
      {/* The numbers of the point under the pointer (a tooltip would be recharts' largest optional piece). */}
      <p className="ops-chart-readout">
        {point && `${point.fullLabel ?? point.label}: ${series.map((s) => `${s.label} ${formatValue(point.values[s.key] ?? 0)}`).join(' · ')}`}
      </p>
    </div>
  )
}

/** The chart's numbers, a row per point; scrolls on its own (and takes focus to do so by keyboard) when long. */
function SeriesTable({ title, points, series, formatValue = String }: ChartProps) {
  const { t } = useTranslation('ops')
  const id = useId()
  return (
    <div className="ops-table-wrap ops-chart-table" role="region" aria-labelledby={id} tabIndex={0}>
      <Table striped>
        <caption id={id} className="visually-hidden">
          {title}
        </caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{t('chart.when')}</Table.Th>
            {series.map((s) => (
              <Table.Th scope="col" key={s.key} className="ops-num">
                {s.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {points.map((p) => (
            <Table.Tr key={p.date ?? p.label}>
              <Table.Th scope="row" fw={400}>
                {p.date ? <time dateTime={p.date}>{p.fullLabel ?? p.label}</time> : (p.fullLabel ?? p.label)}
              </Table.Th>
              {series.map((s) => (
                <Table.Td key={s.key} className="ops-num">
                  {formatValue(p.values[s.key] ?? 0)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </div>
  )
}
