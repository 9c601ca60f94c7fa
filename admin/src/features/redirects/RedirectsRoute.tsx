import { useParams } from '@tanstack/react-router'
import './messages'
import '../../shared/ui/lists.css'
import './redirects.css'
import { RedirectsScreen } from './RedirectsScreen'

export default function RedirectsRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/redirects' })
  return <RedirectsScreen siteId={siteId} />
}
