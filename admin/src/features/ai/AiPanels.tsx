import { Alert, Button, Card, Group, List, Modal, Stack, Text, Title, UnstyledButton } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { useDeleteConfig, useListModels, useTestConnection } from './api'
import { PRESETS, type ProviderType } from './presets'

/** The four formats' presets; the one matching the form is pressed. */
export function PresetsCard({ format, name, onPick }: { format: ProviderType; name: string; onPick: (id: string) => void }) {
  const { t } = useTranslation('ai')
  return (
    <Card withBorder component="section" aria-labelledby="presets-heading">
      <Title order={2} size="h4" id="presets-heading">
        {t('presets')}
      </Title>
      <Text size="xs" c="dimmed" mb="xs">
        {t('presetHint')}
      </Text>
      <div className="ai-presets">
        {PRESETS.map((p) => (
          <UnstyledButton key={p.id} className="ai-preset" aria-pressed={format === p.id && name === p.provider_name} onClick={() => onPick(p.id)}>
            <Text fw={600} size="sm">
              {t(`presetNames.${p.id}`)}
            </Text>
            <Text size="xs" c="dimmed">
              {t(`formats.${p.id}`)}
            </Text>
          </UnstyledButton>
        ))}
      </div>
    </Card>
  )
}

/** The provider's models for the settings being written; one click puts a model in the form. */
export function ModelsCard({ models, onList, onUse }: { models: ReturnType<typeof useListModels>; onList: () => void; onUse: (model: string) => void }) {
  const { t } = useTranslation('ai')
  return (
    <Card withBorder component="section" aria-labelledby="models-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="models-heading">
          {t('listModels')}
        </Title>
        <Text size="xs" c="dimmed">
          {t('listModelsHint')}
        </Text>
        <Button variant="default" loading={models.isPending} onClick={() => onList()}>
          {t('listModels')}
        </Button>
        {models.isError && <ProblemAlert error={models.error} title={t('modelsFailed')} />}
        {models.data &&
          (models.data.models.length === 0 ? (
            <Text size="sm" role="status">
              {t('modelsEmpty')}
            </Text>
          ) : (
            <div role="status" className="ai-models">
              <Text size="sm" fw={600}>
                {t('modelsTitle', { count: models.data.models.length })}
              </Text>
              <List listStyleType="none" spacing={4} aria-label={t('modelsTitle', { count: models.data.models.length })}>
                {models.data.models.map((m) => (
                  <List.Item key={m}>
                    <Group gap="xs" wrap="nowrap">
                      <code>{m}</code>
                      <Button size="compact-xs" variant="default" aria-label={t('useModel', { model: m })} onClick={() => onUse(m)}>
                        {t('use')}
                      </Button>
                    </Group>
                  </List.Item>
                ))}
              </List>
            </div>
          ))}
      </Stack>
    </Card>
  )
}

/** One small request with the saved configuration (unsaved edits are not what it tests). */
export function TestCard({ siteId, dirty }: { siteId: string; dirty: boolean }) {
  const { t } = useTranslation('ai')
  const test = useTestConnection(siteId)
  return (
    <Card withBorder component="section" aria-labelledby="test-heading">
      <Stack gap="xs" align="flex-start">
        <Title order={2} size="h4" id="test-heading">
          {t('test')}
        </Title>
        <Text size="xs" c="dimmed">
          {dirty ? t('testUnsaved') : t('testHint')}
        </Text>
        <Button variant="default" loading={test.isPending} onClick={() => test.mutate()}>
          {t('test')}
        </Button>
        {test.data && (
          <Alert
            color={test.data.success ? 'green' : 'red'}
            variant="light"
            role="status"
            title={test.data.success ? t('testOk') : t('testFailed')}
            data-testid="test-result"
          >
            {test.data.message}
          </Alert>
        )}
        {test.isError && <ProblemAlert error={test.error} title={t('testError')} />}
      </Stack>
    </Card>
  )
}

/** Removing the stored key takes effect on the next save. */
export function RemoveKeyModal({ opened, onClose, onConfirm }: { opened: boolean; onClose: () => void; onConfirm: () => void }) {
  const { t } = useTranslation('ai')
  return (
    <Modal lockScroll={false} opened={opened} onClose={onClose} title={t('key.removeTitle')}>
      <Text mb="md">{t('key.removeText')}</Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" onClick={onConfirm}>
          {t('key.remove')}
        </Button>
      </Group>
    </Modal>
  )
}

/** Deletes the whole configuration at once (the screen then offers a new one). */
export function DeleteConfigModal({ siteId, opened, onClose }: { siteId: string; opened: boolean; onClose: () => void }) {
  const { t } = useTranslation('ai')
  const remove = useDeleteConfig(siteId)
  return (
    <Modal lockScroll={false} opened={opened} onClose={onClose} title={t('deleteTitle')}>
      <Text mb="md">{t('deleteText')}</Text>
      {remove.isError && <ProblemAlert error={remove.error} />}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          {t('cancel')}
        </Button>
        <Button color="red" loading={remove.isPending} onClick={() => remove.mutate(undefined, { onSuccess: onClose })}>
          {t('confirmDelete')}
        </Button>
      </Group>
    </Modal>
  )
}
