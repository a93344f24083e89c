import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What the browser has and jsdom does not, for Mantine's components: matchMedia (color scheme,
 * breakpoints), ResizeObserver (menus, scroll areas) and scrollIntoView (comboboxes).
 */
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});
class ResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserver;
window.HTMLElement.prototype.scrollIntoView = () => {};

afterEach(() => cleanup());
