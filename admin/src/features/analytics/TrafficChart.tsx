import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts'
import { formatCount, formatDay, type TrendPoint } from './report'

/*
 * Views and unique visitors per day as a line chart (recharts, in its own lazily loaded chunk). Colours come from
 * the theme through CSS classes (analytics.css), never inline <style>. The chart is an image to assistive
 * technology (its label sums it up); the numbers are in the table beside it.
 */
export default function TrafficChart({ trend, lang, label, names }: { trend: readonly TrendPoint[]; lang: string; label: string; names: { views: string; visitors: string } }) {
  const data = trend.map((p) => ({ ...p }))
  return (
    <div className="analytics-chart" role="img" aria-label={label}>
      <ResponsiveContainer width="100%" height={280}>
        <LineChart data={data} margin={{ top: 8, right: 16, bottom: 8, left: 0 }} accessibilityLayer={false}>
          <CartesianGrid className="analytics-grid" strokeDasharray="3 3" />
          <XAxis dataKey="date" tickFormatter={(d: string) => formatDay(d, lang)} minTickGap={24} className="analytics-axis" />
          <YAxis allowDecimals={false} tickFormatter={(n: number) => formatCount(n, lang)} width={48} className="analytics-axis" />
          <Tooltip labelFormatter={(d) => (typeof d === 'string' ? formatDay(d, lang, true) : '')} formatter={(v) => formatCount(Number(v), lang)} wrapperClassName="analytics-tooltip" />
          <Legend itemSorter="dataKey" />
          <Line type="monotone" dataKey="total_views" name={names.views} className="series-views" stroke="currentColor" strokeWidth={2} dot={false} isAnimationActive={false} />
          <Line
            type="monotone"
            dataKey="unique_visitors"
            name={names.visitors}
            className="series-visitors"
            stroke="currentColor"
            strokeWidth={2}
            strokeDasharray="6 3"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
    </div>
  )
}
