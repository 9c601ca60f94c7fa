import { useParams } from '@tanstack/react-router'
import './messages'
import { SocialScreen } from './SocialScreen'

export default function SocialRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/social' })
  return <SocialScreen siteId={siteId} />
}
