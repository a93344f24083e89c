import { Text } from '@react-pdf/renderer';
import { createElement as h } from 'react';

/** 10 mm in points: the margin of every PDF the server draws. */
export const PDF_MARGIN = 28.35;

const pageNumberStyle = {
  position: 'absolute' as const,
  bottom: PDF_MARGIN,
  left: PDF_MARGIN,
  right: PDF_MARGIN,
  textAlign: 'right' as const,
  fontSize: 8,
  color: '#555555',
};

/** "Page x of y" at the bottom right of every page (a fixed element of the page). */
export function pageNumberText() {
  return h(Text, {
    key: 'pageNumber',
    style: pageNumberStyle,
    fixed: true,
    render: ({ pageNumber, totalPages }: { pageNumber: number; totalPages: number }) =>
      `Page ${pageNumber} of ${totalPages}`,
  });
}
