import MarkdownIt from 'markdown-it'

// The owner's Markdown (page descriptions, incident messages) as HTML safe to put on a public page: raw HTML is
// escaped, not passed through; only http, https and mailto links are made (markdown-it refuses javascript:,
// vbscript:, file: and data: itself); links open without handing the page to the target; no images (they would
// load from anywhere the owner's text points).
const md = new MarkdownIt('default', { html: false, linkify: true, typographer: false, breaks: true })
md.disable(['image'])
md.validateLink = (url) => /^(https?:|mailto:)/i.test(url.trim())

const defaultLinkOpen =
  md.renderer.rules.link_open ?? ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options))
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  tokens[idx]?.attrSet('rel', 'nofollow noopener noreferrer ugc')
  return defaultLinkOpen(tokens, idx, options, env, self)
}

export const renderMarkdown = (text: string): string => md.render(text).trim()
