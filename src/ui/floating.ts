import type { SelectProps, TooltipProps } from '@mantine/core';
import type { ComponentType } from 'react';

/** Mantine components that float over the page (about 30 kB brotli with floating-ui), fetched on first use. */
export type Floating = { Select: ComponentType<SelectProps>; Tooltip: ComponentType<TooltipProps> };

let loaded: Floating | undefined;
let loading: Promise<Floating> | undefined;

/** The components, once fetched. */
export const floating = (): Floating | undefined => loaded;

/** Fetches them once; a failed fetch (offline) is tried again on the next call. */
export function loadFloating(): Promise<Floating> {
  loading ??= import('./mantine-floating').then(
    (module) => (loaded = { Select: module.Select, Tooltip: module.Tooltip }),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
