import { useParams } from '@tanstack/react-router'
import './messages'
import './cv.css'
import { CvScreen } from './CvScreen'

export default function CvRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/cv' })
  return <CvScreen siteId={siteId} />
}
