import { imageUrl, srcset, type Schemas } from '@atrium-cms/client'
import { useTranslation } from 'react-i18next'
import { registerMessages } from '../i18n/register'
import type { Column } from './DataTable'
import './lists.css'

/*
 * The columns the record lists share (posts, pages, documents): a record's cover thumbnail and the languages it has
 * content in, read from the list item itself (the list APIs answer them), so a list needs no read per row.
 */

const en = { cover: 'Cover', languages: 'Languages', noLanguages: 'No language yet' }
const de: typeof en = { cover: 'Titelbild', languages: 'Sprachen', noLanguages: 'Noch keine Sprache' }
registerMessages('recordList', en, de)

/** The cover's rendition size in a list (CSS pixels; the srcset adds the double for dense screens). */
const THUMB = 48

/** The cover as a small rendition (the client's imageUrl/srcset), decorative: the row's name beside it names the row. */
export function ListCover({ image }: { image: Schemas['EmbeddedImage'] }) {
  const src = imageUrl(image, { w: THUMB, h: THUMB, fit: 'cover', fmt: 'auto' })
  if (!src) return null
  return (
    <img
      className="ui-list-cover"
      src={src}
      srcSet={srcset(image, [THUMB, THUMB * 2], { ratio: 1 })}
      sizes={`${THUMB}px`}
      width={THUMB}
      height={THUMB}
      alt=""
      loading="lazy"
      data-testid="cover"
    />
  )
}

/** Locale codes as the lists show them ("en · de"); a record with none says so to screen readers, a dash to the eye. */
export function LocaleCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation('recordList')
  if (codes.length === 0)
    return (
      <>
        <span aria-hidden="true">—</span>
        <span className="visually-hidden">{t('noLanguages')}</span>
      </>
    )
  return <span data-testid="languages">{codes.join(' · ')}</span>
}

/**
 * The shared columns for a list of R: `cover` (its header hidden: the thumbnail is decorative) and `languages`
 * (undefined codes: still loading).
 */
export function useRecordListColumns() {
  const { t } = useTranslation('recordList')
  return {
    cover: <R,>(imageOf: (r: R) => Schemas['EmbeddedImage'] | null | undefined): Column<R> => ({
      key: 'cover',
      header: <span className="visually-hidden">{t('cover')}</span>,
      cardLabel: '',
      className: 'ui-list-thumb',
      cell: (r) => {
        const image = imageOf(r)
        return image ? <ListCover image={image} /> : null
      },
    }),
    languages: <R,>(codesOf: (r: R) => readonly string[] | undefined): Column<R> => ({
      key: 'languages',
      header: t('languages'),
      cell: (r) => {
        const codes = codesOf(r)
        return codes ? <LocaleCodes codes={codes} /> : '…'
      },
    }),
  }
}
