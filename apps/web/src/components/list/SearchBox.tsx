import { TextInput } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { isNavigating } from '../../lib/navigation-state';

interface SearchBoxProps {
  /** The search in the URL. */
  value: string;
  onSearch(text: string): void;
  placeholder?: string;
}

/**
 * A list's search box: typing searches after a pause (and Enter at once). Leaving the page
 * first cancels it, else the late search would navigate back to the list.
 */
export function SearchBox({ value, onSearch, placeholder = 'Search…' }: SearchBoxProps) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const later = (q: string) => {
    clearTimeout(timer.current);
    const path = window.location.pathname;
    timer.current = setTimeout(() => {
      // Not when the user has left meanwhile: the URL may already show the next page while
      // this one is still mounted (React finishes the switch a moment later), and a row link
      // clicked while the search waits wins.
      if (!isNavigating() && window.location.pathname === path) onSearch(q.trim());
    }, 300);
  };
  return (
    <TextInput
      label="Search"
      placeholder={placeholder}
      value={text}
      w={260}
      onChange={(e) => {
        setText(e.currentTarget.value);
        later(e.currentTarget.value);
      }}
      onKeyDown={(e) => {
        if (e.key !== 'Enter') return;
        clearTimeout(timer.current);
        onSearch(text.trim());
      }}
    />
  );
}
