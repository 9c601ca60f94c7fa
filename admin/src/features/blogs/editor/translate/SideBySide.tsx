import { Button, TextInput, Textarea } from '@mantine/core'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SaveQueue } from '../../../../shared/logic/saveQueue'
import type { Locale, LocValues } from '../api'
import type { BlogQueues } from '../useBlogQueues'
import { useQueueState } from '../../../../shared/editor/useQueueState'
import './messages'
import './translate.css'

const FIELDS = ['title', 'subtitle', 'excerpt', 'body'] as const

interface Options {
  localeId: string
  setLocaleId: (id: string) => void
  defaultLocaleId: string
  locales: Locale[]
  queues: BlogQueues
  canEdit: boolean
}

/**
 * The side-by-side translation view (admin.md "Editor"): the default locale read only beside the current locale's
 * title, subtitle, excerpt and body, edited through that locale's own save queue (autosave, drafts, If-Match and the
 * conflict view as everywhere). `toggle` sits by the locale bar; `view` replaces the editor's columns when on.
 */
export function useSideBySide({ localeId, setLocaleId, defaultLocaleId, locales, queues, canEdit }: Options): {
  toggle: ReactNode
  view: ReactNode | undefined
} {
  const { t } = useTranslation('blogTranslate')
  const [on, setOn] = useState(false)
  const source = locales.find((l) => l.id === defaultLocaleId)
  const target = locales.find((l) => l.id === localeId)
  const other = locales.find((l) => l.id !== defaultLocaleId)
  if (!source || !other) return { toggle: null, view: undefined }
  const toggle = (
    <Button
      variant={on ? 'filled' : 'default'}
      size="xs"
      aria-pressed={on}
      onClick={() => {
        if (!on && localeId === defaultLocaleId) setLocaleId(other.id)
        setOn(!on)
      }}
    >
      {t('toggle', { source: source.name })}
    </Button>
  )
  const sourceQueue = queues.locs.get(defaultLocaleId)
  const targetQueue = queues.locs.get(localeId)
  const view =
    on && target && localeId !== defaultLocaleId && sourceQueue && targetQueue ? (
      <TranslationView key={localeId} source={source} target={target} sourceQueue={sourceQueue} targetQueue={targetQueue} canEdit={canEdit} />
    ) : undefined
  return { toggle, view }
}

function TranslationView({
  source,
  target,
  sourceQueue,
  targetQueue,
  canEdit,
}: {
  source: Locale
  target: Locale
  sourceQueue: SaveQueue<LocValues>
  targetQueue: SaveQueue<LocValues>
  canEdit: boolean
}) {
  const { t } = useTranslation('blogTranslate')
  const { t: tb } = useTranslation('blogs', { keyPrefix: 'editor' })
  const src = useQueueState(sourceQueue).values
  const tgt = useQueueState(targetQueue).values
  const label = (f: string, l: Locale) => t('field', { field: tb(`fields.${f}`), locale: l.name })
  return (
    <div className="translation-view" role="group" aria-label={t('view', { source: source.name, target: target.name })} data-testid="translation-view">
      <section aria-labelledby="translation-source" lang={source.code}>
        <h2 id="translation-source">{t('source', { locale: source.name })}</h2>
        {FIELDS.map((f) =>
          f === 'body' || f === 'excerpt' ? (
            <Textarea
              key={f}
              label={label(f, source)}
              value={src[f]}
              readOnly
              autosize
              minRows={f === 'body' ? 8 : 2}
              placeholder={t('sourceEmpty', { locale: source.name })}
            />
          ) : (
            <TextInput key={f} label={label(f, source)} value={src[f]} readOnly placeholder={t('sourceEmpty', { locale: source.name })} />
          ),
        )}
      </section>
      <section aria-labelledby="translation-target" lang={target.code}>
        <h2 id="translation-target">{t('target', { locale: target.name })}</h2>
        {FIELDS.map((f) => {
          const change = (e: { currentTarget: { value: string } }) => targetQueue.edit({ ...targetQueue.getState().values, [f]: e.currentTarget.value })
          return f === 'body' || f === 'excerpt' ? (
            <Textarea key={f} label={label(f, target)} value={tgt[f]} onChange={change} readOnly={!canEdit} autosize minRows={f === 'body' ? 8 : 2} />
          ) : (
            <TextInput key={f} label={label(f, target)} value={tgt[f]} onChange={change} readOnly={!canEdit} />
          )
        })}
      </section>
    </div>
  )
}
