import { STORED_IMAGE_PATH } from '@dp/contract';
import sanitizeHtml from 'sanitize-html';

/** Pictures the editor uploaded (POST /api/upload) and any other stored image; nothing from elsewhere. */
const STORED_IMAGE = STORED_IMAGE_PATH;

/**
 * The allow-list of data-state HTML: what the editor produces (headings, text styles, lists, links,
 * tables, stored pictures) and nothing else. No attribute can carry a script or a style: no `on*`,
 * no `style`, no `class`, no `hidden`; links only to http(s), mailto or this site; the content of
 * scripts, styles, frames and other active elements is dropped along with them.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'p',
    'br',
    'hr',
    'blockquote',
    'pre',
    'code',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'strike',
    'del',
    'sub',
    'sup',
    'mark',
    'ul',
    'ol',
    'li',
    'a',
    'img',
    'table',
    'caption',
    'colgroup',
    'col',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    ol: ['start'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Dropped with everything inside them, not only their tags.
  nonTextTags: [
    'script',
    'style',
    'textarea',
    'option',
    'noscript',
    'iframe',
    'frame',
    'frameset',
    'object',
    'embed',
    'applet',
    'template',
    'svg',
    'math',
    'title',
    'head',
    'select',
    'button',
    'form',
    'video',
    'audio',
    'canvas',
  ],
  exclusiveFilter: (frame) => frame.tag === 'img' && !STORED_IMAGE.test(frame.attribs.src ?? ''),
  transformTags: {
    a: (tagName, attribs) => {
      const { href, title } = attribs;
      const external = href !== undefined && /^https?:\/\//i.test(href);
      // A link to another site opens in a new tab, without access to this one (reverse tabnabbing).
      return {
        tagName,
        attribs: {
          ...(href !== undefined ? { href } : {}),
          ...(title !== undefined ? { title } : {}),
          ...(external ? { target: '_blank', rel: 'noopener noreferrer nofollow' } : {}),
        },
      };
    },
  },
};

/** The HTML of a data-state entry reduced to the allow-list; safe to render as it is. */
export function sanitizeEntryHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** True when sanitised HTML shows nothing: no text, no picture, no table, no rule. */
export function isBlankHtml(html: string): boolean {
  if (/<(img|table|hr)\b/i.test(html)) return false;
  const text = sanitizeHtml(html, { allowedTags: [], allowedAttributes: {} });
  return text.replace(/&nbsp;|&#160;|\s/g, '') === '';
}
