import { expect, test, type Page } from '@playwright/test'
import axe from 'axe-core'
import { createHash } from 'node:crypto'
import { appendFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

/** The widths every looks check runs at: the page's own (a desktop's, as the specs open it) and a phone's. */
export const PHONE = { width: 390, height: 844 } as const

/**
 * Looks of what the page shows right now (issue 38, item 8: "the axe scans run in both themes and at phone size on
 * every screen"), in the light and the dark scheme, at the page's own size and at a phone's:
 *   - axe (WCAG 2.1 A and AA): no serious or critical finding;
 *   - at the phone's width, the page does not scroll sideways (wide content scrolls inside its own box);
 *   - no visible button whose label is clipped.
 * The scheme is switched the way Mantine applies it, on <html>, and the size by the viewport, without reloading: an open
 * dialog, menu, popover or notice stays open and is checked in all four. Scheme and size are put back afterwards, so
 * the spec goes on where it was. A finding names the scheme, the width, the check and the element.
 *
 * Once per state and run: the four-way check above runs the FIRST time a run meets a state (stateKey: the route with
 * its ids normalised, the search params' names, the language, the page's size class, the open dialogs, menus and
 * listboxes, the selected tabs, what is expanded, and whether a notice shows), across both workers (a claim file per
 * state in the directory global-setup.ts makes, ATRIUM_E2E_SCANNED). A later call on a state already checked four
 * ways (and found clean) runs one full axe scan and the clipped-button check in the scheme and at the size the page is
 * in: about a quarter of the cost, and the content the spec put there is still scanned. The four-way checks were 40%
 * of the browser suite's time when every call ran them (about 140 calls on about 70 states). A claim whose check
 * failed is given back, so the state is checked four ways again (by a retry, or the next spec that meets it).
 * ATRIUM_E2E_SCAN=all checks every call four ways.
 */
export async function expectAccessible(page: Page): Promise<void> {
  const t0 = Date.now()
  const size = page.viewportSize() ?? { width: 1280, height: 720 }
  const key = await stateKey(page)
  const claim = process.env.ATRIUM_E2E_SCAN === 'all' ? undefined : claimState(key)
  const full = claim !== null
  let clean = false
  try {
    const found = full ? await fourWays(page, size) : await oneWay(page, size)
    clean = found.length === 0
    expect(found).toEqual([])
  } finally {
    if (claim && !clean) release(claim)
    if (process.env.ATRIUM_E2E_SCAN_LOG) {
      const info = test.info()
      appendFileSync(
        process.env.ATRIUM_E2E_SCAN_LOG,
        JSON.stringify({ ms: Date.now() - t0, full, key, file: path.basename(info.file), title: info.title, w: info.workerIndex }) + '\n',
      )
    }
  }
}

/** The scheme the page is in first (every rule), then the other (the colour rules), at its own size and a phone's. */
async function fourWays(page: Page, size: { width: number; height: number }): Promise<string[]> {
  const before = await scheme(page)
  const sizes = size.width <= PHONE.width ? [size] : [size, PHONE]
  const found: string[] = []
  // Four scans where a spec once counted on one: each gets the time a scan takes on a busy two-core machine.
  test.info().setTimeout(test.info().timeout + sizes.length * 2 * 10_000)
  try {
    let current: Scheme = before === 'dark' ? 'dark' : 'light'
    for (const viewport of sizes) {
      if (viewport !== size) await page.setViewportSize(viewport)
      await settle(page)
      found.push(...(await layoutFindings(page, viewport.width <= PHONE.width)).map((f) => `${viewport.width}px ${f}`))
      // A scheme changes colours only, so the second scan is the colour rules'. One switch per size; each scheme gets
      // the full scan at one of the sizes.
      for (const s of [current, current === 'dark' ? 'light' : 'dark'] as const) {
        if (s !== current) {
          await page.evaluate((v) => document.documentElement.setAttribute('data-mantine-color-scheme', v), s)
          await settle(page)
        }
        found.push(...(await axeFindings(page, s === current ? undefined : COLOUR_RULES)).map((f) => `${s} ${viewport.width}px ${f}`))
      }
      current = current === 'dark' ? 'light' : 'dark'
    }
  } finally {
    await page.evaluate((s) => document.documentElement.setAttribute('data-mantine-color-scheme', s), before)
    if (page.viewportSize()?.width !== size.width) await page.setViewportSize(size)
  }
  return found
}

/** A state already checked four ways: every rule in the page's scheme at its size, and the clipped buttons. */
async function oneWay(page: Page, size: { width: number }): Promise<string[]> {
  await settle(page)
  const s = await scheme(page)
  const phone = size.width <= PHONE.width
  return [...(await layoutFindings(page, phone)).map((f) => `${size.width}px ${f}`), ...(await axeFindings(page)).map((f) => `${s} ${size.width}px ${f}`)]
}

/**
 * What makes one state of the admin differ from another for the looks checks: the route with ids (UUIDs, numbers)
 * normalised, the search params' names (not their values), the document's language, phone or desktop, and, by their
 * accessible names with quoted text and digits normalised, the open dialogs, menus and listboxes, the selected tabs,
 * the controls that are expanded, the regions shown (the conflict view), and whether a notice is shown.
 */
export async function stateKey(page: Page): Promise<string> {
  const phone = (page.viewportSize()?.width ?? 1280) <= PHONE.width
  const url = new URL(page.url())
  const route = url.pathname.replace(/\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}(?=\/|$)/gi, '/:id').replace(/\/\d+(?=\/|$)/g, '/:n')
  const params = [...new Set(url.searchParams.keys())].sort().join(',')
  const parts = await page.evaluate(() => {
    const visible = (el: Element) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    const name = (el: Element) => {
      const by = el.getAttribute('aria-labelledby')
      const text =
        el.getAttribute('aria-label') ??
        (by
          ? by
              .split(/\s+/)
              .map((id) => document.getElementById(id)?.textContent ?? '')
              .join(' ')
          : '')
      return text
        .replace(/[“"‘'«„][^”"’'»“]*[”"’'»“]/g, '…')
        .replace(/\d+/g, '#')
        .replace(/\s+/g, ' ')
        .trim()
        .slice(0, 60)
    }
    const all = (selector: string, label: string) =>
      [...document.querySelectorAll(selector)].filter(visible).map((el) => `${label}:${name(el) || (el.textContent ?? '').trim().slice(0, 30)}`)
    return [
      ...all('[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]', 'open'),
      ...all('[role="tab"][aria-selected="true"]', 'tab'),
      ...all('[aria-expanded="true"]', 'expanded'),
      ...all('[role="region"]', 'region'),
      ...([...document.querySelectorAll('[role="alert"], .mantine-Notification-root')].some(visible) ? ['notice'] : []),
      `lang:${document.documentElement.lang}`,
    ].sort()
  })
  return [phone ? 'phone' : 'desktop', route, params, ...parts].join(' | ')
}

