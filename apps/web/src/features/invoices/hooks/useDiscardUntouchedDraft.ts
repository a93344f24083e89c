import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { callPath, callRoutes, type InvoiceSummary } from '@wd/contracts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError, callApi } from '../../../lib/api-client';
import { keys } from '../../../lib/query-keys';
import { session } from '../../../lib/session';

const { invoiceCalls, invoiceDraftCalls } = callRoutes;

type Draft = Pick<InvoiceSummary, 'status' | 'type'>;

/** Discards scheduled by an unmount, cancelled when the same page mounts again at once (React's StrictMode check). */
const scheduled = new Map<number, ReturnType<typeof setTimeout>>();
/** The draft this tab discarded while the page was going away (reload, tab closed, another site). */
const GONE_KEY = 'wd.discardedDraft';

/** Resolves once no change is under way, so a save the user just made lands before the discard is asked. */
function whenIdle(queryClient: QueryClient): Promise<void> {
  return new Promise((resolve) => {
    if (queryClient.isMutating() === 0) return resolve();
    const unsubscribe = queryClient.getMutationCache().subscribe(() => {
      if (queryClient.isMutating() > 0) return;
      unsubscribe();
      resolve();
    });
  });
}

async function discard(queryClient: QueryClient, id: number) {
  await whenIdle(queryClient);
  try {
    const { discarded } = await callApi(invoiceDraftCalls.discardDraft, { params: { id } });
    if (!discarded) return;
    queryClient.removeQueries({ queryKey: keys.invoices.detail(id) });
    await queryClient.invalidateQueries({ queryKey: keys.invoices.lists() });
  } catch {
    // Already deleted, or the session ended: nothing to tidy up.
  }
}

/** While the page goes away a normal request may be cut off; a keepalive one is still sent. */
function discardOnPageHide(id: number, draft: Draft | undefined) {
  const token = session.token();
  if (!token) return;
  sessionStorage.setItem(GONE_KEY, JSON.stringify({ id, type: draft?.type ?? 'invoice' }));
  fetch(`/api/${callPath(invoiceDraftCalls.discardDraft, { id })}`, {
    method: 'POST',
    keepalive: true,
    headers: { Token: token },
  }).catch(() => {});
}

/** Where to go instead of the draft `id` when this tab discarded it on its way out (reading has no effect). */
function goneDraftPath(id: number): string | null {
  const raw = sessionStorage.getItem(GONE_KEY);
  const gone = raw ? (JSON.parse(raw) as { id: number; type: Draft['type'] }) : null;
  if (gone?.id !== id) return null;
  return gone.type === 'consignment' ? '/invoices/consignment/new' : '/invoices/new';
}

/**
 * Whether the server still has the invoice: a draft marked as discarded on
 * the way out is only gone when the server agreed (it keeps a draft someone
 * touched: a line, a customer, a payment, text).
 */
async function stillThere(id: number): Promise<boolean> {
  try {
    await callApi(invoiceCalls.summary, { params: { id } });
    return true;
  } catch (error) {
    return !(error instanceof ApiError && error.status === 404);
  }
}

/**
 * Opening a draft this tab discarded while the page went away (a reload, or
 * Back from another site) answers the New Invoice route to go to instead, so
 * the user gets a fresh draft rather than "The invoice doesn't exist"; a draft
 * the server kept opens as it is. `checking` while the server is asked.
 */
export function useDiscardedDraftRedirect(id: number): { path: string | null; checking: boolean } {
  const marked = useMemo(() => goneDraftPath(id), [id]);
  const [gone, setGone] = useState<boolean | null>(null);
  useEffect(() => {
    if (!marked) return;
    sessionStorage.removeItem(GONE_KEY);
    let live = true;
    void stillThere(id).then((there) => live && setGone(!there));
    return () => {
      live = false;
    };
  }, [id, marked]);
  if (!marked) return { path: null, checking: false };
  return { path: gone ? marked : null, checking: gone === null };
}

/**
 * Leaving the edit screen of a NEW invoice asks the server to remove it if
 * nobody touched it (the server decides: no customer, line, payment or text),
 * so New Invoice then Back leaves no empty draft behind.
 */
export function useDiscardUntouchedDraft(id: number, draft: Draft | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const latest = useRef(draft);
  latest.current = draft;

  useEffect(() => {
    if (!id) return;
    clearTimeout(scheduled.get(id));
    scheduled.delete(id);
    // The page came back from the browser's cache after the draft was discarded on its way out.
    const reopen = async () => {
      const path = goneDraftPath(id);
      if (!path) return;
      sessionStorage.removeItem(GONE_KEY);
      if (!(await stillThere(id))) navigate(path, { replace: true });
    };
    // A submitted invoice is never a draft again: no need to ask.
    const mayDiscard = () => latest.current === undefined || latest.current.status === 'NEW';
    const onPageHide = () => mayDiscard() && discardOnPageHide(id, latest.current);
    const onPageShow = (event: PageTransitionEvent) => event.persisted && void reopen();
    window.addEventListener('pagehide', onPageHide);
    window.addEventListener('pageshow', onPageShow);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      window.removeEventListener('pageshow', onPageShow);
      if (!mayDiscard()) return;
      scheduled.set(
        id,
        setTimeout(() => {
          scheduled.delete(id);
          void discard(queryClient, id);
        }, 0),
      );
    };
  }, [id, navigate, queryClient]);
}
