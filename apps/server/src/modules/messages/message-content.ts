import { MESSAGE_HTML_WHITELIST } from '@cpm/contracts';
import { FilterXSS } from 'xss';

// A whitelist filter: anything not listed (script, iframe, style, on* handlers) is removed, and the
// bodies of script and style are dropped rather than kept as text. `javascript:` and other unsafe
// URL schemes are cleared from href and src by the filter's URL check.
const filter = new FilterXSS({
  whiteList: MESSAGE_HTML_WHITELIST,
  stripIgnoreTag: true,
  stripIgnoreTagBody: ['script', 'style', 'noscript', 'template'],
  allowCommentTag: false,
});

/** Message rich text reduced to the tags and attributes the product allows. */
export const sanitizeMessageContent = (html: string): string => filter.process(html).trim();
