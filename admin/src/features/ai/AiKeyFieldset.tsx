import { Button, Group, Text, TextInput } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import type { AiConfig } from './api'
import type { AiFormState } from './useAiForm'

/** The API key: only ever its masked form; replace it with a new one, or remove it (after a confirmation). */
export function AiKeyFieldset({ ai, saved, onConfirmRemove }: { ai: AiFormState; saved: AiConfig | null; onConfirmRemove: () => void }) {
  const { t } = useTranslation('ai')
  const { form, fieldError, replacing, setReplacing, removeKey, setRemoveKey } = ai
  return (
    <fieldset className="ai-key">
      <legend>{t('fields.api_key')}</legend>
      {saved?.api_key_masked ? (
        <Text size="sm" data-testid="masked-key">
          {removeKey ? t('key.willRemove') : t('key.stored', { masked: saved.api_key_masked })}
        </Text>
      ) : (
        <Text size="sm">
          {t('key.none')} {t('hints.noKey')}
        </Text>
      )}
      {replacing ? (
        <TextInput
          label={t('fields.newKey')}
          type="password"
          autoComplete="off"
          maxLength={500}
          description={t('hints.newKey')}
          {...form.register('api_key')}
          error={fieldError('api_key')}
        />
      ) : null}
      <Group gap="xs" mt="xs">
        {saved?.api_key_masked && !replacing && (
          <Button size="xs" variant="default" onClick={() => (setReplacing(true), setRemoveKey(false))}>
            {t('key.replace')}
          </Button>
        )}
        {saved?.api_key_masked && replacing && (
          <Button size="xs" variant="default" onClick={() => (setReplacing(false), form.setValue('api_key', ''))}>
            {t('key.keepStored')}
          </Button>
        )}
        {saved?.api_key_masked && !removeKey && (
          <Button size="xs" variant="default" color="red" onClick={onConfirmRemove}>
            {t('key.remove')}
          </Button>
        )}
        {removeKey && (
          <Button size="xs" variant="default" onClick={() => setRemoveKey(false)}>
            {t('key.undoRemove')}
          </Button>
        )}
      </Group>
    </fieldset>
  )
}
