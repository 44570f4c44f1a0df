import { describe, expect, it } from 'vitest';
import { sanitizeMessageContent } from './message-content';

describe('sanitizeMessageContent', () => {
  it('keeps the formatting the editor produces', () => {
    const html =
      '<h2>Notice</h2><p class="ql-align-center"><strong>Bold</strong> <em>it</em> <u>u</u> <a href="https://example.com" target="_blank">link</a></p><ol><li data-list="bullet">one</li></ol>';
    expect(sanitizeMessageContent(html)).toBe(html);
  });

  it.each([
    ['<script>alert(1)</script><p>x</p>', '<p>x</p>'],
    ['<p onclick="alert(1)">x</p>', '<p>x</p>'],
    ['<img src="x.png" onerror="alert(1)">', '<img src>'],
    ['<a href="javascript:alert(1)">x</a>', '<a href>x</a>'],
    ['<a href=" JaVaScRiPt:alert(1)">x</a>', '<a href>x</a>'],
    ['<iframe src="https://evil.example"></iframe><p>y</p>', '<p>y</p>'],
    ['<style>body{display:none}</style><p>z</p>', '<p>z</p>'],
    ['<svg><script>alert(1)</script></svg>', ''],
  ])('removes active content from %s', (input, expected) => {
    const out = sanitizeMessageContent(input);
    expect(out).toBe(expected);
    expect(out.toLowerCase()).not.toMatch(/<script|javascript:|onerror|onclick|<iframe|<style/);
  });

  it('keeps only safe style declarations', () => {
    expect(sanitizeMessageContent('<span style="color: red;">r</span>')).toBe(
      '<span style="color:red;">r</span>',
    );
    expect(sanitizeMessageContent('<span style="background:url(javascript:x)">r</span>')).not.toContain(
      'javascript',
    );
  });
});
