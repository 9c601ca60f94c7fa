import { Button, Group, Modal, Text } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import './metaMessages'

/** The event useSignOut sends before signing out; cancelling it (preventDefault) holds the sign-out until `proceed`. */
export const SIGN_OUT_REQUEST = 'atrium:sign-out-request'
export type SignOutRequest = CustomEvent<{ proceed: () => void }>

/**
 * Sign-out while the editor holds unsaved changes asks first: stay, save then sign out, or sign out (the changes stay
 * in this browser's drafts and are offered back after the next sign-in).
 */
export function SignOutGuard({ dirty, onSave }: { dirty: boolean; onSave: () => Promise<unknown> }) {
  const { t } = useTranslation('blogMeta', { keyPrefix: 'signOut' })
  const [proceed, setProceed] = useState<(() => void) | undefined>(undefined)
  const [saving, setSaving] = useState(false)
  const dirtyRef = useRef(dirty)
  useEffect(() => {
    dirtyRef.current = dirty
  })
  useEffect(() => {
    const ask = (e: Event) => {
      if (!dirtyRef.current) return
      e.preventDefault()
      const go = (e as SignOutRequest).detail.proceed
      setProceed(() => go)
    }
    window.addEventListener(SIGN_OUT_REQUEST, ask)
    return () => window.removeEventListener(SIGN_OUT_REQUEST, ask)
  }, [])
  const signOut = () => {
    const go = proceed
    setProceed(undefined)
    go?.()
  }
  return (
    <Modal opened={proceed !== undefined} onClose={() => setProceed(undefined)} closeButtonProps={{ 'aria-label': t('blogMeta:close') }} title={t('title')}>
      <Text mb="md">{t('text')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={() => setProceed(undefined)}>
          {t('stay')}
        </Button>
        <Button
          variant="default"
          loading={saving}
          onClick={() => {
            setSaving(true)
            void onSave().finally(() => {
              setSaving(false)
              signOut()
            })
          }}
        >
          {t('saveAndSignOut')}
        </Button>
        <Button color="red" onClick={signOut}>
          {t('signOut')}
        </Button>
      </Group>
    </Modal>
  )
}
