import { describe, expect, it } from 'vitest';
import { lateScripts } from './late-scripts';

const BUILT = `<!doctype html>
<html lang="en">
  <head>
    <title>Wholesale Desk</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-2.js">
    <link rel="modulepreload" crossorigin href="/assets/start-3.js">
    <link rel="preload" as="style" crossorigin href="/assets/styles-4.css">
  <link rel="manifest" href="/manifest.webmanifest"></head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const transform = (html: string) => {
  const hook = lateScripts().transformIndexHtml as { handler: (html: string) => string };
  return hook.handler(html);
};

describe('index.html asks for the code after its first paint', () => {
  it('takes the requests out of the head and asks for them, in order, from a script at the end of the body', () => {
    const html = transform(BUILT);
    expect(html).not.toMatch(/<script type="module"|rel="modulepreload"|rel="preload"/);
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const list = JSON.parse(/for \(const \[kind, href\] of (\[.*?\]\])\)/.exec(html)?.[1] ?? 'null');
    expect(list).toEqual([
      ['script', '/assets/index-1.js'],
      ['module', '/assets/vendor-2.js'],
      ['module', '/assets/start-3.js'],
      ['style', '/assets/styles-4.css'],
    ]);
    expect(html.indexOf('requestAnimationFrame')).toBeGreaterThan(html.indexOf('<div id="root">'));
    expect(html.trimEnd().endsWith('</script>\n  </body>\n</html>')).toBe(true);
  });

  it('fails the build when there is no entry script to move', () => {
    expect(() => transform('<html><head></head><body></body></html>')).toThrow(/no entry script/);
  });
});
