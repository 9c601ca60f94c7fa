import type { Action, GenerateResult } from './schemas.js'

export type OutputField = keyof GenerateResult

/** What each action fills (per action); the rest of the answer is null. */
export const ACTION_FIELDS: Record<Exclude<Action, 'translate'>, readonly OutputField[]> = {
  seo: ['meta_title', 'meta_description'],
  excerpt: ['excerpt'],
  draft_outline: ['title', 'subtitle', 'outline'],
  draft_post: ['body', 'excerpt', 'meta_title', 'meta_description'],
}

/** Fields translate handles, in answer order. */
export const TRANSLATABLE = ['title', 'subtitle', 'excerpt', 'body', 'meta_title', 'meta_description'] as const
export type TranslatableField = (typeof TRANSLATABLE)[number]

/** Hard length limits, enforced on the model's output too (trimmed at a word boundary). */
export const MAX_LENGTH: Partial<Record<OutputField, number>> = { meta_title: 60, meta_description: 160 }

/** Built-in task instructions; a site's system_prompts replace them per action. The output format is appended separately. */
export const BUILT_IN_PROMPTS: Record<Action, string> = {
  seo:
    'You are an SEO editor. From the blog post the user sends, write a meta title (at most 60 characters) and a meta description ' +
    '(at most 160 characters) in the language of the post. Be specific and accurate; no clickbait, no quotation marks.',
  excerpt:
    'You are an editor. From the blog post the user sends, write an excerpt of one or two sentences (at most 300 characters) in the language of the post, as plain text.',
  translate:
    'You are a professional translator. Translate the text the user sends into the target language. Translate faithfully; ' +
    'do not add, drop or explain anything, and answer only with the translation.',
  draft_outline:
    'You are a content strategist. From the topic idea the user sends, propose a blog post title, a subtitle, and an outline as a ' +
    'Markdown list of sections (one line each, with short notes), in the language of the topic idea.',
  draft_post:
    'You are a writer. The user sends a title and an outline. Write the full blog post body in Markdown following the outline, ' +
    'plus an excerpt (one or two sentences), a meta title (at most 60 characters) and a meta description (at most 160 characters), ' +
    'in the language of the input.',
}

/** Per-field rules of a translation (each field is translated on its own). */
export const FIELD_RULES: Record<TranslatableField, string> = {
  title: 'The text is a title: keep it one line, no trailing period.',
  subtitle: 'The text is a subtitle: keep it one line.',
  excerpt: 'The text is a short excerpt in plain text.',
  body:
    'The text is Markdown. Keep every Markdown construct exactly: headings, lists, emphasis, tables, block quotes; keep link ' +
    'and image URLs, inline code and HTML tags unchanged and translate only the visible prose. Tokens like @@CODE0@@ stand for ' +
    'code blocks: copy them unchanged, each on its own line.',
  meta_title: 'The text is a page meta title: the translation must be at most 60 characters.',
  meta_description: 'The text is a page meta description: the translation must be at most 160 characters.',
}

/** The output-format instruction appended to every system prompt (not overridable: Atrium parses it). */
export function formatInstruction(fields: readonly string[], json: boolean): string {
  if (json) {
    return `Answer with exactly one JSON object and nothing else. Its keys are ${fields.map((f) => `"${f}"`).join(', ')}; every value is a string.`
  }
  return (
    `Answer only with these XML tags, each exactly once, with plain text or Markdown inside and nothing outside them: ` +
    fields.map((f) => `<${f}>...</${f}>`).join(' ')
  )
}
