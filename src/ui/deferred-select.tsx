import { Box, extractStyleProps, InputBase, type InputBaseProps, type SelectProps } from '@mantine/core';
import { useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { floating, loadFloating } from './floating';

export type DeferredSelectProps = Omit<SelectProps, 'data' | 'defaultDropdownOpened'> & {
  data: readonly { value: string; label: string }[];
};

// What Select hands on to its wrapper and input besides the style props: the stand-in takes them too, so the swap is neither
// seen nor heard (asterisk, description, error text linked by aria-describedby with aria-invalid and the red border, ...).
// One string: fewer bytes than an array of them.
const FIELD = 'label description error success required withAsterisk placeholder disabled size radius variant className style id'.split(
  ' ',
) as (keyof InputBaseProps)[];
const OPEN_KEYS = new Set(['ArrowDown', 'ArrowUp', 'Enter', ' ']);

/**
 * Mantine's Select, whose code (combobox, popover, floating-ui) is fetched when the user first
 * points at the field, touches it or focuses it, not with the page. Until it arrives, an input that looks and reads
 * the same shows the value; a click or an opening key pressed meanwhile opens the list once it is there.
 */
export function DeferredSelect({ data, value, searchable, ...rest }: DeferredSelectProps) {
  const [arrived, setArrived] = useState<{ open: boolean; focus: boolean } | null>(() =>
    floating() ? { open: false, focus: false } : null,
  );
  const input = useRef<HTMLInputElement>(null);
  // What the user last did to the stand-in: true, asked for the list (a click, an opening key); false, pressed a pointer on it.
  const wantsOpen = useRef<boolean>(undefined);
  // The field had the focus when the real one replaced it: the real one takes it over before the browser handles another
  // event, so a key pressed just after the swap is not lost to the page.
  useLayoutEffect(() => {
    if (arrived?.focus) input.current?.focus();
  }, [arrived]);

  const loaded = floating();
  if (arrived && loaded) {
    return (
      <loaded.Select
        data={data as SelectProps['data']}
        value={value}
        searchable={searchable}
        ref={input}
        defaultDropdownOpened={arrived.open}
        {...rest}
      />
    );
  }

  const load = (open?: boolean) => {
    if (open) wantsOpen.current = true;
    loadFloating().then(
      () => wantsOpen.current !== false && setArrived({ open: !!wantsOpen.current, focus: document.activeElement === input.current }),
      () => undefined,
    );
  };
  return (
    <InputBase
      {...extractStyleProps(rest).styleProps}
      {...(Object.fromEntries(FIELD.map((key) => [key, (rest as InputBaseProps)[key]])) as InputBaseProps)}
      ref={input}
      value={data.find((option) => option.value === value)?.label ?? ''}
      readOnly
      pointer={!searchable}
      role="combobox"
      aria-haspopup="listbox"
      aria-expanded={false}
      rightSection={<Chevron />}
      rightSectionPointerEvents="none"
      onPointerEnter={() => load()}
      onFocus={() => load()}
      // From a press to its click the stand-in stays (a swap already due included): a Select swapped in between would lose
      // the click to the page (mouse), or mount open and be toggled shut by it (touch). The click swaps it in open.
      onPointerDown={() => {
        wantsOpen.current = false;
        setArrived(null);
      }}
      onClick={() => load(true)}
      onKeyDown={(event: KeyboardEvent) => OPEN_KEYS.has(event.key) && load(true)}
    />
  );
}

/** Mantine's combobox chevron, drawn without loading the combobox. */
function Chevron() {
  return (
    <Box component="svg" viewBox="0 0 15 15" w={18} h={18} c="dimmed" aria-hidden>
      <path
        d="M4.93179 5.43179C4.75605 5.60753 4.75605 5.89245 4.93179 6.06819C5.10753 6.24392 5.39245 6.24392 5.56819 6.06819L7.49999 4.13638L9.43179 6.06819C9.60753 6.24392 9.89245 6.24392 10.0682 6.06819C10.2439 5.89245 10.2439 5.60753 10.0682 5.43179L7.81819 3.18179C7.73379 3.0974 7.61933 3.04999 7.49999 3.04999C7.38064 3.04999 7.26618 3.0974 7.18179 3.18179L4.93179 5.43179ZM10.0682 9.56819C10.2439 9.39245 10.2439 9.10753 10.0682 8.93179C9.89245 8.75606 9.60753 8.75606 9.43179 8.93179L7.49999 10.8636L5.56819 8.93179C5.39245 8.75606 5.10753 8.75606 4.93179 8.93179C4.75605 9.10753 4.75605 9.39245 4.93179 9.56819L7.18179 11.8182C7.35753 11.9939 7.64245 11.9939 7.81819 11.8182L10.0682 9.56819Z"
        fill="currentColor"
        fillRule="evenodd"
        clipRule="evenodd"
      />
    </Box>
  );
}
