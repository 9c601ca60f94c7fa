/**
 * A piece of Markdown as the words a reader sees: link and image syntax give their text, heading, quote and list
 * markers and emphasis or code marks go, line breaks become spaces. For snippets cut from a Markdown body (the text
 * may start or end inside a construct, so a dangling `](…)` goes too); never for anything rendered as Markdown.
 */
export function stripMarkdown(text: string): string {
  return (
    text
      .replace(/!?\[([^\]]*)\]\([^)]*\)?/g, '$1')
      .replace(/\]\([^)\s]*\)?/g, '')
      .replace(/(^|\n)[ \t]{0,3}#{1,6}[ \t]+/g, '$1')
      .replace(/(^|\n)[ \t]{0,3}>[ \t]?/g, '$1')
      .replace(/(^|\n)[ \t]*(?:[-*+]|\d+[.)])[ \t]+/g, '$1')
      .replace(/\*+|~~|`+/g, '')
      // Underscores mark emphasis only at a word's edge (snake_case keeps its own).
      .replace(/(^|[^\p{L}\p{N}])_+|_+(?=[^\p{L}\p{N}]|$)/gu, '$1')
      .replace(/!?\[(?=[^\]]*$)/g, '')
      .replace(/\s+/g, ' ')
  )
}