/**
 * Claims a state for the four-way check: the claim's file, or null when it was claimed before in this run. The claims
 * live in the run's directory (global-setup.ts), so two workers share them; without it (a config that skips the
 * setup) a worker keeps its own.
 */
function claimState(key: string): string | null {
  const dir = process.env.ATRIUM_E2E_SCANNED
  const id = createHash('sha1').update(key).digest('hex').slice(0, 20)
  if (!dir) {
    if (claimedHere.has(id)) return null
    claimedHere.add(id)
    return id
  }
  const file = path.join(dir, id)
  try {
    writeFileSync(file, key + '\n', { flag: 'wx' })
    return file
  } catch {
    return null
  }
}

const claimedHere = new Set<string>()

/** Records a state another sweep checked four ways and found clean (looks.spec.ts), so expectAccessible need not. */
export function recordChecked(key: string): void {
  claimState(key)
}

function release(claim: string): void {
  if (process.env.ATRIUM_E2E_SCANNED) unlinkSync(claim)
  else claimedHere.delete(claim)
}

type Scheme = 'light' | 'dark'

/** axe's rules whose outcome a colour scheme changes. */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block']

const scheme = (page: Page) => page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme') ?? 'light')

/**
 * Waits for the frame a scheme or size change renders, then (up to a second) for the CSS transitions it started: a
 * check reads what a user sees once they end. (The specs ask for reduced motion, under which the admin's own widgets
 * change at once: theme.css.)
 */
