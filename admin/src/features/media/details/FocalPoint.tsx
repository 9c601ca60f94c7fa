import { imageUrl } from '@atrium-cms/client'
import { Button, Group, Stack, Text } from '@mantine/core'
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useMediaSave, type MediaDetail } from '../api'
import { ConflictNotice, ErrorNotice } from './Notices'

interface Point {
  x: number
  y: number
}

/** The crops shown around the point: width and height asked of the server (on its size ladder) and the ratio shown. */
export const CROPS = [
  { id: 'square', w: 160, h: 160 },
  { id: 'landscape', w: 256, h: 192 },
  { id: 'wide', w: 320, h: 192 },
] as const

const clamp = (v: number) => Math.min(1, Math.max(0, Math.round(v * 100) / 100))
const pct = (v: number) => Math.round(v * 100)

/** The point after a key: arrows move it by 1 % (Shift: 10 %), Home centres it; undefined for other keys. */
export function pointAfterKey(p: Point, key: string, shift: boolean): Point | undefined {
  const step = shift ? 0.1 : 0.01
  switch (key) {
    case 'ArrowLeft':
      return { x: clamp(p.x - step), y: p.y }
    case 'ArrowRight':
      return { x: clamp(p.x + step), y: p.y }
    case 'ArrowUp':
      return { x: p.x, y: clamp(p.y - step) }
    case 'ArrowDown':
      return { x: p.x, y: clamp(p.y + step) }
    case 'Home':
      return { x: 0.5, y: 0.5 }
    default:
      return undefined
  }
}

/**
 * The focal point: the image with a marker, set by a click (or drag) on the image or by the arrow keys on the marker
 * (a slider whose value text names both coordinates), saved with its own button; and the common crops around the
 * saved point as the server makes them (fit=cover), which reload when the point is saved (a new image_url).
 */
export function FocalPoint({ siteId, media, alt, readOnly }: { siteId: string; media: MediaDetail; alt: string; readOnly: boolean }) {
  const { t } = useTranslation('media')
  const saved: Point = { x: media.focal_x, y: media.focal_y }
  const [point, setPoint] = useState<Point>(saved)
  // A saved point (here or elsewhere) is the new starting point; a rename or move leaves an unsaved one alone.
  useEffect(() => setPoint({ x: media.focal_x, y: media.focal_y }), [media.focal_x, media.focal_y])
  const saver = useMediaSave(siteId, media)
  const [done, setDone] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const marker = useRef<HTMLDivElement>(null)
  const dragging = useRef(false)
  const dirty = point.x !== saved.x || point.y !== saved.y
  const error = saver.error
  const src = imageUrl(media, { w: 640 })
  if (!src) return null

  const move = (p: Point) => {
    setPoint(p)
    setDone(false)
  }
  const fromPointer = (e: PointerEvent<HTMLDivElement>) => {
    const r = box.current?.getBoundingClientRect()
    if (!r || r.width === 0 || r.height === 0) return
    move({ x: clamp((e.clientX - r.left) / r.width), y: clamp((e.clientY - r.top) / r.height) })
  }
  const onKey = (e: KeyboardEvent<HTMLDivElement>) => {
    const next = pointAfterKey(point, e.key, e.shiftKey)
    if (!next) return
    e.preventDefault()
    move(next)
  }
  const save = () => saver.save({ focal_x: point.x, focal_y: point.y }, () => setDone(true))
  const valueText = t('focal.value', { x: pct(point.x), y: pct(point.y) })

  return (
    <section className="media-focal-section" aria-labelledby="media-focal-heading">
      <Text component="h4" id="media-focal-heading" className="media-subheading">
        {t('focal.title')}
      </Text>
      <Stack gap="xs">
        {!readOnly && (
          <Text size="xs" c="dimmed" id="media-focal-hint">
            {t('focal.hint')}
          </Text>
        )}
        <div
          ref={box}
          className="media-focal"
          data-readonly={readOnly || undefined}
          onPointerDown={
            readOnly
              ? undefined
              : (e) => {
                  // No focus change by the press itself: the marker takes the focus, for the arrow keys next.
                  e.preventDefault()
                  dragging.current = true
                  e.currentTarget.setPointerCapture?.(e.pointerId)
                  fromPointer(e)
                  marker.current?.focus()
                }
          }
          onPointerMove={readOnly ? undefined : (e) => dragging.current && fromPointer(e)}
          onPointerUp={() => (dragging.current = false)}
          onPointerCancel={() => (dragging.current = false)}
          onMouseDown={readOnly ? undefined : (e) => e.preventDefault()}
        >
          <img src={src} alt={alt} draggable={false} />
          <div
            ref={marker}
            className="media-focal-marker"
            style={{ left: `${point.x * 100}%`, top: `${point.y * 100}%` }}
            role="slider"
            tabIndex={readOnly ? -1 : 0}
            aria-label={t('focal.label')}
            aria-describedby={readOnly ? undefined : 'media-focal-hint'}
            aria-readonly={readOnly || undefined}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={pct(point.x)}
            aria-valuetext={valueText}
            onKeyDown={readOnly ? undefined : onKey}
          />
        </div>
        <Text size="sm">{valueText}</Text>
        {!readOnly && (
          <Group gap="xs">
            <Button size="compact-sm" onClick={save} disabled={!dirty} loading={saver.pending}>
              {t('focal.save')}
            </Button>
            {dirty && (
              <Button size="compact-sm" variant="default" onClick={() => move(saved)}>
                {t('focal.undo')}
              </Button>
            )}
            <Text size="xs" role="status">
              {done && !dirty ? t('focal.saved') : dirty ? t('focal.unsaved') : ''}
            </Text>
          </Group>
        )}
        {error && <ErrorNotice error={error} />}
        {saver.conflict && (
          <ConflictNotice
            title={t('conflict.title')}
            theirs={[{ label: t('focal.title'), value: t('focal.value', { x: pct(saver.conflict.current.focal_x), y: pct(saver.conflict.current.focal_y) }) }]}
            busy={saver.pending}
            onTakeTheirs={() => {
              const theirs = saver.takeTheirs()
              if (theirs) move({ x: theirs.focal_x, y: theirs.focal_y })
            }}
            onKeepMine={() => saver.keepMine(() => setDone(true))}
          />
        )}
        <Crops media={media} />
      </Stack>
    </section>
  )
}

/** The common crops around the saved point, as the server cuts them. */
function Crops({ media }: { media: MediaDetail }) {
  const { t } = useTranslation('media')
  return (
    <div>
      <Text size="sm" fw={500} id="media-crops-heading">
        {t('crops.title')}
      </Text>
      <ul className="media-crops" aria-labelledby="media-crops-heading">
        {CROPS.map((c) => (
          <li key={c.id}>
            <figure>
              <img
                className={`media-crop media-crop-${c.id}`}
                src={imageUrl(media, { w: c.w, h: c.h, fit: 'cover' }) ?? undefined}
                alt={t('crops.alt', { ratio: t(`crops.${c.id}`) })}
                loading="lazy"
                // The ladder's sizes make a ratio near, not exact: the frame shows the exact one, kept on the point.
                style={{ objectPosition: `${media.focal_x * 100}% ${media.focal_y * 100}%` }}
              />
              <figcaption>{t(`crops.${c.id}`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </div>
  )
}
