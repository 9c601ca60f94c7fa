import { Progress } from '@mantine/core'

/** A progress bar with a name: a share of the whole, or (value null) busy without a known end. */
export function TransferProgress({ label, value }: { label: string; value: number | null }) {
  if (value === null)
    return (
      <Progress.Root size="lg" role="progressbar" aria-label={label} aria-busy="true">
        <Progress.Section value={100} animated striped withAria={false} />
      </Progress.Root>
    )
  return (
    <Progress.Root size="lg">
      <Progress.Section value={value} aria-label={label} />
    </Progress.Root>
  )
}
