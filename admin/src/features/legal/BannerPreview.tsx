import type { Schemas } from '@atrium-cms/client'
import { Button, Group, Stack, Switch, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { ForDevelopers } from '../../shared/ui/ForDevelopers'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { legalQueries } from './api'

/**
 * The banner data exactly as frontends receive it (GET /sites/{site_id}/legal/cookie-consent), drawn as a plain
 * banner in the default locale, with the JSON under it. It says so when frontends get another document or none.
 */
export function BannerPreview({ siteId, doc }: { siteId: string; doc: Schemas['LegalDocumentDetail'] }) {
  const { t } = useTranslation('legal')
  const consent = useQuery(legalQueries.consent(siteId))
  const data = consent.data
  const text = data?.localizations[0]
  return (
    <section aria-labelledby="legal-preview">
      <Title order={2} size="h3" id="legal-preview" mb="xs">
        {t('preview')}
      </Title>
      <Text size="sm">{t('previewIntro')}</Text>
      <ForDevelopers>{t('dev.previewSource')}</ForDevelopers>
      {consent.isError ? (
        <ProblemAlert error={consent.error} />
      ) : consent.isPending ? (
        <Text role="status">{t('loading')}</Text>
      ) : !data ? (
        <Text role="status">{t('previewNone')}</Text>
      ) : (
        <Stack gap="sm">
          {data.id !== doc.id && <Text role="status">{t('previewOther', { slug: data.slug })}</Text>}
          <div className="legal-banner" role="region" aria-label={t('preview')} data-testid="banner-preview">
            <Stack gap="xs">
              {text?.title && (
                <Text fw={700} size="lg">
                  {text.title}
                </Text>
              )}
              {text?.intro && <Text size="sm">{text.intro}</Text>}
              {data.groups.map((g) => (
                <div key={g.id}>
                  <Switch label={t('toggleGroup', { name: g.title })} checked={g.is_required || g.default_enabled} disabled={g.is_required} readOnly />
                  {g.description && (
                    <Text size="xs" c="dimmed" ml={54}>
                      {g.description}
                    </Text>
                  )}
                  {g.items.length > 0 && (
                    <Text size="xs" ml={54}>
                      {g.items.map((i) => (i.provider ? `${i.name} (${i.provider})` : i.name)).join(', ')}
                    </Text>
                  )}
                </div>
              ))}
              <Group gap="xs">
                <Button size="xs">{t('acceptAll')}</Button>
                <Button size="xs" variant="default">
                  {t('rejectOptional')}
                </Button>
              </Group>
            </Stack>
          </div>
          <details>
            <summary>{t('previewJson')}</summary>
            <pre className="legal-json">{JSON.stringify(data, null, 2)}</pre>
          </details>
        </Stack>
      )}
    </section>
  )
}
