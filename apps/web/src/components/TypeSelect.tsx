import {
  type ComboboxItem,
  type ComboboxParsedItem,
  getParsedComboboxData,
  isOptionsGroup,
  type OptionsFilter,
  Select,
  type SelectProps,
} from '@mantine/core';
import { type FocusEvent, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { optionLabel } from './DeferredSelect';
import { useSelectOnFocus } from './useSelectOnFocus';

/** Every option of a select's data, groups opened, in the data's order. */
function flatOptions(options: ComboboxParsedItem[]): ComboboxItem[] {
  return options.flatMap((o) => (isOptionsGroup(o) ? o.items : [o]));
}

/**
 * The options a typed text shows, best first: the labels that start with it, then those that
 * contain it elsewhere, each in the data's order (a case-insensitive match on the trimmed text).
 */
export function typedMatches(options: ComboboxItem[], text: string): ComboboxItem[] {
  const wanted = text.trim().toLowerCase();
  if (!wanted) return options;
  const starts: ComboboxItem[] = [];
  const contains: ComboboxItem[] = [];
  for (const option of options) {
    const label = option.label.toLowerCase();
    if (label.startsWith(wanted)) starts.push(option);
    else if (label.includes(wanted)) contains.push(option);
  }
  return [...starts, ...contains];
}

/** The list's filter: the same order Enter picks from, groups kept (an emptied group is left out). */
const typedFilter: OptionsFilter = ({ options, search }) =>
  options.flatMap((o): ComboboxParsedItem[] => {
    if (!isOptionsGroup(o)) return typedMatches([o], search);
    const items = typedMatches(o.items, search);
    return items.length ? [{ group: o.group, items }] : [];
  });

export type TypeSelectProps = Omit<
  SelectProps,
  'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'dropdownOpened' | 'selectFirstOptionOnChange'
> & { value?: string | null };

/**
 * A select picked by typing, as a clerk at the counter works: type part of a name ("che") and Enter
 * or Tab picks the best match — the first label that starts with the text, else the first that
 * contains it, the order the list shows. The arrows choose another, and Enter or Tab takes that one.
 * The pick is made from the typed text itself at the moment of the key, so a key pressed as fast as
 * the list redraws never picks nothing, nor the option highlighted for the text before. Text that
 * matches nothing picks nothing and the list says so. Focused, its text is selected, so typing
 * replaces it. Only for a select whose `value` is held by
 * its owner (its `onChange` sets it).
 */
export function TypeSelect({
  data,
  value,
  onChange,
  onKeyDown,
  onFocus,
  onBlur,
  nothingFoundMessage,
  ...props
}: TypeSelectProps) {
  const options = useMemo(() => flatOptions(getParsedComboboxData(data) as ComboboxParsedItem[]), [data]);
  const current = optionLabel(options, value);
  const [search, setSearch] = useState(current);
  const [opened, setOpened] = useState(false);
  const selectOnFocus = useSelectOnFocus();
  // The focused box and the value its text was typed against. When the options arrive after the
  // box was focused (still loading as the page opened), the select sets its text to the value's
  // label: that would wipe what was typed, so it is ignored while the box is focused and the value
  // unchanged; with nothing typed yet, the new text is selected, so that typing replaces it.
  const box = useRef<HTMLInputElement | null>(null);
  const typedAgainst = useRef<{ value: string | null | undefined } | null>(null);
  const selectAgain = useRef(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: after each render of a new text
  useLayoutEffect(() => {
    if (!selectAgain.current) return;
    selectAgain.current = false;
    if (box.current && document.activeElement === box.current) box.current.select();
  }, [search]);
  // Options that arrive after the typing get the best match highlighted, as a keystroke does: the
  // select highlights the first option when this flag turns on, so it is off for one render.
  const [highlightAgain, setHighlightAgain] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: when the options change
  useEffect(() => {
    // Not over a choice made with the arrows (the options may be rebuilt as the owner renders).
    if (typedAgainst.current && !arrowedNow.current) setHighlightAgain(true);
  }, [options]);
  useEffect(() => {
    if (highlightAgain) setHighlightAgain(false);
  }, [highlightAgain]);
  // Chosen with the arrows since the last keystroke: the highlighted option is the one meant. The
  // ref answers a key pressed before the arrow's render; the state lets a Tab take that option.
  const [arrowed, setArrowed] = useState(false);
  const arrowedNow = useRef(false);
  const arrow = (on: boolean) => {
    arrowedNow.current = on;
    setArrowed(on);
  };

  /**
   * Whether the field's text was typed to pick by (not the value's own label, not left for the
   * arrows). The text is read from the field itself: a key can come before the last keystroke's render.
   */
  const typed = (text: string) => text.trim() !== '' && text !== current && !arrowedNow.current;

  /** Picks the best match of typed text; true when it picked. */
  const pickTyped = (text: string) => {
    if (!typed(text)) return false;
    const best = typedMatches(options, text)[0];
    if (!best) return false;
    typedAgainst.current = null;
    setOpened(false);
    setSearch(best.label);
    if (best.value !== value) onChange?.(best.value, best);
    return true;
  };

  return (
    <Select
      {...props}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={(text) => {
        const input = box.current;
        const reset = input !== null && document.activeElement === input && text !== input.value;
        if (reset && typedAgainst.current && typedAgainst.current.value === value) return;
        if (reset && !typedAgainst.current) selectAgain.current = true;
        setSearch(text);
      }}
      onChangeCapture={() => arrow(false)}
      filter={typedFilter}
      selectFirstOptionOnChange={!highlightAgain}
      // The arrows' choice is taken on Tab; typed text is picked below, from the text itself.
      autoSelectOnBlur={arrowed}
      dropdownOpened={opened}
      onDropdownOpen={() => setOpened(true)}
      onDropdownClose={() => setOpened(false)}
      nothingFoundMessage={nothingFoundMessage ?? 'Nothing found'}
      onKeyDownCapture={(e: KeyboardEvent<HTMLInputElement>) => {
        if (e.key === 'ArrowDown' || e.key === 'ArrowUp') arrow(true);
        const text = e.currentTarget.value;
        if (e.key !== 'Enter' || !typed(text)) return;
        // Ahead of the list's own Enter, which would take whatever it highlighted last.
        e.preventDefault();
        e.stopPropagation();
        if (!pickTyped(text)) setOpened(true);
      }}
      onKeyDown={onKeyDown}
      onInput={() => {
        selectOnFocus.onInput();
        typedAgainst.current = { value };
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        box.current = e.currentTarget;
        typedAgainst.current = null;
        selectOnFocus.onFocus(e);
        onFocus?.(e);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        typedAgainst.current = null;
        pickTyped(e.currentTarget.value);
        onBlur?.(e);
      }}
    />
  );
}
