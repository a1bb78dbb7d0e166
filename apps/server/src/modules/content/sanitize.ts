import { marked } from 'marked';
import sanitizeHtml from 'sanitize-html';

/**
 * Blog HTML as visitors get it: formatting, links, images and tables only. No script, iframe, style,
 * inline event handler or javascript:/data: link survives (spec 002 §5).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    ...sanitizeHtml.defaults.allowedTags.filter((t) => t !== 'iframe'),
    'img',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel', 'target'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    code: ['class'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // Links that leave the site open safely.
    a: (tagName, attribs) => ({
      tagName,
      attribs: /^https?:\/\//.test(attribs.href ?? '')
        ? { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' }
        : attribs,
    }),
    img: (tagName, attribs) => ({ tagName, attribs: { ...attribs, loading: 'lazy' } }),
  },
};

export const sanitizeBlogHtml = (html: string): string => sanitizeHtml(html, OPTIONS);

/** Renders a post's source (Markdown or HTML) to sanitised HTML. */
export function renderPostContent(format: 'markdown' | 'html', source: string): string {
  const html = format === 'markdown' ? (marked.parse(source, { async: false, gfm: true }) as string) : source;
  return sanitizeBlogHtml(html);
}
