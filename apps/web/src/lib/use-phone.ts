import { useMediaQuery } from '@mantine/hooks';

/**
 * A screen narrower than Mantine's `sm` breakpoint (48em; the theme keeps Mantine's breakpoints):
 * where the side menu hides behind the burger, a list's filters behind their button, and notices
 * stand at the top. Read at the first render, so a phone's first frame is already a phone's.
 */
export function usePhone(): boolean {
  return useMediaQuery('(max-width: 47.99em)', false, { getInitialValueInEffect: false });
}
