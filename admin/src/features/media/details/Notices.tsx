import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { Fragment } from 'react'
import { useTranslation } from 'react-i18next'
import type { FormError } from '../../../shared/logic/errors'

/**
 * A 412 on a save of the file's settings or texts: their version beside the editor's change (still in the form);
 * take theirs, or save mine over it (with their tag).
 */
export function ConflictNotice({
  title,
  text,
  theirs,
  onTakeTheirs,
  onKeepMine,
  busy,
}: {
  title: string
  /** What happened; the file's own wording when left out. */
  text?: string
  theirs: Array<{ label: string; value: string }>
  onTakeTheirs: () => void
  onKeepMine: () => void
  busy?: boolean
}) {
  const { t } = useTranslation('media')
  return (
    <Alert color="yellow" role="alert" title={title}>
      <Stack gap="xs">
        <Text size="sm">{text ?? t('conflict.text')}</Text>
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

/** The problem's title, the message chosen by its code, what no field could show, and the request id under "details". */
export function ErrorNotice({ error, placed = [] }: { error: FormError; placed?: readonly string[] }) {
  const { t } = useTranslation('media')
  if (placed.some((f) => error.fieldErrors[f])) return null
  return (
    <Alert color="red" role="alert" title={error.title ?? t(error.formMessageKey)}>
      <Text size="sm">{t(error.formMessageKey, error.formMessageParams)}</Text>
      {error.unplacedErrors.map((u) => (
        <Text size="sm" key={`${u.field}:${u.message}`}>
          {u.field ? `${u.field}: ` : ''}
          {u.message}
        </Text>
      ))}
      {error.requestId && (
        <details>
          <summary>{t('details')}</summary>
          {t('requestId', { id: error.requestId })}
        </details>
      )}
    </Alert>
  )
}
