import './messages'
import { ImportScreen } from './ImportScreen'

export default function ImportRoute() {
  return <ImportScreen />
}
