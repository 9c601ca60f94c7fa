import { registerMessages } from '../i18n/register'

/** The leave guard's strings (shell chunk). */
const en = {
  title: 'Leave with unsaved changes?',
  text: 'Changes on this screen are not saved yet. Stay to save them, or leave and lose them.',
  stay: 'Stay',
  leave: 'Leave',
  signOut: 'Sign out anyway',
  close: 'Close',
}

const de: typeof en = {
  title: 'Mit ungespeicherten Änderungen verlassen?',
  text: 'Änderungen auf dieser Seite sind noch nicht gespeichert. Bleiben Sie, um sie zu speichern, oder verlassen Sie die Seite und verwerfen Sie sie.',
  stay: 'Bleiben',
  leave: 'Verlassen',
  signOut: 'Trotzdem abmelden',
  close: 'Schließen',
}

registerMessages('leaveGuard', en, de)
