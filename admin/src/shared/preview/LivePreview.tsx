import { Alert, Button, Loader, Stack, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { sharedQueries } from '../api/queries'
import { ForDevelopers } from '../ui/ForDevelopers'
import { AnchorLink } from '../ui/links'
import { HOUR, createPreview, readPreview, type PreviewRead, type PreviewType } from './api'
import './messages'
import { paneToken, RENEW_MS, timeLeft } from './paneToken'
import './preview.css'

const MarkdownPreview = lazy(() => import('../editor/MarkdownPreview'))

/** Wide enough for the editor and the pane side by side; narrower, the pane is a toggle. */
const SIDE_BY_SIDE = '(min-width: 1280px)'

export interface LivePreviewProps {
  siteId: string
  type: PreviewType
  recordId: string
  /** The editor's language: the pane shows it. */
  localeId: string
  localeCode: string | undefined
  /** The record's name (the frame's accessible name). */
  name: string
  /** When the editor last saved anything: the pane reloads then. */
  savedAt: number | undefined
  children: ReactNode
}

/**
 * The editor with the live preview beside it (decisions.md "Preview"): the site's preview_url in a frame, or, without
 * one, the saved record rendered here. It reloads after each save; the frame never takes the focus from the editor,
 * which stays mounted whatever the pane does, so nothing typed is lost.
 */
export function LivePreviewLayout(props: LivePreviewProps) {
  const { t } = useTranslation('preview')
  const settings = useQuery(sharedQueries.settings(props.siteId))
  // Until toggled: open beside the editor when there is room and a frontend to show (without one, the editor's own
  // Markdown preview tab already renders the text, and the pane is a click away).
  const [chosen, setOpen] = useState<boolean>()
  const wide = typeof window !== 'undefined' && window.matchMedia?.(SIDE_BY_SIDE).matches === true
  const open = chosen ?? (wide && Boolean(settings.data?.preview_url))
  return (
    <div className="preview-layout" data-open={open}>
      <div className="preview-toggle">
        <Button variant={open ? 'light' : 'default'} size="xs" aria-pressed={open} onClick={() => setOpen(!open)}>
          {t('pane.toggle')}
        </Button>
      </div>
      <div className="preview-editor">{props.children}</div>
      {open && <PreviewPane {...props} />}
    </div>
  )
}

function PreviewPane({ siteId, type, recordId, localeId, localeCode, name, savedAt }: LivePreviewProps) {
  const { t } = useTranslation('preview')
  const settings = useQuery(sharedQueries.settings(siteId))
  // One token per editor session (paneToken.ts): reopening the pane or reloading the page reuses it, so the Share
  // dialog's "Live links" is not filled with the pane's own tokens. Asked again when it is due for renewal.
  const token = useQuery({
    queryKey: ['site', siteId, 'preview-token', recordId, localeCode ?? ''],
    queryFn: () => paneToken(siteId, recordId, localeCode, () => createPreview(siteId, type, recordId, HOUR, localeCode)),
    staleTime: (q) => (q.state.data ? Math.max(timeLeft(q.state.data) - RENEW_MS, 0) : 0),
    refetchInterval: (q) => (q.state.data ? Math.max(timeLeft(q.state.data) - RENEW_MS, 60_000) : false),
    refetchOnWindowFocus: false,
  })
  const connected = Boolean(settings.data?.preview_url)
  let body: ReactNode
  if (token.error) body = <Alert color="red" role="alert" title={t('pane.failed')} />
  else if (!token.data || !settings.data) body = <Loader role="progressbar" size="sm" aria-label={t('pane.loading')} />
  else if (connected && token.data.url)
    body = (
      // A new element per save: the frame loads the saved state afresh, and a frame that loads never takes the focus.
      <iframe key={savedAt ?? 0} className="preview-frame" src={token.data.url} title={t('pane.frame', { name })} referrerPolicy="no-referrer" />
    )
  else body = <OwnRendering siteId={siteId} token={token.data.token} localeId={localeId} savedAt={savedAt} />
  return (
    <section className="preview-pane" aria-label={t('pane.region')}>
      {body}
    </section>
  )
}

/** Without a frontend: the saved record as GET /preview answers it, Markdown and sections rendered here. */
function OwnRendering({ siteId, token, localeId, savedAt }: { siteId: string; token: string; localeId: string; savedAt: number | undefined }) {
  const { t } = useTranslation('preview')
  const read = useQuery({ queryKey: ['site', siteId, 'preview-read', token, savedAt ?? 0], queryFn: () => readPreview(token), placeholderData: (d) => d })
  return (
    <Stack gap="sm">
      <Alert color="gray" title={t('pane.noFrontend')}>
        <Text size="sm">{t('pane.noFrontendText')}</Text>
        <ForDevelopers>{t('pane.dev.example')}</ForDevelopers>
        <AnchorLink to="/sites/$siteId/settings" params={{ siteId }} size="sm" underline="always">
          {t('pane.settingsLink')}
        </AnchorLink>
      </Alert>
      {read.error && <Alert color="red" role="alert" title={t('pane.failed')} />}
      {read.data && (
        <article className="preview-article" data-testid="preview-rendering">
          <Suspense fallback={<Loader role="progressbar" size="sm" aria-label={t('pane.loading')} />}>
            <Rendered read={read.data} localeId={localeId} />
          </Suspense>
        </article>
      )}
    </Stack>
  )
}

function Rendered({ read, localeId }: { read: PreviewRead; localeId: string }) {
  const { t } = useTranslation('preview')
  const data = read.data
  if ('localizations' in data) {
    const loc = data.localizations.find((l) => l.locale_id === localeId)
    if (!loc) return <Text size="sm">{t('pane.notTranslated')}</Text>
    return (
      <>
        <Title order={2}>{loc.title || t('pane.untitled')}</Title>
        {loc.subtitle && <Text c="dimmed">{loc.subtitle}</Text>}
        <MarkdownPreview source={loc.body ?? ''} />
      </>
    )
  }
  return (
    <>
      {data.sections.map((s) => {
        const loc = s.localizations.find((l) => l.locale_id === localeId)
        return (
          <section key={s.id} className="preview-section">
            {loc?.title && <Title order={3}>{loc.title}</Title>}
            {loc?.text && <MarkdownPreview source={loc.text} />}
            {loc?.button_text && <Text fw={600}>{loc.button_text}</Text>}
          </section>
        )
      })}
    </>
  )
}
