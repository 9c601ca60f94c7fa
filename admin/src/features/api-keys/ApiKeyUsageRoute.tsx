import { useParams } from '@tanstack/react-router'
import './messages'
import { ApiKeyUsageScreen } from './ApiKeyUsageScreen'

export default function ApiKeyUsageRoute() {
  const { siteId, keyId } = useParams({ from: '/app/sites/$siteId/api-keys/$keyId' })
  return <ApiKeyUsageScreen siteId={siteId} keyId={keyId} />
}
