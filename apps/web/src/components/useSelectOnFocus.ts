import { type FocusEvent, useMemo, useRef } from 'react';

/**
 * Handlers for a text box whose text is selected as it gets the focus, so that typing replaces it.
 * The selection waits for the next frame (a select box sets its own text as it is focused), and is
 * made only if nothing was typed in between: on a busy machine a fast typist's or a scanner's
 * first keys can arrive before that frame, and selecting them then would let the next key replace
 * them ("My Sec" arriving as "y Sec").
 */
export function useSelectOnFocus() {
  const typed = useRef(false);
  return useMemo(
    () => ({
      onFocus(e: FocusEvent<HTMLInputElement>) {
        typed.current = false;
        const input = e.currentTarget;
        requestAnimationFrame(() => {
          if (!typed.current && document.activeElement === input) input.select();
        });
      },
      onInput() {
        typed.current = true;
      },
    }),
    [],
  );
}
