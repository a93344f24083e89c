import { Combobox, type ComboboxData, InputBase, Select, type SelectProps } from '@mantine/core';
import { useState } from 'react';

/** The label a select shows for its value ('' when none), from its data in any of its shapes. */
export function optionLabel(
  data: ComboboxData | readonly unknown[] | undefined,
  value: string | null | undefined,
): string {
  if (value === null || value === undefined) return '';
  for (const item of (data ?? []) as ComboboxData) {
    if (typeof item === 'string') {
      if (item === value) return item;
    } else if ('group' in item) {
      const inGroup = optionLabel(item.items as readonly unknown[], value);
      if (inGroup) return inGroup;
    } else if (item.value === value) {
      return item.label;
    }
  }
  return '';
}

/**
 * A Mantine Select that is drawn as its closed field until it is first used: the same markup (the
 * label, the value or placeholder, the chevron, the × of a clearable value), without the combobox,
 * its popover and its options behind it. A list's filters are five or more selects; each one's
 * popover sets state as it mounts, a second render inside the commit that drew the list.
 *
 * A click opens the real Select with its list open; the keyboard's focus (Tab) puts it in place,
 * focused, for the arrows and Enter as usual. The × clears at once, as the Select's does. From the
 * first use on it is Mantine's Select. Only for a non-searchable select with a `value`.
 */
export function DeferredSelect(props: SelectProps) {
  const [live, setLive] = useState<'focused' | 'opened' | null>(null);
  if (live) return <Select {...props} autoFocus defaultDropdownOpened={live === 'opened'} />;
  const { label, w, placeholder, value, data, clearable, onChange, disabled, size = 'sm', style, className } = props;
  const clearableNow = Boolean(clearable && value != null && value !== '' && !disabled);
  const frame = {
    __defaultRightSection: <Combobox.Chevron size={size} />,
    __clearSection: <Combobox.ClearButton onClear={() => onChange?.(null, { value: '', label: '' } as never)} />,
    __clearable: clearableNow,
    __staticSelector: 'Select',
  } as Record<string, unknown>;
  return (
    <InputBase
      {...frame}
      label={label}
      w={w}
      style={style}
      className={className}
      size={size}
      placeholder={placeholder}
      disabled={disabled}
      value={optionLabel(data, value)}
      readOnly
      pointer
      rightSectionPointerEvents="none"
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      autoComplete="off"
      // The click opens it (not the focus that comes first with a mouse).
      onMouseDown={(e) => e.preventDefault()}
      onClick={() => setLive('opened')}
      onFocus={() => setLive('focused')}
    />
  );
}
