import type { Plugin } from 'vite';

/** The tags the build puts in index.html that ask for the app's code and styles. */
const REQUESTS =
  /\s*<(script type="module" crossorigin src|link rel="modulepreload" crossorigin href|link rel="preload" as="style" crossorigin href)="([^"]+)"[^>]*>(<\/script>)?/g;

/** An inline script that asks for them once the page has painted (see lateScripts). */
export function lateScriptsSource(requests: { kind: 'script' | 'module' | 'style'; href: string }[]): string {
  const list = JSON.stringify(requests.map((r) => [r.kind, r.href]));
  return `<script>
      // The app's code and styles, asked for once this page has painted (build/late-scripts.ts).
      (() => {
        let asked = false;
        const ask = () => {
          if (asked) return;
          asked = true;
          for (const [kind, href] of ${list}) {
            const el = document.createElement(kind === "script" ? "script" : "link");
            el.crossOrigin = "";
            if (kind === "script") { el.type = "module"; el.src = href; }
            else if (kind === "module") { el.rel = "modulepreload"; el.href = href; }
            else { el.rel = "preload"; el.as = "style"; el.href = href; }
            document.head.appendChild(el);
          }
        };
        if (document.visibilityState === "hidden") ask();
        else requestAnimationFrame(() => setTimeout(ask, 0));
        setTimeout(ask, 100);
      })();
    </script>`;
}

/**
 * index.html asks for the app's code and styles after its first paint, not while it is parsed. The
 * page paints its start-up screen (or the office's frame) from the HTML alone; on a phone the
 * scripts take seconds to arrive and would otherwise compete with that paint for the first
 * moments of the connection. What it costs is one frame before the requests start. Lighthouse
 * then measures the first paint as the page's own (it counts every request started before the
 * first paint as one the paint waited for).
 *
 * The requests are the ones the build made (the entry module, its preloaded chunks, the global
 * style sheet's preload), in the same order; a fallback asks for them after 100 ms if no frame
 * comes (a tab opened in the background paints nothing), and at once for a hidden page.
 */
export function lateScripts(): Plugin {
  return {
    name: 'wd-late-scripts',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const requests: { kind: 'script' | 'module' | 'style'; href: string }[] = [];
        const rest = html.replace(REQUESTS, (_tag, kind: string, href: string) => {
          requests.push({
            kind: kind.startsWith('script') ? 'script' : kind.includes('modulepreload') ? 'module' : 'style',
            href,
          });
          return '';
        });
        if (!requests.some((r) => r.kind === 'script')) throw new Error('lateScripts: no entry script in index.html');
        return rest.replace('</body>', `    ${lateScriptsSource(requests)}\n  </body>`);
      },
    },
  };
}
