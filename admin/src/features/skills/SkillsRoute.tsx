import { useParams } from '@tanstack/react-router'
import './messages'
import './skills.css'
import { SkillsScreen } from './SkillsScreen'

export default function SkillsRoute() {
  const { siteId } = useParams({ from: '/app/sites/$siteId/skills' })
  return <SkillsScreen siteId={siteId} />
}
