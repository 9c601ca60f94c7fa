import { useParams } from '@tanstack/react-router'
import { PlaceholderScreen } from '../features/placeholder/PlaceholderScreen'
import { NotFound } from '../app/NotFound'
import { isScreen } from '../app/areas'

export default function AreaRoute() {
  const { area } = useParams({ strict: false })
  if (!area || !isScreen(area)) return <NotFound />
  return <PlaceholderScreen screen={area} />
}
