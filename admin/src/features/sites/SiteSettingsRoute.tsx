import { useParams } from '@tanstack/react-router'
import './messages'
import { SiteSettingsScreen } from './SiteSettingsScreen'

export default function SiteSettingsRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/settings' })
  return <SiteSettingsScreen siteId={siteId} />
}
