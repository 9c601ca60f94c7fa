/*
 * Deterministic generator of realistic-looking blog text: titles, excerpts and ~3 KB Markdown bodies with
 * headings, paragraphs, bullet and numbered lists, links, emphasis, inline code, code blocks and quotes.
 * English for the default locale, German-flavoured vocabulary for the second one.
 */

/** mulberry32: small, fast, seedable PRNG so every run seeds the same data set. */
export function rng(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export type Rand = () => number

export const pick = <T>(r: Rand, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!
export const int = (r: Rand, min: number, max: number): number => min + Math.floor(r() * (max - min + 1))

const EN = (
  'system service content reader editor page layout design pattern cache query index request response latency ' +
  'network browser server client database schema table column migration release version feature update team ' +
  'project roadmap garden kitchen recipe travel mountain river city coffee morning evening weekend market ' +
  'budget invoice customer product launch metric dashboard report analysis experiment result insight story ' +
  'writer camera photo light colour texture shadow window door bridge harbour island forest winter summer ' +
  'spring autumn festival concert museum gallery library school lesson student teacher practice habit focus ' +
  'energy health running cycling swimming training recovery sleep nutrition bread cheese tomato pepper olive ' +
  'pipeline deployment container cluster monitor alert incident postmortem backlog sprint review workflow ' +
  'simple quiet bright careful steady modern classic local global practical curious honest gentle rapid'
).split(' ')

const DE = (
  'System Dienst Inhalt Leser Redaktion Seite Gestaltung Muster Zwischenspeicher Abfrage Index Anfrage Antwort ' +
  'Netzwerk Browser Server Datenbank Tabelle Spalte Version Funktion Aktualisierung Team Projekt Garten Küche ' +
  'Rezept Reise Berg Fluss Stadt Kaffee Morgen Abend Wochenende Markt Haushalt Rechnung Kunde Produkt Bericht ' +
  'Analyse Versuch Ergebnis Erkenntnis Geschichte Kamera Licht Farbe Schatten Fenster Brücke Hafen Insel Wald ' +
  'Winter Sommer Frühling Herbst Konzert Museum Bibliothek Schule Unterricht Übung Gewohnheit Energie ' +
  'Gesundheit Laufen Radfahren Schwimmen Schlaf Ernährung Brot Käse Tomate einfach ruhig hell sorgfältig ' +
  'modern klassisch lokal praktisch neugierig ehrlich schnell gründlich über für mit ohne zwischen heute'
).split(' ')

const LINK_HOSTS = ['example.com', 'example.org', 'example.net', 'docs.example.com', 'blog.example.org']
const LANGS = ['ts', 'sql', 'bash', 'json', 'yaml']

export type Lang = 'en' | 'de'
const vocab = (lang: Lang) => (lang === 'en' ? EN : DE)

export const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)

export function words(r: Rand, lang: Lang, n: number): string {
  const v = vocab(lang)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(pick(r, v))
  return out.join(' ')
}

function sentence(r: Rand, lang: Lang): string {
  const parts = words(r, lang, int(r, 6, 16)).split(' ')
  // Decorate a word now and then: emphasis, inline code or a link.
  const i = int(r, 0, parts.length - 1)
  const roll = r()
  if (roll < 0.12) parts[i] = `**${parts[i]}**`
  else if (roll < 0.22) parts[i] = `*${parts[i]}*`
  else if (roll < 0.3) parts[i] = `\`${parts[i]}\``
  else if (roll < 0.42) parts[i] = `[${parts[i]}](https://${pick(r, LINK_HOSTS)}/${parts[i]!.toLowerCase()}-${int(r, 1, 999)})`
  const s = parts.join(' ')
  return `${cap(s)}${pick(r, ['.', '.', '.', '!', '?'])}`
}

export function paragraph(r: Rand, lang: Lang): string {
  const n = int(r, 2, 5)
  const out: string[] = []
  for (let i = 0; i < n; i++) out.push(sentence(r, lang))
  return out.join(' ')
}

function list(r: Rand, lang: Lang, ordered: boolean): string {
  const n = int(r, 3, 6)
  const out: string[] = []
  for (let i = 0; i < n; i++) {
    const item = r() < 0.3 ? `[${cap(words(r, lang, int(r, 2, 4)))}](https://${pick(r, LINK_HOSTS)}/${int(r, 1, 9999)})` : cap(words(r, lang, int(r, 3, 9)))
    out.push(`${ordered ? `${i + 1}.` : '-'} ${item}`)
  }
  return out.join('\n')
}

function codeBlock(r: Rand): string {
  const lang = pick(r, LANGS)
  const lines: string[] = []
  for (let i = 0; i < int(r, 2, 5); i++) lines.push(`${pick(r, ['const', 'let', 'select', 'echo', 'key:'])} ${words(r, 'en', int(r, 2, 5)).replace(/ /g, '_')}`)
  return `\`\`\`${lang}\n${lines.join('\n')}\n\`\`\``
}

/** A Markdown body of roughly `target` characters (default ~3 KB). */
export function markdownBody(r: Rand, lang: Lang, target = int(r, 2700, 3300)): string {
  const blocks: string[] = [paragraph(r, lang)]
  let size = blocks[0]!.length
  while (size < target) {
    const roll = r()
    let b: string
    if (roll < 0.2) b = `## ${cap(words(r, lang, int(r, 2, 6)))}`
    else if (roll < 0.28) b = `### ${cap(words(r, lang, int(r, 2, 5)))}`
    else if (roll < 0.43) b = list(r, lang, false)
    else if (roll < 0.5) b = list(r, lang, true)
    else if (roll < 0.55) b = codeBlock(r)
    else if (roll < 0.6) b = `> ${sentence(r, lang)}`
    else b = paragraph(r, lang)
    blocks.push(b)
    size += b.length + 2
  }
  return blocks.join('\n\n')
}

export const title = (r: Rand, lang: Lang) => cap(words(r, lang, int(r, 3, 8)))

/** URL slug of a text (ASCII; German umlauts transliterated). */
export function slugify(s: string): string {
  return s
    .toLowerCase()
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
}

/** Reading time at 200 words a minute, at least one minute. */
export const readingMinutes = (body: string) => Math.max(1, Math.ceil(body.split(/\s+/).filter(Boolean).length / 200))
