import { type ReactNode, useEffect } from 'react';
import { useLocation } from 'react-router';
import { session } from './session';

/**
 * The frame painted before any script has run. index.html's inline script draws the office's top
 * bar, side panel and footer, with the page's title where the page will put it, when this browser
 * holds an office session and has shown that very address before: on a phone the scripts take
 * seconds to arrive and start, and the clerk sees where he is meanwhile. The titles are the ones the
 * pages themselves rendered (`useShellTitle`), kept per address in local storage; the frame is
 * `aria-hidden` and is removed as soon as React has drawn the page (`removeShell`).
 */
export const SHELL_KEY = 'wd.shell';
/** The element index.html's script adds over the page while the scripts load. */
export const SHELL_ID = 'wd-shell';
/** The addresses remembered (the latest ones). */
const KEEP = 40;

interface ShellTitles {
  titles: Record<string, string>;
}

function read(): ShellTitles {
  try {
    const stored = JSON.parse(localStorage.getItem(SHELL_KEY) ?? 'null') as ShellTitles | null;
    return stored && typeof stored.titles === 'object' && stored.titles ? stored : { titles: {} };
  } catch {
    return { titles: {} };
  }
}

/**
 * Keeps `title` as the title of `path`. Only an office user's pages inside the frame: a driver's
 * screens and the print views have no such frame, and a signed-out browser gets none.
 */
export function rememberTitle(path: string, title: string) {
  const user = session.get();
  if (!user || user.driver || path.toLowerCase().includes('print')) return;
  const { titles } = read();
  if (titles[path] === title) return;
  delete titles[path];
  titles[path] = title;
  const paths = Object.keys(titles);
  for (const old of paths.slice(0, Math.max(0, paths.length - KEEP))) delete titles[old];
  try {
    localStorage.setItem(SHELL_KEY, JSON.stringify({ titles }));
  } catch {
    // Storage full or refused: the next load shows the plain start-up screen.
  }
}

// The titles are the signed-in user's pages: signing out forgets them (this module is loaded by
// every page that remembers one, so it is listening whenever there is something to forget).
session.subscribe(() => {
  if (session.get()) return;
  try {
    localStorage.removeItem(SHELL_KEY);
  } catch {
    // Nothing kept.
  }
});

/** Remembers a page's title (plain text only) for the frame of its address's next load. */
export function useShellTitle(title: ReactNode) {
  // The page's own address, as rendered: during a navigation the browser's address is already the
  // next page's while this one may still change its title.
  const { pathname } = useLocation();
  useEffect(() => {
    if (typeof title === 'string' && title) rememberTitle(pathname, title);
  }, [title, pathname]);
}

/** Takes the early frame away: React's page is in place (or its error screen is). */
export function removeShell() {
  document.getElementById(SHELL_ID)?.remove();
}
