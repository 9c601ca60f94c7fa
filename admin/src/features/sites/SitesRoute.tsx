import './messages'
import { SitesScreen } from './SitesScreen'

export default function SitesRoute() {
  return <SitesScreen />
}
