import './messages'
import type { Schemas } from '@atrium-cms/client'
import { Badge, Button } from '@mantine/core'
import { useTranslation } from 'react-i18next'

export interface LocaleTab {
  locale: Schemas['Locale']
  /** The localization's translation status; undefined where the editor has none to show. */
  translationStatus: string | undefined
  dirty: boolean
  /** No status badge at all (records without a translation status). */
  plain?: boolean
}

/** The locale bar: every locale of the site, the current one pressed, with its localization's translation status. */
export function LocaleBar({ tabs, current, onSelect, label }: { tabs: LocaleTab[]; current: string; onSelect: (id: string) => void; label: string }) {
  const { t } = useTranslation('editor')
  return (
    <nav aria-label={label} className="locale-bar">
      {tabs.map(({ locale, translationStatus, dirty, plain }) => (
        <Button
          key={locale.id}
          variant={locale.id === current ? 'filled' : 'default'}
          aria-current={locale.id === current ? 'true' : undefined}
          onClick={() => onSelect(locale.id)}
          data-locale={locale.code}
          rightSection={
            plain ? undefined : (
              <Badge size="xs" variant="light" color={translationStatus ? 'blue' : 'gray'}>
                {translationStatus ?? t('notTranslated')}
              </Badge>
            )
          }
        >
          {locale.name} ({locale.code}){dirty ? ' •' : ''}
        </Button>
      ))}
    </nav>
  )
}
