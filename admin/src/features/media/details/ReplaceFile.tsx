import { Alert, Button, Group, Stack, Text } from '@mantine/core'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '../../../shared/i18n/format'
import { toFormError, type FormError } from '../../../shared/logic/errors'
import { mediaKeys, mediaTag, putInCache, type MediaDetail } from '../api'
import { replaceMediaFile } from '../upload/uploadRequest'

type State =
  | { kind: 'idle' }
  | { kind: 'sending'; name: string; size: number; loaded: number }
  | { kind: 'done'; name: string }
  | { kind: 'failed'; name: string; error: FormError }

/**
 * "Replace file": a new file for this record (PUT /media/{id}/file) with progress and cancel. The record keeps its
 * id, folder, texts and every use, so posts and pages show the new file at once. Sent with If-Match: a change made
 * elsewhere meanwhile is refused (the details reload, nothing is replaced). The server checks type and size as for an
 * upload; an image is replaced by an image only.
 */
export function ReplaceFile({ siteId, media }: { siteId: string; media: MediaDetail }) {
  const { t, i18n } = useTranslation('media')
  const qc = useQueryClient()
  const input = useRef<HTMLInputElement>(null)
  const abort = useRef<AbortController | undefined>(undefined)
  const [state, setState] = useState<State>({ kind: 'idle' })
  useEffect(() => () => abort.current?.abort(), [])

  const send = async (file: File) => {
    const ctl = new AbortController()
    abort.current = ctl
    setState({ kind: 'sending', name: file.name, size: file.size, loaded: 0 })
    try {
      const m = await replaceMediaFile({
        mediaId: media.id,
        file,
        fileName: file.name,
        ifMatch: await mediaTag(media),
        signal: ctl.signal,
        onProgress: (loaded) => setState((s) => (s.kind === 'sending' ? { ...s, loaded } : s)),
      })
      putInCache(qc, siteId, m)
      void qc.invalidateQueries({ queryKey: mediaKeys.detail(siteId, media.id) })
      setState({ kind: 'done', name: file.name })
    } catch (e) {
      if (e instanceof DOMException && e.name === 'AbortError') return setState({ kind: 'idle' })
      const error = toFormError(e)
      // Changed elsewhere: show the record as it is now; the editor chooses the file again if still wanted.
      if (error.code === 'EDIT_CONFLICT') void qc.invalidateQueries({ queryKey: mediaKeys.detail(siteId, media.id) })
      setState({ kind: 'failed', name: file.name, error })
    } finally {
      abort.current = undefined
    }
  }

  /** What went wrong, by the problem's code (never its English detail). */
  const messageOf = (error: FormError): string => {
    switch (error.code) {
      case 'EDIT_CONFLICT':
        return t('replace.conflict')
      case 'UNSUPPORTED_MEDIA_TYPE':
        return t(media.mime_category === 'image' ? 'replace.wrongTypeImage' : 'replace.wrongType')
      case 'PAYLOAD_TOO_LARGE':
        return t('upload.tooLargeServer')
      case 'CONFLICT':
        return t('replace.twin')
      default:
        return t(error.formMessageKey, error.formMessageParams)
    }
  }

  const percent = state.kind === 'sending' && state.size > 0 ? Math.min(100, Math.round((state.loaded / state.size) * 100)) : 0
  return (
    <section className="media-replace" aria-labelledby="media-replace-heading">
      <Text component="h4" id="media-replace-heading" className="media-subheading">
        {t('replace.title')}
      </Text>
      <Stack gap="xs">
        <Text size="xs" c="dimmed">
          {t(media.mime_category === 'image' ? 'replace.hintImage' : 'replace.hint')}
        </Text>
        <Group gap="xs">
          <Button size="compact-sm" variant="default" onClick={() => input.current?.click()} disabled={state.kind === 'sending'}>
            {t('replace.button')}
          </Button>
          {state.kind === 'sending' && (
            <Button size="compact-sm" variant="subtle" onClick={() => abort.current?.abort()}>
              {t('replace.cancel')}
            </Button>
          )}
        </Group>
        <input
          ref={input}
          type="file"
          hidden
          tabIndex={-1}
          aria-hidden="true"
          accept={media.mime_category === 'image' ? 'image/*' : undefined}
          onChange={(e) => {
            const file = e.currentTarget.files?.[0]
            e.currentTarget.value = ''
            if (file) void send(file)
          }}
        />
        {state.kind === 'sending' && (
          <>
            <progress max={100} value={percent} aria-label={t('replace.progress', { name: state.name })} className="media-progress" />
            <Text size="xs">{t('replace.sending', { name: state.name, size: formatBytes(state.size, i18n.language), percent })}</Text>
          </>
        )}
        <Text size="sm" role="status">
          {state.kind === 'done' ? t('replace.done', { name: state.name }) : ''}
        </Text>
        {state.kind === 'failed' && (
          <Alert color="red" role="alert" title={t('replace.failed', { name: state.name })}>
            <Text size="sm">{messageOf(state.error)}</Text>
            {state.error.requestId && (
              <details>
                <summary>{t('details')}</summary>
                {t('requestId', { id: state.error.requestId })}
              </details>
            )}
          </Alert>
        )}
      </Stack>
    </section>
  )
}
