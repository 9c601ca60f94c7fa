import { AtriumError } from '@atrium-cms/client'
import { loadPreview, type Locale, type PreviewAnswer } from './atrium'
import { failureOf, type Failure } from './failure'
import { translator } from './i18n'
import { pageTitle } from './present'
import { localized, pickLocalization } from './routes'
import { loadNavigation, loadShell, type Navigation, type Shell } from './shell'

export type PreviewModel =
  | { state: 'no-site'; status: number; failure: Failure }
  | {
      state: 'page'
      status: number
      shell: Shell
      nav: Navigation
      locale: Locale
      title: string
      /** The public path of the record (where it will be once published). */
      publicPath: string
      content: { preview: PreviewAnswer } | { failure: Failure }
    }

const TOKEN = /^[A-Za-z0-9_-]{1,200}$/

/** The public path a preview link names (`path`): only a path on this site, never another origin. */
const safePath = (path: string | null) => (path && path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') ? path : '/')

/**
 * GET /api/preview?token=…&path=…: the draft the token opens, exchanged server-side on every request (nothing of it is
 * cached). The site's shared parts (menus, consent) are the published ones from the cache.
 */
export async function buildPreviewModel(url: URL): Promise<PreviewModel> {
  const token = url.searchParams.get('token') ?? ''
  const path = safePath(url.searchParams.get('path'))
  let shell: Shell
  try {
    shell = await loadShell()
  } catch (err) {
    const failure = failureOf(err)
    return { state: 'no-site', status: failure.status, failure }
  }
  let answer: PreviewAnswer | null = null
  let error: unknown = null
  if (TOKEN.test(token)) {
    try {
      answer = await loadPreview(token)
    } catch (err) {
      error = err
    }
  }
  // The preview's locale; without a valid token, the site's default.
  const locale = shell.locales.find((l) => l.code === answer?.locale) ?? shell.defaultLocale
  const t = translator(locale.code)
  const failure: Failure | null =
    answer !== null
      ? null
      : error === null || (error instanceof AtriumError && error.status === 404)
        ? { status: 404, title: t('previewGoneTitle'), message: t('previewGoneText') }
        : failureOf(error, t)
  const nav = await loadNavigation(shell, locale).catch(() => ({ primary: [], footer: [] }))
  const base = { state: 'page' as const, shell, nav, locale, publicPath: localized(locale, path) }
  if (!answer) return { ...base, status: failure!.status, title: failure!.title, content: { failure: failure! } }
  const title =
    answer.type === 'blog'
      ? (pickLocalization(answer.data.localizations, locale, shell.defaultLocale)?.title ?? t('untitled'))
      : pageTitle(answer.data, locale, shell.defaultLocale)
  return { ...base, status: 200, title: t('previewTitle', { title }), content: { preview: answer } }
}
