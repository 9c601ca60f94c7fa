import { memo } from 'react'
import { Line, LineChart, ResponsiveContainer } from 'recharts'
import { chartProps, frame, type DrawingProps } from './seriesChartFrame'

/** SeriesChart's lines (its own chunk): one per series, dashed where the series says so. */
function SeriesLines(props: DrawingProps) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      <LineChart {...chartProps(props)}>
        {frame(props.formatValue)}
        {props.series.map((s) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key}
            name={s.label}
            stroke={s.color}
            strokeWidth={2}
            dot={false}
            isAnimationActive={false}
            {...(s.dashed ? { strokeDasharray: '6 3' } : {})}
          />
        ))}
      </LineChart>
    </ResponsiveContainer>
  )
}

// Not redrawn while the pointer moves (SeriesChart's readout changes, the chart does not).
export default memo(SeriesLines)
