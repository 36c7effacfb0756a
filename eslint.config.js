import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers of the architecture (docs/architecture.md): each entry says what files in one layer may never import,
 * as a list of gitignore-style patterns or as one regular expression (a string).
 */
const layer = (files, patterns) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: patterns.map(([match, message]) => (typeof match === 'string' ? { regex: match, message } : { group: match, message })) },
    ],
  },
});

const up = (folder) => ['', '../', '../../', '../../../', '../../../../'].flatMap((dots) => [`${dots}${folder}`, `${dots}${folder}/**`]);
const SERVER = up('server');
const SRC = up('src');
/** What the SPA and the server share lives in contract/, imported as `@contract/…` from anywhere. */
const CONTRACT = [up('contract'), 'Import the shared contract as @contract/….'];
const SPA_SERVER = [SERVER, 'The SPA imports the server only through @contract/.'];
/** The route registry lazy-loads the pages: only the composition root (app.tsx, console-routes.tsx) imports it. */
const REGISTRY = [
  ['../routes', '../../routes', '../../../routes'],
  'src/routes.ts is the composition root: link with pathOf and take PageProps from src/shared/routing.ts.',
];
const VIEWS = [
  SPA_SERVER,
  CONTRACT,
  REGISTRY,
  [['**/services/*', '**/services/**'], 'Views never call services: send an event to a machine, whose actors the app provides.'],
];

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'dist-server', 'data', 'coverage', 'test-results', 'docs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Tests read loosely typed JSON bodies; the client and server code stays typed.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  // Later entries replace earlier ones for the files both match, so each layer restates the rules every file keeps.
  layer(['src/**'], [SPA_SERVER, CONTRACT]),
  layer(['src/views/**'], VIEWS),
  // Files in a feature folder (src/views/<a>/) import no other feature folder: what several share lives in src/views/shared/
  // (bound to machines) or src/ui/ (presentation).
  layer(
    ['src/views/*/**/*'],
    [
      ...VIEWS,
      [
        String.raw`^\.\./(?!shared/)[^./][^/]*/|/views/(?!shared/)[^/]+/`,
        'A feature imports no other feature: move what both use to src/views/shared/ (bound to machines) or src/ui/ (presentation).',
      ],
    ],
  ),
  layer(
    ['src/ui/**'],
    [
      SPA_SERVER,
      CONTRACT,
      REGISTRY,
      [['**/machines/**', '**/services/**', '**/views/**'], 'src/ui is shared presentation: it imports no machines, services or views.'],
    ],
  ),
  layer(['src/machines/**'], [SPA_SERVER, CONTRACT, REGISTRY, [['**/views/**', '**/ui/**'], 'Machines never import views or ui.']]),
  layer(
    ['src/services/**'],
    [SPA_SERVER, CONTRACT, REGISTRY, [['**/views/**', '**/ui/**', '**/machines/**'], 'Services import no machines, views or ui.']],
  ),
  layer(
    ['src/shared/**'],
    [
      SPA_SERVER,
      CONTRACT,
      REGISTRY,
      [['**/views/**', '**/ui/**', '**/machines/**', '**/services/**'], 'src/shared is what every layer imports: it imports none of them.'],
    ],
  ),
  layer(['server/**'], [CONTRACT, [['**/src/**', '../src/**', '../../src/**'], 'The server never imports the SPA (src/).']]),
  layer(['tests/**', 'bench/**', 'scripts/**'], [CONTRACT]),
  layer(['contract/**'], [[[...SERVER, ...SRC, '@contract/**'], 'contract/ stands alone: it imports neither the server nor the SPA.']]),
  {
    // The call tables hold the calls' zod schemas, which the server runs: the SPA takes their types (src/services/call.ts).
    files: ['src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^@contract/api/(calls|.+\.calls)$`,
              allowTypeImports: true,
              message: 'Import the call tables as types only: their zod schemas stay out of the SPA.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**'],
    rules: {
      // esbuild cannot shake zod's `z` export: it bundles every locale (570 kB instead of 120 kB to parse at each start).
      'no-restricted-syntax': [
        'error',
        {
          selector: "ImportDeclaration[source.value='zod'] > :matches(ImportSpecifier[imported.name='z'], ImportDefaultSpecifier)",
          message: "Use `import * as z from 'zod'`, which the server bundle can tree-shake.",
        },
      ],
    },
  },
);
