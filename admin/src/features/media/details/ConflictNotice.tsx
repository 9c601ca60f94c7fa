import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'

/**
 * A 412 on a save of the file's settings: their version beside the editor's change (still in the form); take theirs,
 * or save mine over it (with their tag).
 */
export function ConflictNotice({
  title,
  theirs,
  onTakeTheirs,
  onKeepMine,
  busy,
}: {
  title: string
  theirs: Array<{ label: string; value: string }>
  onTakeTheirs: () => void
  onKeepMine: () => void
  busy: boolean
}) {
  const { t } = useTranslation('media')
  return (
    <Alert color="yellow" role="alert" title={title}>
      <Stack gap="xs">
        <Text size="sm">{t('conflict.text')}</Text>
        <dl className="media-facts">
          {theirs.map((x) => (
            <Fragment key={x.label}>
              <dt>{x.label}</dt>
              <dd>{x.value}</dd>
            </Fragment>
          ))}
        </dl>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={onTakeTheirs}>
            {t('meta.takeTheirs')}
          </Button>
          <Button size="compact-sm" onClick={onKeepMine} loading={busy}>
            {t('meta.keepMine')}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
