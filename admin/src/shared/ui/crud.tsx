import { Stack, Text } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { ConfirmModal } from './ConfirmModal'
import { ProblemAlert } from './ProblemAlert'
import './ui.css'

/*
 * The pieces every list-and-dialog screen (redirects, taxonomy, social links, skills, CV, documents, templates, legal)
 * shares: the polite status line, opening a record for editing with its ETag, and asking
 * before a delete.
 */

/** What a screen is doing to which record: editing (with the ETag it was loaded with), deleting, and what it last said. */
export function useRecordActions<R>(load: (id: string) => Promise<{ data: R; etag: string | undefined }>) {
  const [editing, setEditing] = useState<{ record?: R; etag?: string } | null>(null)
  const [deleting, setDeleting] = useState<R | null>(null)
  const [notice, setNotice] = useState('')
  const [loadError, setLoadError] = useState<unknown>(null)
  /** Loads the record fresh (its ETag is the version the form edits), then opens the form. */
  const openEdit = async (id: string) => {
    setLoadError(null)
    setNotice('')
    try {
      const got = await load(id)
      setEditing({ record: got.data, etag: got.etag })
    } catch (e) {
      setLoadError(e)
    }
  }
  const openNew = () => (setNotice(''), setEditing({}))
  return { editing, setEditing, openEdit, openNew, deleting, setDeleting, notice, setNotice, loadError }
}

/** The polite live region a screen says what happened in, and the load error of a record to edit. */
export function ScreenStatus({ notice, loadError }: { notice: string; loadError: unknown }) {
  return (
    <>
      <Text role="status" aria-live="polite" size="sm" className="ui-status">
        {notice}
      </Text>
      {loadError !== null && <ProblemAlert error={loadError} />}
    </>
  )
}

/** What the delete confirmation shows of a delete mutation (TanStack Query's useMutation result fits). */
interface DeleteState {
  isPending: boolean
  isError: boolean
  error: unknown
  reset: () => void
}

interface DeleteMutation<V> extends DeleteState {
  mutate: (variables: V, options?: { onSuccess?: () => void }) => void
}

/**
 * Asking before a delete: `ask(record)` opens the confirmation, confirming runs the delete with `variablesOf(record)`,
 * and its success closes it (then `onDeleted`). Spread `dialog` onto DeleteDialog; `target` stays set while the dialog
 * closes, so its title does not blank out and Mantine can return the focus.
 */
export function useConfirmDelete<R, V>(mutation: DeleteMutation<V>, variablesOf: (record: R) => V, onDeleted?: (record: R) => void) {
  const [state, setState] = useState<{ target: R; opened: boolean } | null>(null)
  const target = state?.target ?? null
  const dialog = {
    opened: state?.opened ?? false,
    mutation,
    onClose: () => setState((s) => s && { ...s, opened: false }),
    onConfirm: () => {
      if (target === null) return
      mutation.mutate(variablesOf(target), { onSuccess: () => (setState({ target, opened: false }), onDeleted?.(target)) })
    },
  }
  return { target, ask: (record: R) => setState({ target: record, opened: true }), dialog }
}

interface DeleteDialogProps {
  opened: boolean
  title: string
  confirmLabel: string
  mutation: DeleteState
  onConfirm: () => void
  onClose: () => void
  /** Off where the text already says what cannot be undone (see ConfirmModal). */
  cannotUndoNote?: boolean
  children: ReactNode
}

/** The delete confirmation with the failure of the delete, if any, inside it. */
export function DeleteDialog({ opened, title, confirmLabel, mutation, onConfirm, onClose, cannotUndoNote, children }: DeleteDialogProps) {
  return (
    <ConfirmModal
      opened={opened}
      title={title}
      confirmLabel={confirmLabel}
      busy={mutation.isPending}
      onConfirm={onConfirm}
      onClose={() => (mutation.reset(), onClose())}
      cannotUndoNote={cannotUndoNote}
    >
      <Stack gap="xs">
        {typeof children === 'string' ? <Text size="sm">{children}</Text> : children}
        {mutation.isError && <ProblemAlert error={mutation.error} />}
      </Stack>
    </ConfirmModal>
  )
}

/** A list's loading, failure (with retry) and empty states; `children` renders when there is something to show. */
export function ListState({
  query,
  empty,
  emptyText,
  loadingText,
  children,
}: {
  query: { isError: boolean; error: unknown; data: unknown; refetch: () => unknown }
  empty: boolean
  emptyText: string
  loadingText: string
  children: ReactNode
}) {
  if (query.isError) return <ProblemAlert error={query.error} onRetry={() => void query.refetch()} />
  if (query.data === undefined) return <Text role="status">{loadingText}</Text>
  if (empty) return <Text>{emptyText}</Text>
  return <>{children}</>
}
