import { createRoot } from 'react-dom/client'
import { App } from './app/App'
import { initI18n } from './shared/i18n/i18n'
import '@mantine/core/styles.css'
import '@mantine/notifications/styles.css'
import '@mantine/spotlight/styles.css'
import './app/theme.css'
import './app/app.css'

const root = document.getElementById('root')
if (!root) throw new Error('#root missing from index.html')
// The UI language (and its lazily loaded messages) before the first render: no English flash for German users.
void initI18n().then(() => createRoot(root).render(<App />))
