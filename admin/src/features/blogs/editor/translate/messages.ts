import { registerMessages } from '../../../../shared/i18n/register'

const en = {
  toggle: 'Side by side with {{source}}',
  view: 'Translation: {{source}} beside {{target}}',
  source: 'Source: {{locale}} (read only)',
  target: 'Translation: {{locale}}',
  field: '{{field}} ({{locale}})',
  sourceEmpty: '(empty in {{locale}})',
}

const de: typeof en = {
  toggle: 'Nebeneinander mit {{source}}',
  view: 'Übersetzung: {{source}} neben {{target}}',
  source: 'Quelle: {{locale}} (nur lesen)',
  target: 'Übersetzung: {{locale}}',
  field: '{{field}} ({{locale}})',
  sourceEmpty: '(leer in {{locale}})',
}

registerMessages('blogTranslate', en, de)
