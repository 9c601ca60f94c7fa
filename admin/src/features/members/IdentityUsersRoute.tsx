import './messages'
import { IdentityUsersScreen } from './IdentityUsersScreen'

export default function IdentityUsersRoute() {
  return <IdentityUsersScreen />
}
