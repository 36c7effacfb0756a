// Remembered colour scheme before the first paint (CSP: no inline script); key and default as in src/ui/theme.ts.
try {
  const stored = localStorage.getItem('franchise_color_scheme');
  const dark = stored === 'dark' || (stored !== 'light' && matchMedia('(prefers-color-scheme: dark)').matches);
  document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
} catch {
  // Storage blocked: Mantine sets the scheme when the app starts.
}
