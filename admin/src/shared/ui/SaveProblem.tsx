import { Button, Group } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../logic/errors'
import { ProblemAlert } from './ProblemAlert'
import './problemMessages'

/**
 * The save state of a record form: the ETag sent as If-Match, the last error, and what a 412 EDIT_CONFLICT offers
 * (load their version into the form, or save mine over it with the ETag of theirs). The form keeps its typed values
 * whatever fails; `reload` fetches the record with its ETag, `reset` puts it into the form.
 */
export function useSaveState<R>(
  initialEtag: string | undefined,
  reload: (() => Promise<{ data: R; etag: string | undefined }>) | undefined,
  reset: (r: R) => void,
) {
  const [etag, setEtag] = useState(initialEtag)
  const [error, setError] = useState<unknown>(null)
  const conflict = error !== null && toFormError(error).code === 'EDIT_CONFLICT'
  const takeTheirs = async () => {
    if (!reload) return
    try {
      const fresh = await reload()
      setEtag(fresh.etag)
      reset(fresh.data)
      setError(null)
    } catch (e) {
      setError(e)
    }
  }
  const keepMine = () => {
    if (typeof error === 'object' && error !== null && 'etag' in error) setEtag((error as { etag?: string }).etag)
    setError(null)
  }
  return { etag, error, setError, conflict, takeTheirs, keepMine }
}

/** The error of a save (ProblemAlert), with the two conflict choices on a 412. */
export function SaveProblem({ state, placed }: { state: ReturnType<typeof useSaveState<unknown>>; placed: readonly string[] }) {
  const { t } = useTranslation('problems')
  if (state.error === null) return null
  return (
    <ProblemAlert error={state.error} placed={placed}>
      {state.conflict && (
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => void state.takeTheirs()}>
            {t('conflictTake')}
          </Button>
          <Button size="xs" variant="default" onClick={state.keepMine}>
            {t('conflictKeep')}
          </Button>
        </Group>
      )}
    </ProblemAlert>
  )
}
