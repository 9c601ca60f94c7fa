import { useParams } from '@tanstack/react-router'
import { DashboardScreen } from '../features/dashboard/DashboardScreen'

export default function DashboardRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId' })
  return <DashboardScreen siteId={siteId} />
}
