import { describe, expect, it } from 'vitest';
import { htmlToText, safeHtml } from './messageHtml';

describe('safeHtml', () => {
  it('keeps formatting and drops scripts, handlers and javascript: links', () => {
    expect(safeHtml('<p><strong>Hi</strong></p>')).toBe('<p><strong>Hi</strong></p>');
    const out = safeHtml(
      '<p onclick="x()">a<script>alert(1)</script></p><a href="javascript:alert(1)">b</a>',
    );
    expect(out).toBe('<p>a</p><a href>b</a>');
  });

  it('keeps heading ids so the manual contents can link to them', () => {
    expect(safeHtml('<h2 id="my-messages">My Messages</h2>')).toBe('<h2 id="my-messages">My Messages</h2>');
  });
});

describe('htmlToText', () => {
  it('gives the plain text of a message', () => {
    expect(htmlToText('<p>Tom &amp; Jerry</p><ul><li>one</li></ul><script>x</script>')).toBe(
      'Tom & Jerry one',
    );
  });
});
