import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import type { Series, SeriesPoint } from './SeriesChart'

/**
 * The recharts part of SeriesChart (its own chunk). Colours are theme variables, so dark mode follows. No keyboard
 * layer: the chart is hidden from assistive technology (the table view has the numbers), so nothing in it may take focus.
 */
export default function SeriesChartImpl({ points, series, stacked }: { points: SeriesPoint[]; series: Series[]; stacked: boolean }) {
  const data = points.map((p) => ({ label: p.label, ...p.values }))
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart data={data} margin={{ top: 8, right: 8, bottom: 8, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />
        <XAxis dataKey="label" tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }} />
        <YAxis allowDecimals={false} tick={{ fill: 'var(--mantine-color-text)', fontSize: 12 }} />
        <Tooltip contentStyle={{ background: 'var(--mantine-color-body)', border: '1px solid var(--mantine-color-default-border)' }} />
        <Legend />
        {series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} {...(stacked ? { stackId: 'all' } : {})} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}
