import { MESSAGE_HTML_WHITELIST } from '@cpm/contracts';
import { FilterXSS } from 'xss';

// The same whitelist the server applies on save, applied again before anything is put into the page:
// a message stored before a rule change, or Markdown in the manual, can never carry a script.
const filter = new FilterXSS({
  whiteList: { ...MESSAGE_HTML_WHITELIST, h1: ['id'], h2: ['id'], h3: ['id'], mark: [] },
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template'],
  allowCommentTag: false,
});

/** HTML reduced to the tags and attributes the product allows, ready for `dangerouslySetInnerHTML`. */
export const safeHtml = (html: string): string => filter.process(html);

/** The text of an HTML fragment, for previews and search. */
export const htmlToText = (html: string): string =>
  new FilterXSS({ whiteList: {}, stripIgnoreTag: true, stripIgnoreTagBody: ['script', 'style'] })
    .process(html.replace(/<\/(p|li|h\d|div|blockquote|tr|td)>|<br\s*\/?>/gi, ' $&'))
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
