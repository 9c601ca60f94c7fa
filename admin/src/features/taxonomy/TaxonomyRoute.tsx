import { useParams } from '@tanstack/react-router'
import './messages'
import '../../shared/ui/lists.css'
import './taxonomy.css'
import { TaxonomyScreen } from './TaxonomyScreen'

export default function TaxonomyRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/taxonomy' })
  return <TaxonomyScreen siteId={siteId} />
}
