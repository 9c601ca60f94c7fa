import { AppShellLayout } from '../app/AppShellLayout'

export default AppShellLayout
