import { createTheme, localStorageColorSchemeManager, type CSSVariablesResolver } from '@mantine/core';

/** Shade 8 of the default blue passes WCAG AA on white for buttons and links; the default 6 does not. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
});

/**
 * Text colours for good and bad figures (a rise, a fall; productive or not) that pass WCAG AA in both
 * schemes: Mantine's green 9 is 4.4:1 on white, so the light scheme takes a darker green. Dimmed text
 * is one step stronger than Mantine's (gray 6 is 3.3:1 on white, dark 2 is 3.6:1 on a dark card), and so
 * is a field's error (red 6 is 3.3:1 on white, red 8 3.4:1 on a dark card): the negative figures' red.
 */
export const FIGURE_COLOR = { positive: 'var(--fc-color-positive)', negative: 'var(--fc-color-negative)' } as const;

export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    '--fc-color-positive': '#2b7a3b',
    '--fc-color-negative': t.colors.red[9],
    '--mantine-color-dimmed': t.colors.gray[7],
    '--mantine-color-error': t.colors.red[9],
  },
  dark: {
    '--fc-color-positive': t.colors.green[4],
    '--fc-color-negative': t.colors.red[4],
    '--mantine-color-dimmed': t.colors.dark[1],
    '--mantine-color-error': t.colors.red[4],
  },
});

/**
 * Light, dark or the system's ("auto", the default), kept in local storage. public/color-scheme.js applies
 * the same key before the first paint (the CSP allows no inline script): keep the two in step.
 */
export const COLOR_SCHEME_KEY = 'franchise_color_scheme';
export const DEFAULT_COLOR_SCHEME = 'auto';
export const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_KEY });
