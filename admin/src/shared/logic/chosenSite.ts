/**
 * The site chosen last in this browser (its id only, in localStorage): screens that are not about one site (All
 * sites, Profile, Notifications, Identity users) keep showing it in the switcher, and /admin/ and sign-in return to it,
 * so the next click never edits another site than the one the editor had chosen.
 */
const KEY = 'atrium-admin:site'

export function rememberSite(id: string): void {
  try {
    localStorage.setItem(KEY, id)
  } catch {
    // Storage refused (private mode, quota): the switcher falls back to the first site.
  }
}

export function rememberedSite(): string | null {
  try {
    return localStorage.getItem(KEY)
  } catch {
    return null
  }
}

/** The site a screen works on: the address's, else the remembered one while the user can still see it, else the first. */
export function currentSiteId(
  sites: readonly { id: string }[] | undefined,
  fromAddress: string | undefined,
  remembered = rememberedSite(),
): string | undefined {
  if (fromAddress) return fromAddress
  if (remembered && sites?.some((s) => s.id === remembered)) return remembered
  return sites?.[0]?.id
}
