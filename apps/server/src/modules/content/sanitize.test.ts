import { describe, expect, it } from 'vitest';
import { renderPostContent, sanitizeBlogHtml } from './sanitize.ts';

// Known XSS payloads (OWASP cheat sheet style): none may leave anything executable behind.
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<iframe src="https://evil.example"></iframe>',
  '<a href="javascript:alert(1)">click</a>',
  '<a href="JaVaScRiPt:alert(1)">click</a>',
  '<a href="&#106;avascript:alert(1)">click</a>',
  '<img src="data:image/svg+xml;base64,PHN2Zz4=">',
  '<body onload=alert(1)>',
  '<div style="background:url(javascript:alert(1))">x</div>',
  '<math><mi xlink:href="javascript:alert(1)">x</mi></math>',
  '<object data="javascript:alert(1)"></object>',
  '<embed src="javascript:alert(1)">',
  '<form action="javascript:alert(1)"><button>go</button></form>',
  '"><script>alert(1)</script>',
  '<scr<script>ipt>alert(1)</scr</script>ipt>',
];

describe('sanitizeBlogHtml', () => {
  it.each(PAYLOADS)('neutralises %s', (payload) => {
    const out = sanitizeBlogHtml(`<p>before</p>${payload}<p>after</p>`).toLowerCase();
    expect(out).not.toMatch(
      /<script|<iframe|<svg|<object|<embed|<form|\son\w+=|javascript:|data:image|style=/,
    );
    expect(out).toContain('<p>before</p>');
  });

  it('keeps formatting, safe links and images, and opens outside links safely', () => {
    const out = sanitizeBlogHtml(
      '<h2>Title</h2><p><strong>Bold</strong> <a href="https://example.org">site</a></p><img src="https://example.org/a.png" alt="A">',
    );
    expect(out).toContain('<h2>Title</h2>');
    expect(out).toContain(
      '<a href="https://example.org" rel="noopener noreferrer nofollow" target="_blank">site</a>',
    );
    expect(out).toContain('<img src="https://example.org/a.png" alt="A" loading="lazy" />');
  });
});

describe('renderPostContent', () => {
  it('renders Markdown and sanitises what it produces', () => {
    const out = renderPostContent(
      'markdown',
      '# Hello\n\n[x](javascript:alert(1)) <script>alert(1)</script> **fleet**',
    );
    expect(out).toContain('<h1>Hello</h1>');
    expect(out).toContain('<strong>fleet</strong>');
    expect(out).not.toMatch(/script|javascript:/);
  });
});
