import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from './confirm';

/**
 * While `active`, leaving is asked first: closing or reloading the tab (the browser's own question)
 * and going to another screen in the app (`title` and `message`, Leave or Stay).
 */
export function useLeaveGuard(active: boolean, question: { title: string; message: string }) {
  useEffect(() => {
    if (!active) return;
    const stay = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [active]);

  const blocker = useBlocker(active);
  const asking = useRef(false);
  const { title, message } = question;
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({ title, message, yes: 'Leave', no: 'Stay' }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker, title, message]);
}