export async function settle(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)))
    const running = document.getAnimations().filter((a) => a instanceof CSSTransition)
    await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))])
  })
}

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']
const AXE_SCRIPT = `${axe.source}\n;axe.configure({ allowedOrigins: ['<same_origin>'], branding: { application: 'playwright' } })`

/**
 * The page's serious and critical axe findings (WCAG 2.1 A and AA, or only `rules`), one line per element: rule, target,
 * and axe's failure summary. axe.run in the page, as @axe-core/playwright's legacy mode runs it (its default mode opens a
 * blank page for every scan to merge the frames' results), but axe-core is injected into a frame only when it is not
 * there yet (AxeBuilder injects it twice per scan: four scans on a state were eight evaluations of its 550 KB), only
 * the violations carry their elements (resultTypes), and only the findings come back over the wire.
 */
export async function axeFindings(page: Page, rules?: string[]): Promise<string[]> {
  for (const frame of page.frames()) {
    // Like AxeBuilder: as a script (not a function, which the admin's CSP would refuse to eval), and a frame that does
    // not answer within a second (or is gone) is left out.
    const inject = (async () => {
      if (!(await frame.evaluate(() => 'axe' in window))) await frame.evaluate(AXE_SCRIPT)
    })()
    await Promise.race([inject, new Promise((_, reject) => setTimeout(() => reject(new Error('axe injection timed out')), 1_000))]).catch(() => undefined)
  }
  const runOnly = rules ? { type: 'rule', values: rules } : { type: 'tag', values: TAGS }
  return page.evaluate(
    async (options) => {
      const w = window as unknown as {
        axe: {
          run: (
            context: Document,
            options: object,
          ) => Promise<{ violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[]; failureSummary?: string }[] }[] }>
        }
      }
      const result = await w.axe.run(document, options)
      return result.violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.map(String).join(' ')}: ${(n.failureSummary ?? v.help).replace(/\s+/g, ' ').slice(0, 240)}`))
    },
    { runOnly, resultTypes: ['violations'] },
  )
}

/**
 * Sideways page scroll (naming the widest culprits, so a finding says where to look), where `hscroll` asks, and visible
 * buttons with a clipped label.
 */
export async function layoutFindings(page: Page, hscroll = true): Promise<string[]> {
  const layout = await page.evaluate(() => {
    const scroll = document.documentElement.scrollWidth
    const wide: string[] = []
    if (scroll > window.innerWidth) {
      for (const el of document.querySelectorAll<HTMLElement>('body *')) {
        const r = el.getBoundingClientRect()
        if (r.right > window.innerWidth + 1 && r.width > 0 && getComputedStyle(el).position !== 'fixed') {
          const parentOver = el.parentElement && el.parentElement.getBoundingClientRect().right > window.innerWidth + 1
          if (!parentOver || wide.length === 0)
            wide.push(
              `${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).slice(0, 2).join('.') : ''}`,
            )
        }
        if (wide.length >= 3) break
      }
    }
    const clipped: string[] = []
    const visible = (el: HTMLElement) => {
      const r = el.getBoundingClientRect()
      return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden'
    }
    for (const button of document.querySelectorAll<HTMLElement>('button, [role="button"], a.mantine-Button-root')) {
      if (!visible(button) || !button.textContent?.trim()) continue
      const parts = [button, ...button.querySelectorAll<HTMLElement>('.mantine-Button-label, .mantine-Button-inner')]
      if (parts.some((el) => el.scrollWidth > el.clientWidth + 1)) clipped.push(button.textContent.trim().slice(0, 40))
    }
    return { scroll, inner: window.innerWidth, wide, clipped }
  })
  const out: string[] = []
  if (hscroll && layout.scroll > layout.inner) out.push(`hscroll ${layout.scroll} > ${layout.inner} (${layout.wide.join(', ')})`)
  for (const c of layout.clipped) out.push(`clipped "${c}"`)
  return out
}
