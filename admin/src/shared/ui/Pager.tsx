import { Pagination } from '@mantine/core'
import { useTranslation } from 'react-i18next'
import './opsMessages'

interface Props {
  /** The accessible name of the navigation landmark ("Pages", "Pages of results"). */
  label: string
  /** How many pages there are; with one (or none) the pager is not shown. */
  pages: number
  page: number
  /** The page chosen; `undefined` for the first, so that the URL leaves `page` out. */
  onPage: (page: number | undefined) => void
  /** Names of the page links and controls where "Page 2" would be unclear (a list of the site's pages); default "Page 2", "Next page"… */
  names?: { page: (page: number) => string; control: (control: PagerControl) => string }
}

export type PagerControl = 'first' | 'previous' | 'next' | 'last'

/** The page links under a paged list, in a navigation landmark; every control named in the UI language. */
export function Pager({ label, pages, page, onPage, names }: Props) {
  const { t } = useTranslation('ops')
  if (pages <= 1) return null
  return (
    <nav aria-label={label}>
      <Pagination
        total={pages}
        value={Math.min(page, pages)}
        onChange={(p) => onPage(p > 1 ? p : undefined)}
        getControlProps={(control) => ({ 'aria-label': names ? names.control(control) : t(`paging.${control}`) })}
        getItemProps={(p) => ({ 'aria-label': names ? names.page(p) : t('paging.pageN', { page: p }) })}
      />
    </nav>
  )
}
