import { Badge, Button, Modal, Pagination, Stack, Text } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../../shared/i18n/format'
import { DataTable, type Column } from '../../shared/ui/DataTable'
import { AnchorLink, BackLink } from '../../shared/ui/links'
import { ScreenHeader } from '../../shared/ui/ScreenHeader'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { webhookQueries } from './api'
import { EditWebhookLink } from './WebhookLinks'
import { attemptsOf, type Delivery } from './events'
import '../../shared/ui/ops.css'

/** One webhook's delivery log (one row per attempt, newest first) and the retry history of one delivery. */
export function DeliveriesScreen({ siteId, webhookId }: { siteId: string; webhookId: string }) {
  const { t } = useTranslation('webhooks')
  const [page, setPage] = useState(1)
  const hooks = useQuery(webhookQueries.list(siteId))
  const log = useQuery(webhookQueries.deliveries(siteId, webhookId, page))
  const [open, setOpen] = useState<string | null>(null)
  const hook = hooks.data?.data.find((w) => w.id === webhookId)
  const url = hook?.url ?? '…'
  const rows = log.data?.data ?? []
  const pages = log.data?.meta.total_pages ?? 1
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t('deliveries.title', { url })}
        back={
          <BackLink to="/sites/$siteId/webhooks" params={{ siteId }}>
            {t('deliveries.back')}
          </BackLink>
        }
      >
        {hook && <EditWebhookLink siteId={siteId} webhookId={webhookId} url={hook.url} />}
      </ScreenHeader>
      {log.isError && <ProblemAlert error={log.error} need="siteAdmin" />}
      {log.data && rows.length === 0 && <Text>{t('deliveries.none')}</Text>}
      {rows.length > 0 && <DeliveryTable siteId={siteId} webhookId={webhookId} rows={rows} label={t('deliveries.tableLabel')} onOpen={setOpen} />}
      {pages > 1 && (
        <nav aria-label={t('deliveries.pagination')}>
          <Pagination total={pages} value={page} onChange={setPage} getItemProps={(p) => ({ 'aria-label': t('deliveries.pageN', { page: p }) })} />
        </nav>
      )}
      <Modal opened={open !== null} onClose={() => setOpen(null)} title={t('deliveries.retryTitle')} size="xl" centered lockScroll={false}>
        {open !== null && (
          <Stack gap="sm">
            <Text size="sm">{t('deliveries.retryText', { id: open })}</Text>
            <DeliveryTable siteId={siteId} webhookId={webhookId} rows={attemptsOf(rows, open)} label={t('deliveries.retryLabel', { id: open })} />
            <Button variant="default" onClick={() => setOpen(null)} className="ops-self-end">
              {t('deliveries.close')}
            </Button>
          </Stack>
        )}
      </Modal>
    </Stack>
  )
}

interface TableProps {
  siteId: string
  webhookId: string
  rows: Delivery[]
  label: string
  onOpen?: (deliveryId: string) => void
}

function DeliveryTable({ siteId, webhookId, rows, label, onOpen }: TableProps) {
  const { t, i18n } = useTranslation('webhooks')
  const columns: Column<Delivery>[] = [
    {
      key: 'when',
      header: t('deliveries.when'),
      nowrap: true,
      // The time leads to the attempt's detail: what was sent and answered, and redeliver.
      cell: (d) => {
        const when = formatDateTime(d.created_at, i18n.language)
        return (
          <AnchorLink
            to="/sites/$siteId/webhooks/$webhookId/deliveries/$deliveryId"
            params={{ siteId, webhookId, deliveryId: d.id }}
            aria-label={t('detail.open', { event: d.event_type, attempt: d.attempt, when })}
          >
            {when}
          </AnchorLink>
        )
      },
    },
    { key: 'event', header: t('deliveries.event'), cell: (d) => <span className="ops-mono">{d.event_type}</span> },
    {
      key: 'attempt',
      header: t('deliveries.attempt'),
      cell: (d) =>
        onOpen ? (
          <Button
            size="compact-xs"
            variant="subtle"
            onClick={() => onOpen(d.delivery_id)}
            aria-label={t('deliveries.attempts', { event: d.event_type, attempt: d.attempt })}
          >
            {d.attempt}
          </Button>
        ) : (
          d.attempt
        ),
    },
    {
      key: 'result',
      header: t('deliveries.result'),
      nowrap: true,
      cell: (d) => (
        <Badge variant="light" color={d.success ? 'green' : 'red'}>
          {d.success ? t('deliveries.ok') : t('deliveries.failed')}
        </Badge>
      ),
    },
    { key: 'status', header: t('deliveries.status'), cell: (d) => d.status_code ?? t('deliveries.noStatus') },
    {
      key: 'time',
      header: t('deliveries.time'),
      nowrap: true,
      cell: (d) => (d.response_time_ms !== null ? t('deliveries.ms', { ms: d.response_time_ms }) : '—'),
    },
    { key: 'error', header: t('deliveries.error'), cell: (d) => d.error ?? '—' },
  ]
  return <DataTable label={label} rows={rows} rowKey={(d) => d.id} columns={columns} striped />
}
