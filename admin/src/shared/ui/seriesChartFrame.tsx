import { CartesianGrid, XAxis, YAxis, type MouseHandlerDataParam } from 'recharts'
import type { Series, SeriesPoint } from './SeriesChart'

/*
 * What SeriesChart's two drawings (SeriesBars, SeriesLines: each its own lazily loaded chunk, recharts' core shared
 * between them) have in common. Colours are theme variables, so dark mode follows. Only the recharts pieces drawn
 * are imported: its ESM build tree-shakes per module, and its Tooltip and Legend would add about a tenth to the
 * chunk, so SeriesChart shows the legend and the numbers under the pointer itself.
 */
export interface DrawingProps {
  points: readonly SeriesPoint[]
  series: readonly Series[]
  stacked: boolean
  formatValue: (n: number) => string
  /** The index of the point under the pointer, null when it leaves the chart. */
  onActive: (index: number | null) => void
}

const tick = { fill: 'var(--mantine-color-text)', fontSize: 12 }

/**
 * The chart's own props: its data, and no keyboard layer (the drawing is an image or hidden from assistive
 * technology, which the table serves: nothing in it may take focus).
 */
export function chartProps({ points, onActive }: DrawingProps) {
  return {
    data: points.map((p) => ({ ...p.values, label: p.label })),
    margin: { top: 8, right: 16, bottom: 8, left: 0 },
    accessibilityLayer: false,
    onMouseMove: (s: MouseHandlerDataParam) =>
      onActive(s.activeTooltipIndex === undefined || s.activeTooltipIndex === null ? null : Number(s.activeTooltipIndex)),
    onMouseLeave: () => onActive(null),
  }
}

/** Grid and axes (direct children of the chart). */
export function frame(formatValue: (n: number) => string) {
  return [
    <CartesianGrid key="grid" strokeDasharray="3 3" stroke="var(--mantine-color-default-border)" />,
    <XAxis key="x" dataKey="label" tick={tick} minTickGap={24} />,
    <YAxis key="y" allowDecimals={false} tick={tick} width={48} tickFormatter={(v: number) => formatValue(v)} />,
  ]
}
