import { useParams } from '@tanstack/react-router'
import './messages'
import { MembersScreen } from './MembersScreen'

export default function MembersRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/members' })
  return <MembersScreen siteId={siteId} />
}
