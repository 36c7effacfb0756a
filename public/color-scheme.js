// Sets the remembered colour scheme before the first paint, so a dark page never flashes white.
// Mantine's ColorSchemeScript does the same inline; the CSP (script-src 'self') allows no inline script.
// The key and the default must match src/ui/theme.ts.
(function () {
  try {
    var stored = window.localStorage.getItem('franchise_color_scheme');
    var scheme = stored === 'light' || stored === 'dark' || stored === 'auto' ? stored : 'auto';
    if (scheme === 'auto') scheme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
    document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
  } catch (e) {
    // Storage blocked: Mantine sets the scheme once the app starts.
  }
})();
