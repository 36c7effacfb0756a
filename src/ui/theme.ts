import { createTheme } from '@mantine/core';

/** Shade 8 of the default blue passes WCAG AA on white for buttons and links; the default 6 does not. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  defaultRadius: 'md',
});
