import { useParams } from '@tanstack/react-router'
import './messages'
import { ExportScreen } from './ExportScreen'

export default function ExportRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/export' })
  return <ExportScreen siteId={siteId} />
}
