import { Kbd, Modal, Table } from '@mantine/core'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'

/** Typing "?" in a text field is text: the list opens only when the focus is elsewhere. */
function inTextField(target: EventTarget | null): boolean {
  const el = target instanceof HTMLElement ? target : null
  if (!el) return false
  return el.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName) || el.shadowRoot !== null
}

/** "?" lists the admin's keyboard shortcuts. */
export function ShortcutsHelp() {
  const { t } = useTranslation('shell')
  const [opened, setOpened] = useState(false)
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key === '?' && !e.ctrlKey && !e.metaKey && !e.altKey && !inTextField(e.target)) {
        e.preventDefault()
        setOpened(true)
      }
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [])
  const rows: [string[], string][] = [
    [['Ctrl', 'K'], t('shortcuts.palette')],
    [['Ctrl', 'S'], t('shortcuts.save')],
    [['Esc', 'Tab'], t('shortcuts.leave')],
    [['?'], t('shortcuts.help')],
  ]
  return (
    <Modal opened={opened} onClose={() => setOpened(false)} title={t('shortcuts.title')} closeButtonProps={{ 'aria-label': t('shortcuts.close') }}>
      <Table>
        <Table.Tbody>
          {rows.map(([keys, what]) => (
            <Table.Tr key={what}>
              <Table.Td className="kbd-keys">
                {keys.map((k, i) => (
                  <span key={k}>
                    {i > 0 && ' '}
                    <Kbd>{k}</Kbd>
                  </span>
                ))}
              </Table.Td>
              <Table.Td>{what}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Modal>
  )
}
