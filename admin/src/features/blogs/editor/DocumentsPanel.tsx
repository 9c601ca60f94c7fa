import { Anchor, Button, CloseButton, Group, Loader, NativeSelect, Stack, Text, TextInput } from '@mantine/core'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { nextOrder } from './categoryTree'
import './metaMessages'
import { attachDocument, detachDocument, metaQueries, type SiteDocument } from './metaApi'
import './post-meta.css'
import { MetaError } from './TaxonomyPanel'

/** A document's name: its file name, else its URL. */
export const documentName = (d: Pick<SiteDocument, 'file_name' | 'url' | 'id'>): string => d.file_name ?? d.url ?? d.id

/**
 * The site's documents attached to the post, in display order: attach one (at the end), change an order (posting it
 * again moves it), detach. Each is one request on /blogs/{blog_id}/documents; the list shows the server's answer.
 */
export function DocumentsPanel({ siteId, blogId, disabled }: { siteId: string; blogId: string; disabled: boolean }) {
  const { t } = useTranslation('blogMeta', { keyPrefix: 'documents' })
  const queryClient = useQueryClient()
  const attached = useQuery(metaQueries.postDocuments(siteId, blogId))
  const site = useQuery(metaQueries.documents(siteId))
  const [chosen, setChosen] = useState('')
  const change = useMutation({
    mutationFn: (fn: () => Promise<unknown>) => fn(),
    onSettled: () => queryClient.invalidateQueries({ queryKey: metaQueries.postDocuments(siteId, blogId).queryKey }),
  })
  const busy = disabled || change.isPending
  const attachedIds = new Set((attached.data ?? []).map((d) => d.document_id))
  const choices = (site.data ?? []).filter((d) => !attachedIds.has(d.id))
  const pick = choices.some((d) => d.id === chosen) ? chosen : (choices[0]?.id ?? '')

  return (
    <fieldset className="editor-fieldset" aria-busy={change.isPending}>
      <legend>{t('legend')}</legend>
      {!attached.data ? (
        <Loader role="progressbar" size="sm" aria-label={t('legend')} />
      ) : (
        <Stack gap="xs">
          {attached.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('none')}
            </Text>
          ) : (
            <ul className="post-meta-list" aria-label={t('list')}>
              {attached.data.map((d) => {
                const name = documentName(d)
                return (
                  <li key={d.document_id}>
                    <Group gap="xs" wrap="nowrap">
                      <OrderInput
                        label={t('order', { name })}
                        value={d.display_order}
                        disabled={busy}
                        onCommit={(n) => change.mutate(() => attachDocument(blogId, d.document_id, n))}
                      />
                      <Anchor
                        href={d.download_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        size="sm"
                        className="post-meta-grow"
                        aria-label={t('open', { name })}
                      >
                        {name}
                      </Anchor>
                      <CloseButton
                        aria-label={t('detach', { name })}
                        disabled={busy}
                        onClick={() => change.mutate(() => detachDocument(blogId, d.document_id))}
                      />
                    </Group>
                  </li>
                )
              })}
            </ul>
          )}
          {site.data && choices.length === 0 && site.data.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('noSiteDocuments')}
            </Text>
          ) : choices.length > 0 ? (
            <Group gap="xs" align="flex-end" wrap="nowrap">
              <NativeSelect
                className="post-meta-grow"
                label={t('choose')}
                value={pick}
                disabled={busy}
                data={choices.map((d) => ({ value: d.id, label: documentName(d) }))}
                onChange={(e) => setChosen(e.currentTarget.value)}
              />
              <Button
                variant="default"
                disabled={busy || pick === ''}
                onClick={() => change.mutate(() => attachDocument(blogId, pick, nextOrder((attached.data ?? []).map((d) => d.display_order))))}
              >
                {t('attach')}
              </Button>
            </Group>
          ) : null}
        </Stack>
      )}
      {change.error && <MetaError error={change.error} onClose={() => change.reset()} />}
    </fieldset>
  )
}

/** A display order, committed on blur or Enter when it changed. */
function OrderInput({ label, value, disabled, onCommit }: { label: string; value: number; disabled: boolean; onCommit: (n: number) => void }) {
  const [text, setText] = useState(String(value))
  const [shown, setShown] = useState(value)
  if (shown !== value) {
    setShown(value)
    setText(String(value))
  }
  const commit = () => {
    const n = Number(text)
    if (Number.isInteger(n) && n !== value) onCommit(n)
    else setText(String(value))
  }
  return (
    <TextInput
      className="post-meta-order"
      type="number"
      size="xs"
      aria-label={label}
      value={text}
      disabled={disabled}
      onChange={(e) => setText(e.currentTarget.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  )
}
