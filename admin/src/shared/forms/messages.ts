import { registerMessages } from '../i18n/register'

/** The leave guard's strings (shell chunk). */
const en = {
  title: 'Leave with unsaved changes?',
  text: 'Changes on this screen are not saved yet. Stay to save them, or leave and lose them.',
  stay: 'Stay',
  leave: 'Leave',
  signOut: 'Sign out anyway',
  close: 'Close',
  discardTitle: 'Discard what you typed?',
  discardText: 'What you typed here is not saved yet. Keep editing to save it, or discard it.',
  keepEditing: 'Keep editing',
  discard: 'Discard',
}

const de: typeof en = {
  title: 'Mit ungespeicherten Änderungen verlassen?',
  text: 'Änderungen auf dieser Seite sind noch nicht gespeichert. Bleiben Sie, um sie zu speichern, oder verlassen Sie die Seite und verwerfen Sie sie.',
  stay: 'Bleiben',
  leave: 'Verlassen',
  signOut: 'Trotzdem abmelden',
  close: 'Schließen',
  discardTitle: 'Eingaben verwerfen?',
  discardText: 'Was Sie hier eingegeben haben, ist noch nicht gespeichert. Bearbeiten Sie weiter, um es zu speichern, oder verwerfen Sie es.',
  keepEditing: 'Weiter bearbeiten',
  discard: 'Verwerfen',
}

registerMessages('leaveGuard', en, de)
