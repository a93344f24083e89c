import { useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { confirm } from '../../../components/confirm';

/** Leaving while the import runs: the browser asks first, and so does the app's own navigation. */
export function useLeaveGuard(running: boolean) {
  // Leaving the page while the import runs: the browser asks first.
  useEffect(() => {
    if (!running) return;
    const stay = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [running]);

  // Leaving for another screen while it runs: asked too (the import goes on, but its result would not be seen).
  const blocker = useBlocker(running);
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked' || asking.current) return;
    asking.current = true;
    void confirm({
      title: 'The import is still running',
      message: 'It goes on without this screen, but you will not see its result here. Leave anyway?',
      yes: 'Leave',
      no: 'Stay',
    }).then((leave) => {
      asking.current = false;
      if (leave) blocker.proceed();
      else blocker.reset();
    });
  }, [blocker]);
}
