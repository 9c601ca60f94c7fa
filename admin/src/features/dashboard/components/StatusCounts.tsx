import { Paper, Skeleton, Text, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { STATUSES, useStatusCounts } from '../api'

export function StatusCounts({ siteId }: { siteId: string }) {
  const { t, i18n } = useTranslation('dashboard')
  const counts = useStatusCounts(siteId)
  return (
    <section aria-labelledby="counts-heading">
      <Title order={2} size="h4" id="counts-heading" mb="xs">
        {t('counts')}
      </Title>
      <div className="grid-cards">
        {STATUSES.map((s) => (
          <Paper key={s} withBorder p="md">
            <Text size="sm" c="dimmed" id={`count-label-${s}`}>
              {t(`common:status.${s}`)}
            </Text>
            {counts ? (
              <Text fz={28} fw={700} aria-describedby={`count-label-${s}`}>
                {new Intl.NumberFormat(i18n.language).format(counts[s])}
              </Text>
            ) : (
              <Skeleton h={34} mt={4} />
            )}
          </Paper>
        ))}
      </div>
    </section>
  )
}
