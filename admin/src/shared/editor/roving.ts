/**
 * The ARIA toolbar pattern's keyboard (one Tab stop, arrows move): which button takes the focus after `key`, from the
 * button at `current` of `count`, or null when the key is not the toolbar's. Left and Right follow the reading
 * direction (swapped right-to-left) and wrap around; Home and End go to the first and the last.
 */
export function rovingIndex(current: number, key: string, count: number, rtl = false): number | null {
  if (count <= 0) return null
  const forward = rtl ? 'ArrowLeft' : 'ArrowRight'
  const backward = rtl ? 'ArrowRight' : 'ArrowLeft'
  switch (key) {
    case forward:
      return (current + 1) % count
    case backward:
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default:
      return null
  }
}
