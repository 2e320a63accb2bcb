import { Marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

const markdown = new Marked({ gfm: true, breaks: false, async: false });

/**
 * What a document may contain once rendered: text formatting, lists, tables, links and pictures.
 * No script, style, iframe, form or event attribute; links only to http(s), mail and phone, or a
 * path of the shop; pictures only from https or the shop's own paths (the console's uploads).
 */
const RULES: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'del',
    'blockquote',
    'code',
    'pre',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'span',
  ],
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    th: ['align'],
    td: ['align'],
  },
  allowedSchemes: ['https', 'http', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => {
      const external = /^https?:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, target: '_blank', rel: 'noopener noreferrer' } : attribs,
      };
    },
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
  allowedAttributesByTag: undefined,
} as sanitizeHtml.IOptions;
// The attributes the transforms add are allowed on top of the authored ones.
(RULES.allowedAttributes as Record<string, string[]>).a.push('target', 'rel');
(RULES.allowedAttributes as Record<string, string[]>).img.push('loading');

/** Markdown → HTML a shopper's browser may show as it is. Raw HTML in the Markdown is sanitised too. */
export function renderMarkdown(source: string): string {
  const html = markdown.parse(source) as string;
  return sanitizeHtml(html, RULES).trim();
}
