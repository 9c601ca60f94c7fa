import { ProfileScreen } from './ProfileScreen'
import './messages'

export default function ProfileRoute() {
  return <ProfileScreen />
}
