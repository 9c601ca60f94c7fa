import { ActionIcon, Alert, Button, Group, Modal, NativeSelect, Stack, Text, TextInput, Tooltip } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../api/queries'
import { formatDateTime } from '../i18n/format'
import { toFormError } from '../logic/errors'
import { HOUR, SHARE_LIFETIMES, createPreview, previewQueries, revokePreview, type PreviewType } from './api'
import './messages'
import { paneTokenIds } from './paneToken'

export interface PreviewTarget {
  siteId: string
  type: PreviewType
  recordId: string
  /** Locale code the preview shows (the editor's current language). */
  locale: string | undefined
  /** Saves what is typed first: a preview shows the saved state. */
  saveAll: () => Promise<unknown>
}

/** Preview (a fresh one-hour link in a new tab) and Share preview, beside the editor's other actions. */
export function PreviewActions(target: PreviewTarget) {
  const { t } = useTranslation('preview')
  const settings = useQuery(sharedQueries.settings(target.siteId))
  const [sharing, setSharing] = useState(false)
  const connected = Boolean(settings.data?.preview_url)

  const open = async () => {
    // Opened now, inside the click, so no pop-up blocker stops it; pointed at the draft once the token is there.
    const tab = window.open('about:blank', '_blank')
    try {
      await target.saveAll()
      const p = await createPreview(target.siteId, target.type, target.recordId, HOUR, target.locale)
      if (!p.url) throw new Error('no preview_url')
      if (tab) {
        tab.opener = null
        tab.location.href = p.url
      } else window.open(p.url, '_blank', 'noopener')
    } catch (e) {
      tab?.close()
      const fe = toFormError(e)
      notifications.show({ color: 'red', title: t('failed'), message: fe.requestId ?? '', closeButtonProps: { 'aria-label': t('share.close') } })
    }
  }

  return (
    <>
      <Tooltip label={connected ? t('previewHint') : t('noFrontendHint')}>
        <Button variant="default" onClick={() => void open()} disabled={!connected} data-disabled={!connected || undefined}>
          {t('preview')}
        </Button>
      </Tooltip>
      <Button variant="default" onClick={() => setSharing(true)}>
        {t('share.open')}
      </Button>
      {sharing && <ShareModal target={target} connected={connected} onClose={() => setSharing(false)} />}
    </>
  )
}

function ShareModal({ target, connected, onClose }: { target: PreviewTarget; connected: boolean; onClose: () => void }) {
  const { t, i18n } = useTranslation('preview')
  const qc = useQueryClient()
  const [lifetime, setLifetime] = useState<number>(HOUR)
  const [link, setLink] = useState<string>()
  const [done, setDone] = useState<'copied' | 'revoked'>()
  const live = useQuery(previewQueries.live(target.siteId, target.recordId))
  // The links someone was given: this session's live pane token (paneToken.ts) is the pane's, not a link to revoke.
  const paneIds = paneTokenIds(target.siteId, target.recordId)
  const links = live.data?.filter((p) => !paneIds.has(p.id))
  const refresh = () => qc.invalidateQueries({ queryKey: previewQueries.live(target.siteId, target.recordId).queryKey })
  const copy = async (url: string) => {
    await navigator.clipboard?.writeText(url).catch(() => undefined)
    setDone('copied')
  }
  const create = useMutation({
    mutationFn: async () => {
      await target.saveAll()
      return createPreview(target.siteId, target.type, target.recordId, lifetime, target.locale)
    },
    onSuccess: async (p) => {
      setLink(p.url ?? undefined)
      if (p.url) await copy(p.url)
      await refresh()
    },
  })
  const revoke = useMutation({
    mutationFn: revokePreview,
    onSuccess: async () => {
      setDone('revoked')
      await refresh()
    },
  })
  const when = (iso: string) => formatDateTime(iso, i18n.language)
  const error = create.error ?? revoke.error
  return (
    <Modal opened onClose={onClose} title={t('share.title')} closeButtonProps={{ 'aria-label': t('share.close') }}>
      <Stack gap="sm">
        <Text size="sm">{t('share.intro')}</Text>
        {!connected && (
          <Alert color="yellow" role="status">
            {t('share.noFrontend')}
          </Alert>
        )}
        <Group align="flex-end">
          <NativeSelect
            label={t('share.lifetime')}
            value={String(lifetime)}
            onChange={(e) => setLifetime(Number(e.currentTarget.value))}
            data={SHARE_LIFETIMES.map((s) => ({ value: String(s), label: t(`share.lifetimes.${s}`) }))}
          />
          <Button onClick={() => create.mutate()} loading={create.isPending} disabled={!connected}>
            {t('share.create')}
          </Button>
        </Group>
        {link && (
          <Group align="flex-end" wrap="nowrap">
            <TextInput label={t('share.link')} value={link} readOnly style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
            <Button variant="default" onClick={() => void copy(link)}>
              {t('share.copy')}
            </Button>
          </Group>
        )}
        <Text size="sm" role="status">
          {done ? t(`share.${done}`) : ''}
        </Text>
        {error !== null && (
          <Alert color="red" role="alert">
            {t('failed')} {toFormError(error).requestId ?? ''}
          </Alert>
        )}
        <Text fw={600} size="sm" component="h3">
          {t('share.live')}
        </Text>
        {links?.length === 0 && <Text size="sm">{t('share.none')}</Text>}
        <ul className="preview-links" aria-label={t('share.live')}>
          {links?.map((p) => (
            <li key={p.id}>
              <Text size="sm">{t('share.expires', { when: when(p.expires_at) })}</Text>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('share.revoke', { when: when(p.expires_at) })}
                title={t('share.revoke', { when: when(p.expires_at) })}
                onClick={() => revoke.mutate(p.id)}
                loading={revoke.isPending && revoke.variables === p.id}
              >
                <span aria-hidden="true">×</span>
              </ActionIcon>
            </li>
          ))}
        </ul>
      </Stack>
    </Modal>
  )
}
