import { Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useTranslation } from 'react-i18next'
import { mediaQueries } from '../api'

/** The site's live posts and pages that use the file, each linked to its editor, with the field that names it. */
export function WhereUsed({ siteId, mediaId }: { siteId: string; mediaId: string }) {
  const { t } = useTranslation('media')
  const refs = useQuery(mediaQueries.references(siteId, mediaId))
  return (
    <section aria-labelledby="media-used-heading">
      <Text component="h4" id="media-used-heading" className="media-subheading">
        {t('used.title')}
      </Text>
      {refs.isError ? (
        <Text size="sm" role="alert">
          {t('used.failed')}
        </Text>
      ) : !refs.data ? (
        <Text size="sm" role="status">
          {t('loading')}
        </Text>
      ) : refs.data.length === 0 ? (
        <Text size="sm">{t('used.none')}</Text>
      ) : (
        <ul className="media-used" aria-labelledby="media-used-heading">
          {refs.data.map((r) => (
            <li key={`${r.type}:${r.id}:${r.field}`}>
              {r.type === 'blog' ? (
                <Link className="media-used-link" to="/sites/$siteId/blogs/$blogId" params={{ siteId, blogId: r.id }}>
                  {r.label}
                </Link>
              ) : (
                <Link className="media-used-link" to="/sites/$siteId/pages/$pageId" params={{ siteId, pageId: r.id }}>
                  {r.label}
                </Link>
              )}{' '}
              <Text component="span" size="xs" c="dimmed">
                {t(`used.type.${r.type}`)} · {t(`used.field.${fieldKey(r.field)}`)}
              </Text>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}

const fieldKey = (field: string): 'cover' | 'header' | 'section' | 'other' =>
  field === 'cover_image_id' ? 'cover' : field === 'header_image_id' ? 'header' : field === 'sections.cover_image_id' ? 'section' : 'other'
