import type { Schemas } from '@atrium-cms/client'
import { Card, List, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { AnchorLink } from '../../../shared/ui/links'

interface Props {
  siteId: string
  id: string
  title: string
  empty: string
  posts: Schemas['BlogListItem'][] | undefined
  /** What to show under each post's link. */
  detail: (post: Schemas['BlogListItem']) => ReactNode
}

/** A short list of posts (the In Review queue, what is scheduled), each linking to its editor. */
export function PostQueue({ siteId, id, title, empty, posts, detail }: Props) {
  return (
    <Card withBorder component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb="xs">
        {title}
      </Title>
      {posts && posts.length === 0 && <Text c="dimmed">{empty}</Text>}
      <List listStyleType="none" spacing="xs">
        {posts?.map((b) => (
          <List.Item key={b.id}>
            <AnchorLink to="/sites/$siteId/$area/$recordId" params={{ siteId, area: 'blogs', recordId: b.id }}>
              {b.title ?? b.slug}
            </AnchorLink>
            {detail(b)}
          </List.Item>
        ))}
      </List>
    </Card>
  )
}
