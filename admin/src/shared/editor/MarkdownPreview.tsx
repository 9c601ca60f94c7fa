import Markdown from 'react-markdown'
import rehypeSanitize from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'

/** The body as readers will see it; raw HTML is never rendered (rehype-sanitize). */
export default function MarkdownPreview({ source }: { source: string }) {
  return (
    <div className="md-preview">
      <Markdown remarkPlugins={[remarkGfm]} rehypePlugins={[rehypeSanitize]}>
        {source}
      </Markdown>
    </div>
  )
}
