import {
  Combobox,
  type CSSVariablesResolver,
  createTheme,
  darken,
  luminance,
  MantineProvider,
  Modal,
} from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router';
import { removeShell } from '../lib/app-shell';
import { queryClient } from '../lib/query-client';
import { usePhone } from '../lib/use-phone';
import type { AppRouter } from './router';

/**
 * The theme, for WCAG 2.2 AA contrast (docs/web.md, "Accessibility"): filled buttons and badges,
 * links and coloured text use shade 8 (white on blue.8 is 5.0:1; Mantine's shade 6 gave 3.6:1), and
 * a filled colour too light for white text (green, orange, teal, cyan, yellow) gets black text
 * (`autoContrast`; the threshold is where white stops reaching 4.5:1).
 */
const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  autoContrast: true,
  // A user whose system asks for less motion gets no transitions (menus, dialogs, notices).
  respectReducedMotion: true,
  luminanceThreshold: 0.183,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'sm',
  components: {
    // Mantine's × on a dialog has no name of its own. Not "Close": dialogs have a Close button too.
    Modal: Modal.extend({ defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss' } } }),
    // A dialog's title bar is a plain block: Mantine draws it as a <header>, which outside <main> (a
    // dialog is portalled to the body) is a banner landmark, read out inside every dialog.
    ModalHeader: { defaultProps: { component: 'div' } },
    // A closed dropdown (Select, Autocomplete …) is not kept in the page: Mantine keeps it mounted and
    // hidden by default, which on a list screen meant every filter rendered its options and placed
    // its dropdown at start. One that picks its option on blur still keeps it (`autoSelectOnBlur`).
    Combobox: Combobox.extend({ defaultProps: { keepMounted: false } }),
  },
});

/** The WCAG contrast ratio of two colours. */
function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light + 0.05) / (dark + 0.05);
}

/** `color`, darkened step by step until it is at least 4.6:1 on each background (AA asks 4.5:1). */
export function readable(color: string, backgrounds: string[]): string {
  let c = color;
  for (let i = 0; i < 10 && backgrounds.some((b) => contrast(c, b) < 4.6); i++) c = darken(c, 0.08);
  return c;
}

/**
 * Dimmed (secondary) text: Mantine's gray.6 (#868e96) is 3.3:1 on white. #5f666d is 5.8:1 on white,
 * 5.5:1 on the page's gray.0 and 5.2:1 on a hovered row (gray.1), still well short of the black text.
 */
export const DIMMED = '#5f666d';
/** Placeholder text (#6a7178): 4.95:1 on a white input. */
export const PLACEHOLDER = '#6a7178';

/**
 * Coloured text (`c="green"`, outline buttons) and the text of light badges and alerts, per colour:
 * Mantine's shades fail on white or on their own light background for the bright colours (green.8
 * text is 3.5:1, yellow.9 on yellow.1 2.7:1); each is darkened only as far as 4.6:1 needs, so blue
 * and red barely move.
 */
const cssVariablesResolver: CSSVariablesResolver = (t) => {
  const page = ['#ffffff', t.colors.gray[0], t.colors.gray[1]];
  const light: Record<string, string> = {
    '--mantine-color-dimmed': DIMMED,
    // Placeholders that are elements (a file input's "Choose a file"): gray.5 was 2.1:1; a little lighter than dimmed.
    '--mantine-color-placeholder': PLACEHOLDER,
    // Links also sit on light alerts (orange.1 behind blue.8 was 4.2:1).
    '--mantine-color-anchor': readable(t.colors.blue[8], [...page, ...Object.values(t.colors).map((c) => c[1])]),
  };
  for (const [name, shades] of Object.entries(t.colors)) {
    if (name === 'dark') continue;
    const text = readable(shades[8], page);
    light[`--mantine-color-${name}-text`] = text;
    light[`--mantine-color-${name}-outline`] = text;
    light[`--mantine-color-${name}-light-color`] = readable(shades[9], ['#ffffff', shades[0], shades[1]]);
  }
  return { variables: {}, light, dark: {} };
};

/**
 * Notices stand at the bottom right, clear of the title bar's actions (Submit, Print …) at the
 * top right. A phone-wide screen (a driver's) keeps them at the top: its bottom holds the fixed
 * bar with the invoice's total and buttons, and there a notice spans the width anyway.
 */
function Notices() {
  const phone = usePhone();
  return <Notifications position={phone ? 'top-right' : 'bottom-right'} />;
}

/**
 * The notices' layer (a portal with a stack per corner) is put in place once the browser is idle
 * after start-up, not in the first render, which on a phone is already a long task. A notice
 * shown before then waits in Mantine's store and appears when the layer does (a second at most).
 */
function LateNotices() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setShown(true), 0);
      return () => clearTimeout(timer);
    }
    const idle = requestIdleCallback(() => setShown(true), { timeout: 1000 });
    return () => cancelIdleCallback(idle);
  }, []);
  return shown ? <Notices /> : null;
}

export function App({ router }: { router: AppRouter }) {
  // The router's error screen (a page's code that failed to load, a loader that threw) takes the
  // place of Root, which would have removed the early frame; it must not stay over that screen.
  useEffect(() => {
    if (router.state.errors) removeShell();
    return router.subscribe((state) => {
      if (state.errors) removeShell();
    });
  }, [router]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: 'Yes', cancel: 'No' }}>
          <LateNotices />
          <RouterProvider router={router} />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
