import { registerMessages } from '../../shared/i18n/register'

const en = {
  title: 'Analytics',
  intro: 'Pageviews recorded through the API: no cookies, no personal data; visitors are counted per day.',
  period: 'Period',
  days: { 7: 'Last 7 days', 30: 'Last 30 days', 90: 'Last 90 days', 365: 'Last 365 days' },
  loading: 'Loading the report…',
  loadFailed: 'The report could not be loaded',
  totalViews: 'Views',
  totalVisitors: 'Unique visitors',
  visitorsHint: 'Summed per day: visitors cannot be followed across days.',
  trend: 'Views and visitors per day',
  chartLabel: 'Line chart of views and unique visitors per day from {{from}} to {{to}}: {{views}} views, {{visitors}} unique visitors in total.',
  chartPeak: 'The busiest day was {{day}} with {{views}} views.',
  chartEmpty: 'No views in this period.',
  tableToggle: 'Show the numbers per day as a table',
  tableCaption: 'Views and unique visitors per day',
  columns: { date: 'Day', views: 'Views', visitors: 'Unique visitors', path: 'Path', share: 'Share of views' },
  topContent: 'Top content',
  topEmpty: 'No pages were viewed in this period.',
  referrers: 'Referrers',
  referrersNone: 'Atrium stores only the referring domain of each view and does not report them yet.',
  aggregate: 'Aggregate now',
  aggregateHint:
    'Rolls the raw pageviews of past days into daily statistics and deletes raw events older than 90 days; the statistics stay. A daily job does this too.',
  aggregated: 'Aggregated: {{count}} rows written or removed.',
  aggregateFailed: 'Aggregation failed',
}

const de: typeof en = {
  title: 'Statistik',
  intro: 'Über die API erfasste Seitenaufrufe: ohne Cookies und ohne personenbezogene Daten; Besucher werden pro Tag gezählt.',
  period: 'Zeitraum',
  days: { 7: 'Letzte 7 Tage', 30: 'Letzte 30 Tage', 90: 'Letzte 90 Tage', 365: 'Letzte 365 Tage' },
  loading: 'Bericht wird geladen …',
  loadFailed: 'Der Bericht konnte nicht geladen werden',
  totalViews: 'Aufrufe',
  totalVisitors: 'Eindeutige Besucher',
  visitorsHint: 'Pro Tag summiert: Besucher lassen sich nicht über Tage hinweg verfolgen.',
  trend: 'Aufrufe und Besucher pro Tag',
  chartLabel:
    'Liniendiagramm der Aufrufe und eindeutigen Besucher pro Tag vom {{from}} bis {{to}}: insgesamt {{views}} Aufrufe, {{visitors}} eindeutige Besucher.',
  chartPeak: 'Der stärkste Tag war der {{day}} mit {{views}} Aufrufen.',
  chartEmpty: 'Keine Aufrufe in diesem Zeitraum.',
  tableToggle: 'Zahlen pro Tag als Tabelle zeigen',
  tableCaption: 'Aufrufe und eindeutige Besucher pro Tag',
  columns: { date: 'Tag', views: 'Aufrufe', visitors: 'Eindeutige Besucher', path: 'Pfad', share: 'Anteil der Aufrufe' },
  topContent: 'Meistgelesene Inhalte',
  topEmpty: 'In diesem Zeitraum wurden keine Seiten aufgerufen.',
  referrers: 'Verweise',
  referrersNone: 'Atrium speichert zu jedem Aufruf nur die verweisende Domain und meldet sie noch nicht.',
  aggregate: 'Jetzt zusammenfassen',
  aggregateHint:
    'Fasst die Rohdaten vergangener Tage zu Tagesstatistiken zusammen und löscht Rohdaten, die älter als 90 Tage sind; die Statistiken bleiben. Ein täglicher Auftrag tut das ebenfalls.',
  aggregated: 'Zusammengefasst: {{count}} Zeilen geschrieben oder entfernt.',
  aggregateFailed: 'Das Zusammenfassen ist fehlgeschlagen',
}

registerMessages('analytics', en, de)
