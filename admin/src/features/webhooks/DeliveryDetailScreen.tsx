import { Badge, Button, Group, Stack, Table, Text, Title } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { AtriumError } from '@atrium-cms/client'
import { formatDateTime } from '../../shared/i18n/format'
import { BackLink } from '../../shared/ui/links'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { useWebhookActions, webhookQueries, type DeliveryDetail } from './api'
import { prettyBody, BODY_LIMIT } from './bodies'
import '../../shared/ui/ops.css'
import './webhooks.css'

/** One attempt of a delivery: what Atrium sent (headers, body) and what the receiver answered; redeliver. */
export function DeliveryDetailScreen({ siteId, webhookId, deliveryId }: { siteId: string; webhookId: string; deliveryId: string }) {
  const { t, i18n } = useTranslation('webhooks')
  const hooks = useQuery(webhookQueries.list(siteId))
  const detail = useQuery(webhookQueries.delivery(siteId, webhookId, deliveryId))
  const hook = hooks.data?.data.find((w) => w.id === webhookId)
  const d = detail.data
  const title = d ? t('detail.title', { event: d.event_type, attempt: d.attempt }) : t('detail.loading')
  return (
    <Stack gap="lg">
      <ScreenHeader
        siteId={siteId}
        title={title}
        back={
          <BackLink to="/sites/$siteId/webhooks/$webhookId" params={{ siteId, webhookId }}>
            {t('detail.back', { url: hook?.url ?? t('detail.thisWebhook') })}
          </BackLink>
        }
      >
        {d && <Redeliver siteId={siteId} webhookId={webhookId} detail={d} />}
      </ScreenHeader>
      {detail.isError && <ProblemAlert error={detail.error} need="siteAdmin" />}
      {d && (
        <>
          <dl className="ops-legend webhook-facts">
            <div>
              <dt>{t('deliveries.when')}</dt>
              <dd>{formatDateTime(d.created_at, i18n.language)}</dd>
            </div>
            <div>
              <dt>{t('deliveries.result')}</dt>
              <dd>
                <Badge variant="light" color={d.success ? 'green' : 'red'}>
                  {d.success ? t('deliveries.ok') : t('deliveries.failed')}
                </Badge>
              </dd>
            </div>
            <div>
              <dt>{t('deliveries.status')}</dt>
              <dd>{d.status_code ?? t('deliveries.noStatus')}</dd>
            </div>
            <div>
              <dt>{t('deliveries.time')}</dt>
              <dd>{d.response_time_ms !== null ? t('deliveries.ms', { ms: d.response_time_ms }) : '—'}</dd>
            </div>
            {d.error && (
              <div>
                <dt>{t('deliveries.error')}</dt>
                <dd>{d.error}</dd>
              </div>
            )}
            <div>
              <dt>{t('detail.webhookId')}</dt>
              <dd className="ops-mono">{d.delivery_id}</dd>
            </div>
          </dl>
          <Exchange id="request" title={t('detail.request')} headers={d.request_headers} body={d.request_body} none={t('detail.notSent')} />
          <Exchange id="response" title={t('detail.response')} headers={d.response_headers} body={d.response_body} none={t('detail.noAnswer')} />
        </>
      )}
    </Stack>
  )
}

/** Redeliver: queued at once (202); a deleted webhook's delivery cannot be sent any more, and the screen says so. */
function Redeliver({ siteId, webhookId, detail }: { siteId: string; webhookId: string; detail: DeliveryDetail }) {
  const { t } = useTranslation('webhooks')
  const { redeliver } = useWebhookActions(siteId)
  const [notice, setNotice] = useState('')
  const gone = redeliver.error instanceof AtriumError && redeliver.error.status === 404
  return (
    <Stack gap={4} align="flex-end">
      <Group gap="xs">
        <Button
          onClick={() =>
            redeliver.mutate(
              { id: webhookId, deliveryId: detail.id },
              { onSuccess: (q) => setNotice(t('detail.queued', { attempt: q.attempt })), onError: () => setNotice('') },
            )
          }
          loading={redeliver.isPending}
        >
          {t('detail.redeliver')}
        </Button>
      </Group>
      <Text role="status" size="sm" data-testid="redeliver-status">
        {notice}
      </Text>
      <ProblemAlert error={redeliver.error} need="siteAdmin" title={gone ? t('detail.goneTitle') : t('detail.failedTitle')}>
        {gone && <Text size="sm">{t('detail.gone')}</Text>}
      </ProblemAlert>
    </Stack>
  )
}

function Exchange({
  id,
  title,
  headers,
  body,
  none,
}: {
  id: string
  title: string
  headers: Record<string, string> | null
  body: string | null
  none: string
}) {
  const { t } = useTranslation('webhooks')
  const names = headers ? Object.keys(headers).sort() : []
  return (
    <section aria-labelledby={`${id}-heading`} className="ops-section">
      <Title order={2} size="h3" id={`${id}-heading`} mb="sm">
        {title}
      </Title>
      {headers === null && body === null ? (
        <Text size="sm">{none}</Text>
      ) : (
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('detail.headers')}
          </Title>
          {names.length === 0 ? (
            <Text size="sm">{t('detail.noHeaders')}</Text>
          ) : (
            <div className="ops-table-wrap">
              <Table aria-label={t('detail.headersOf', { what: title })} className="webhook-headers">
                <Table.Tbody>
                  {names.map((n) => (
                    <Table.Tr key={n}>
                      <Table.Th scope="row" className="ops-mono">
                        {n}
                      </Table.Th>
                      <Table.Td className="ops-mono">{headers?.[n]}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </div>
          )}
          <Title order={3} size="h5">
            {t('detail.body')}
          </Title>
          {body === null || body === '' ? (
            <Text size="sm">{t('detail.emptyBody')}</Text>
          ) : (
            <>
              <pre className="webhook-body" tabIndex={0} aria-label={t('detail.bodyOf', { what: title })}>
                {prettyBody(body)}
              </pre>
              {new TextEncoder().encode(body).length >= BODY_LIMIT && (
                <Text size="xs" c="dimmed">
                  {t('detail.cut')}
                </Text>
              )}
            </>
          )}
        </Stack>
      )}
    </section>
  )
}
