import { imageUrl, srcset } from '@atrium-cms/client'
import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { Media } from '../api'

/** Ready-made rendition addresses a developer copies into a frontend. */
export const RENDITIONS = [
  { id: 'w640webp', url: (m: Media) => imageUrl(m, { w: 640, fmt: 'webp' }) },
  { id: 'w1280auto', url: (m: Media) => imageUrl(m, { w: 1280, fmt: 'auto' }) },
  { id: 'square400', url: (m: Media) => imageUrl(m, { w: 400, h: 400, fit: 'cover' }) },
  { id: 'srcset', url: (m: Media) => srcset(m, [320, 640, 960, 1280], { fmt: 'auto' }) || null },
] as const

/** A read-only address with a copy button that says when it copied. */
export function CopyField({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  const { t } = useTranslation('media')
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>(undefined)
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value)
      setCopied('yes')
    } catch {
      setCopied('no')
    }
  }
  return (
    <Stack gap={4}>
      <TextInput label={label} value={value} readOnly onFocus={(e) => e.currentTarget.select()} />
      <Group gap="xs">
        <Button size="compact-sm" variant="default" onClick={() => void copy()} aria-label={copyLabel}>
          {t('copy')}
        </Button>
        <Text size="xs" role="status">
          {copied === 'yes' ? t('copied') : copied === 'no' ? t('copyFailed') : ''}
        </Text>
      </Group>
    </Stack>
  )
}

/** The rendition addresses, behind a disclosure: they are for developers, not for editors' everyday work. */
export function RenditionUrls({ media }: { media: Media }) {
  const { t } = useTranslation('media')
  const found = RENDITIONS.map((r) => ({ id: r.id, url: r.url(media) })).filter((r): r is { id: (typeof RENDITIONS)[number]['id']; url: string } => !!r.url)
  if (found.length === 0) return null
  return (
    <details className="media-renditions">
      <summary>{t('renditions.title')}</summary>
      <Stack gap="xs" mt="xs">
        <Text size="xs" c="dimmed">
          {t('renditions.hint')}
        </Text>
        {found.map((r) => (
          <CopyField key={r.id} label={t(`renditions.${r.id}`)} value={r.url} copyLabel={t('copyNamed', { name: t(`renditions.${r.id}`) })} />
        ))}
      </Stack>
    </details>
  )
}
