import './messages'
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core'
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatDateTime } from '../i18n/format'
import { diffThree, keepMine, mergeThree, takeTheirs, unresolved, type Choice } from '../logic/fieldDiff'

/**
 * A 412 EDIT_CONFLICT, field by field (admin.md "Never overwrite silently"): what I changed, what changed elsewhere;
 * keep mine or take theirs for every field both sides changed; fields only one side changed merge on their own.
 * "Save merged" resolves the queue with the current version's ETag.
 */
export function ConflictView<V extends object>({
  title,
  base,
  mine,
  theirs,
  label,
  onResolve,
  onCancel,
  savedAt,
  who,
}: {
  title: string
  /** When their version was saved (the record's updated_at); `who` saved it, when the API tells (history/WhoChanged.tsx). */
  savedAt?: string | undefined
  who?: ReactNode
  base: V
  mine: V
  theirs: V
  label: (field: string) => string
  onResolve: (merged: V) => void
  onCancel: () => void
}) {
  const { t, i18n } = useTranslation('editor', { keyPrefix: 'conflict' })
  const heading = useRef<HTMLHeadingElement>(null)
  // The save that met the conflict was the user's last action: take them to the choice.
  useEffect(() => heading.current?.focus(), [])
  const diffs = useMemo(() => diffThree(base, mine, theirs), [base, mine, theirs])
  const [choices, setChoices] = useState<Record<string, Choice>>({})
  const open = unresolved(diffs, choices)
  const show = (v: unknown) => (v === '' || v === null || v === undefined ? t('empty') : typeof v === 'string' ? v : JSON.stringify(v))
  return (
    <Paper withBorder p="md" className="conflict-view" role="region" aria-labelledby="conflict-title">
      <Stack gap="sm">
        <Text id="conflict-title" fw={700} component="h2" fz="lg" ref={heading} tabIndex={-1}>
          {title}
        </Text>
        <Alert color="orange">
          {t('intro')}
          {savedAt && ` ${t('savedAt', { when: formatDateTime(savedAt, i18n.language) })}`} {who}
        </Alert>
        {diffs.map((d) => {
          const choice = choices[d.path]
          return (
            <div key={d.path} className="conflict-field" data-field={d.path}>
              <Text fw={600}>{label(d.path)}</Text>
              {d.conflict ? (
                <>
                  <Sides mine={show(d.mine)} theirs={show(d.theirs)} />
                  <Group gap="xs">
                    <Button
                      size="xs"
                      variant={choice === 'mine' ? 'filled' : 'default'}
                      aria-pressed={choice === 'mine'}
                      onClick={() => setChoices((c) => keepMine(c, d.path))}
                    >
                      {t('keepMine')}
                    </Button>
                    <Button
                      size="xs"
                      variant={choice === 'theirs' ? 'filled' : 'default'}
                      aria-pressed={choice === 'theirs'}
                      onClick={() => setChoices((c) => takeTheirs(c, d.path))}
                    >
                      {t('takeTheirs')}
                    </Button>
                  </Group>
                </>
              ) : (
                <Text size="sm" c="dimmed">
                  {d.mineChanged ? t('onlyMine') : t('onlyTheirs')}
                </Text>
              )}
            </div>
          )
        })}
        <Group>
          <Button disabled={open.length > 0} onClick={() => onResolve(mergeThree(base, mine, theirs, choices))}>
            {t('saveMerged')}
          </Button>
          <Button variant="default" onClick={onCancel}>
            {t('discardMine')}
          </Button>
          {open.length > 0 && (
            <Text size="sm" c="dimmed">
              {t('remaining', { count: open.length })}
            </Text>
          )}
        </Group>
      </Stack>
    </Paper>
  )
}

function Sides({ mine, theirs }: { mine: string; theirs: string }) {
  const { t } = useTranslation('editor', { keyPrefix: 'conflict' })
  return (
    <div className="conflict-sides">
      <div>
        <Text size="xs" c="dimmed">
          {t('mine')}
        </Text>
        <Text className="conflict-value">{mine}</Text>
      </div>
      <div>
        <Text size="xs" c="dimmed">
          {t('theirs')}
        </Text>
        <Text className="conflict-value">{theirs}</Text>
      </div>
    </div>
  )
}
