import { memo } from 'react'
import { Bar, BarChart, ResponsiveContainer } from 'recharts'
import { chartProps, frame, type DrawingProps } from './seriesChartFrame'

/** SeriesChart's bars (its own chunk): stacked by series unless told otherwise. */
function SeriesBars(props: DrawingProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <BarChart {...chartProps(props)}>
        {frame(props.formatValue)}
        {props.series.map((s) => (
          <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} isAnimationActive={false} {...(props.stacked ? { stackId: 'all' } : {})} />
        ))}
      </BarChart>
    </ResponsiveContainer>
  )
}

// Not redrawn while the pointer moves (SeriesChart's readout changes, the chart does not).
export default memo(SeriesBars)
