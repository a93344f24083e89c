import { Center, Loader, Stack, Text } from '@mantine/core';
import { PRODUCT_NAME } from '@wd/contracts';
import { useEffect, useSyncExternalStore } from 'react';
import { type Location, Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from 'react-router';
import { removeShell } from '../lib/app-shell';
import { checkToken } from '../lib/guards';
import type { RouteHandle } from '../lib/route-types';
import { restoreSession, session } from '../lib/session';

const RECHECK_MS = 60_000;
let lastCheck = Date.now();

/**
 * Above every route: the page title ("<route title> | Wholesale Desk"),
 * scroll reset, the session check on navigation, and sign-out when the
 * session ends (logout, expiry, or the token removed in another tab).
 */
export function Root() {
  const matches = useMatches();
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSyncExternalStore(session.subscribe, session.get);
  const handle = [...matches].reverse().find((m) => (m.handle as RouteHandle | undefined)?.title)?.handle as
    | RouteHandle
    | undefined;
  const isPublic = matches.some((m) => (m.handle as RouteHandle | undefined)?.public);

  // The first page is drawn: the frame index.html painted before the scripts goes.
  useEffect(removeShell, []);

  useEffect(() => {
    document.title = handle?.title ? `${handle.title} | ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [handle?.title]);

  // Before each navigation the session is checked again (at most once a minute); errors are only logged.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each navigation
  useEffect(() => {
    if (Date.now() - lastCheck < RECHECK_MS) return;
    lastCheck = Date.now();
    void restoreSession(checkToken, true);
  }, [location.pathname]);

  useEffect(() => {
    if (!user && !isPublic) navigate('/signin', { replace: true });
  }, [user, isPublic, navigate]);

  return (
    <>
      {/* Keyed by history entry: a new page starts at the top, Back/Forward restore where the user was. */}
      <ScrollRestoration getKey={scrollKey} />
      <Outlet />
    </>
  );
}

/**
 * The key a page's scroll position is kept under. A history entry the app made has its own key. An
 * address typed, bookmarked or opened from outside has none (React Router calls every such entry
 * "default"), so it is keyed by its address: otherwise the sign-in page's position was "restored"
 * on the next page loaded that way, a whole extra render after the page had shown.
 */
export function scrollKey(location: Location): string {
  return location.key === 'default' ? `${location.pathname}${location.search}` : location.key;
}

/**
 * Shown while the first route's guard restores the session; it takes over from the same words in
 * index.html, which show before any script has run.
 */
export function StartupLoader() {
  // Whatever takes over from it (the first page, or the router's error screen) goes without the early frame over it.
  useEffect(() => removeShell, []);
  return (
    <Center mih="100vh">
      <Stack align="center" gap="xs">
        <Loader aria-label="Loading" />
        <Text size="sm" c="dimmed">
          {PRODUCT_NAME}
        </Text>
      </Stack>
    </Center>
  );
}
