import { Alert, Button, Card, Group, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import { toFormError } from '../../shared/logic/errors'
import { focusWhenLost } from '../../shared/ui/focus'
import { ProblemAlert } from '../../shared/ui/ProblemAlert'
import { AiKeyFieldset } from './AiKeyFieldset'
import type { AiConfig } from './api'
import { ACTIONS, type ProviderType } from './presets'
import type { AiFormState } from './useAiForm'

interface Props {
  ai: AiFormState
  saved: AiConfig | null
  format: ProviderType
  justSaved: boolean
  onReload: () => void
  onConfirmRemoveKey: () => void
  onDelete: () => void
}

/** The provider's settings, its key and the actions' system prompts; saving keeps what was typed on an error. */
export function AiProviderForm({ ai, saved, format, justSaved, onReload, onConfirmRemoveKey, onDelete }: Props) {
  const { t } = useTranslation('ai')
  const { form, save, onSubmit } = ai
  return (
    <form
      onSubmit={(e) => {
        // Save disables itself while busy and the form is rebuilt from the saved version: both drop the keyboard
        // focus, which comes back to (the new) Save.
        focusWhenLost(() => document.querySelector<HTMLElement>('[data-ai-save]'))
        void onSubmit(e)
      }}
      noValidate
      aria-labelledby="provider-heading"
    >
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4" id="provider-heading">
            {t('provider')}
          </Title>
          <Text size="sm" role="status" data-testid="detected-format">
            {t('detected', { format: t(`formats.${format}`) })}
            {saved && saved.provider_type !== format && ` · ${t('savedFormat', { format: t(`formats.${saved.provider_type}`) })}`}
          </Text>
          <ProviderFields ai={ai} />
          <AiKeyFieldset ai={ai} saved={saved} onConfirmRemove={onConfirmRemoveKey} />
          <details>
            <summary>{t('prompts')}</summary>
            <Text size="xs" c="dimmed" my="xs">
              {t('promptsHint')}
            </Text>
            <Stack gap="xs">
              {ACTIONS.map((a) => (
                <Textarea key={a} label={t(`actions.${a}`)} autosize minRows={2} maxRows={8} maxLength={20000} {...form.register(`system_prompts.${a}`)} />
              ))}
            </Stack>
          </details>
          {save.isError && (
            <ProblemAlert error={save.error} title={t('saveFailed')}>
              {toFormError(save.error).code === 'EDIT_CONFLICT' && (
                <Button size="xs" variant="default" mt="xs" onClick={onReload}>
                  {t('reload')}
                </Button>
              )}
            </ProblemAlert>
          )}
          {justSaved && !form.formState.isDirty && (
            <Alert color="green" variant="light" role="status">
              {t('saved')}
            </Alert>
          )}
          <Group gap="sm">
            <Button type="submit" loading={save.isPending} data-ai-save>
              {t('save')}
            </Button>
            {saved && (
              <Button variant="default" color="red" onClick={onDelete}>
                {t('deleteConfig')}
              </Button>
            )}
          </Group>
        </Stack>
      </Card>
    </form>
  )
}

function ProviderFields({ ai: { form, fieldError } }: { ai: AiFormState }) {
  const { t } = useTranslation('ai')
  const { register } = form
  return (
    <div className="ai-fields">
      <TextInput label={t('fields.provider_name')} required maxLength={100} {...register('provider_name')} error={fieldError('provider_name')} />
      <TextInput
        label={t('fields.base_url')}
        required
        type="url"
        maxLength={500}
        description={t('hints.base_url')}
        {...register('base_url')}
        error={fieldError('base_url')}
        spellCheck={false}
      />
      <TextInput label={t('fields.model')} required maxLength={200} {...register('model')} error={fieldError('model')} spellCheck={false} />
      <TextInput
        label={t('fields.temperature')}
        type="number"
        step="0.1"
        min={0}
        max={2}
        description={t('hints.temperature')}
        {...register('temperature', { valueAsNumber: true })}
        error={fieldError('temperature')}
      />
      <TextInput
        label={t('fields.max_tokens')}
        type="number"
        step="1"
        min={1}
        description={t('hints.max_tokens')}
        {...register('max_tokens', { valueAsNumber: true })}
        error={fieldError('max_tokens')}
      />
    </div>
  )
}
