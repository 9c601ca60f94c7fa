import { Skeleton, Table, Text } from '@mantine/core'
import { lazy, Suspense, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './opsMessages'
import './ops.css'

/** One bar per point, stacked by series (requests by status class, views and visitors, …). */
export interface SeriesPoint {
  /** The x value as shown (a formatted date). */
  label: string
  values: Record<string, number>
}
export interface Series {
  key: string
  label: string
  /** A theme colour variable, e.g. var(--mantine-color-green-6). */
  color: string
}

// recharts loads in its own chunk, only when a chart is shown.
const SeriesChartImpl = lazy(() => import('./SeriesChartImpl'))

/**
 * A bar chart with its accessible table alternative: the same numbers as a table, one toggle button away (the
 * figure's caption). The drawing itself is hidden from assistive technology, which the toggle serves instead.
 */
export function SeriesChart({ title, points, series, stacked = true }: { title: string; points: SeriesPoint[]; series: Series[]; stacked?: boolean }) {
  const { t } = useTranslation('ops')
  const [asTable, setAsTable] = useState(false)
  const id = useId()
  return (
    <figure className="ops-figure" aria-labelledby={id}>
      <figcaption id={id} className="ops-figure-caption">
        <Text fw={600}>{title}</Text>
        <button type="button" className="ops-link-button" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
          {asTable ? t('chart.showChart') : t('chart.showTable')}
        </button>
      </figcaption>
      {asTable ? (
        <div className="ops-table-wrap">
          <Table striped aria-label={title}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('chart.when')}</Table.Th>
                {series.map((s) => (
                  <Table.Th scope="col" key={s.key}>
                    {s.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {points.map((p) => (
                <Table.Tr key={p.label}>
                  <Table.Th scope="row">{p.label}</Table.Th>
                  {series.map((s) => (
                    <Table.Td key={s.key}>{p.values[s.key] ?? 0}</Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </div>
      ) : (
        <div className="ops-chart" aria-hidden="true">
          <Suspense fallback={<Skeleton height={260} />}>
            <SeriesChartImpl points={points} series={series} stacked={stacked} />
          </Suspense>
        </div>
      )}
    </figure>
  )
}
