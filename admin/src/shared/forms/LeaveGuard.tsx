import { Button, getDefaultZIndex, Group, Modal, Text } from '@mantine/core'
import { useBlocker } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './messages'
import { unsaved } from './unsaved'
import { DISCARD_REQUEST } from './useUnsavedEdits'

/** The event useSignOut sends before signing out; cancelling it (preventDefault) holds the sign-out until `proceed`. */
const SIGN_OUT_REQUEST = 'atrium:sign-out-request'

/**
 * The shell's one guard over every form that registered unsaved edits (useUnsavedEdits): a route change (a link, the
 * site switcher, back) asks to stay or leave, a reload or closing the tab gets the browser's own prompt, and signing
 * out asks too. The editors keep their own guard, which also keeps drafts. A form that leaves on purpose after its save
 * (a create that opens the new record) navigates with `ignoreBlocker`.
 */
export function LeaveGuard() {
  const { t } = useTranslation('leaveGuard')
  const blocker = useBlocker({
    // Only a change of screen: filters, paging and a chosen menu live in the search and keep the forms mounted.
    shouldBlockFn: ({ current, next }) => unsaved.any() && current.pathname !== next.pathname,
    enableBeforeUnload: () => unsaved.any(),
    withResolver: true,
  })
  const [signOut, setSignOut] = useState<(() => void) | undefined>(undefined)
  const [discard, setDiscard] = useState<(() => void) | undefined>(undefined)
  useEffect(() => {
    const ask = (e: Event) => {
      e.preventDefault()
      const go = (e as CustomEvent<{ proceed: () => void }>).detail.proceed
      setDiscard(() => go)
    }
    window.addEventListener(DISCARD_REQUEST, ask)
    return () => window.removeEventListener(DISCARD_REQUEST, ask)
  }, [])
  useEffect(() => {
    const ask = (e: Event) => {
      if (!unsaved.any()) return
      e.preventDefault()
      const go = (e as CustomEvent<{ proceed: () => void }>).detail.proceed
      setSignOut(() => go)
    }
    window.addEventListener(SIGN_OUT_REQUEST, ask)
    return () => window.removeEventListener(SIGN_OUT_REQUEST, ask)
  }, [])
  const opened = blocker.status === 'blocked' || signOut !== undefined
  const stay = () => (blocker.status === 'blocked' ? blocker.reset() : setSignOut(undefined))
  const leave = () => {
    if (blocker.status === 'blocked') return blocker.proceed()
    const go = signOut
    setSignOut(undefined)
    go?.()
  }
  const dropTyped = () => {
    const go = discard
    setDiscard(undefined)
    go?.()
  }
  return (
    <>
      {/* A form's dialog closed with typed text (Cancel, Escape, its close button): keep editing, or drop it on purpose. */}
      <Modal
        opened={discard !== undefined}
        onClose={() => setDiscard(undefined)}
        closeButtonProps={{ 'aria-label': t('close') }}
        title={t('discardTitle')}
        zIndex={getDefaultZIndex('overlay')}
      >
        <Text mb="md">{t('discardText')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setDiscard(undefined)} data-autofocus>
            {t('keepEditing')}
          </Button>
          <Button color="red" onClick={dropTyped}>
            {t('discard')}
          </Button>
        </Group>
      </Modal>
      {/* Above the dialog a form may be in (a modal's own z-index): the question is asked over it. */}
      <Modal opened={opened} onClose={stay} closeButtonProps={{ 'aria-label': t('close') }} title={t('title')} zIndex={getDefaultZIndex('overlay')}>
        <Text mb="md">{t('text')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={stay} data-autofocus>
            {t('stay')}
          </Button>
          <Button color="red" onClick={leave}>
            {signOut !== undefined ? t('signOut') : t('leave')}
          </Button>
        </Group>
      </Modal>
    </>
  )
}
