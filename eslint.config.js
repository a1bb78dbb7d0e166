// One lint configuration for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// The server's module door: another module, a job or the seed reaches a module through its
// service.ts only; a module's routes reach its data through that service too.
const DOOR_MESSAGE =
  "Reach another module through its service.ts only (modules/<area>/service.ts is the module's door).";
const SERVER_DOOR = { group: ['**/modules/*/*', '!**/modules/*/service.ts'], message: DOOR_MESSAGE };
// From inside modules/<area>/, a sibling module is ../<other>/… (never ../../…).
const SIBLING_DOOR = { group: ['../*/*', '!../../**', '!../*/service.ts'], message: DOOR_MESSAGE };
const ROUTES_DOOR = {
  group: ['./queries*', './*-queries*', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
  message: "Routes translate HTTP to service calls: reach the module's data through its service.ts.",
};

// A log call's `err` is the thrown value itself: the logger's serialiser keeps its type, stack and
// cause (and takes any value); `String(e)` or `e.message` would drop them.
const ERR_AS_TEXT = {
  selector:
    "Property[key.name='err'] > :matches(CallExpression[callee.name='String'], TemplateLiteral, MemberExpression[property.name=/^(message|stack)$/])",
  message: 'Log the thrown value itself as `err` ({ err: error }); the serialiser keeps its stack and cause.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', ERR_AS_TEXT],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/driver/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The driver app's service worker: plain JavaScript in the worker's scope.
    files: ['apps/driver/src/sw.js'],
    languageOptions: { globals: { ...globals.serviceworker, __SHELL__: 'readonly' } },
  },
  ...webModuleBoundaries(),
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/app.ts', 'apps/server/src/test/**', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_DOOR] }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_DOOR, SIBLING_DOOR] }] },
  },
  {
    files: ['apps/server/src/modules/*/routes.ts', 'apps/server/src/modules/*/*-routes.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_DOOR, SIBLING_DOOR, ROUTES_DOOR] }] },
  },
);

// ---------- Web (apps/web/src): module boundaries ----------

/**
 * The console's layers import downwards only: app/ (and public-site/) → features/<area>/ → the shared
 * components/ and lib/. A feature never imports another feature or app/; components/ and lib/ never
 * import a feature or app/. Only api files (`features/<area>/api/`, `lib/api/`) call the API, so each
 * entity's keys and calls have one owner. `apps/web/src/module-boundaries.test.ts` proves each rule.
 */
function webModuleBoundaries() {
  const src = 'apps/web/src';
  // A path segment named app, public-site or features, anywhere in a relative import.
  const segment = (names) => `(^|/)(${names})(/|$)`;
  const noApp = {
    regex: segment('app|public-site'),
    message: 'Only app/ composes the console: import what you need from components/ or lib/.',
  };
  const noFeature = {
    regex: segment('features'),
    message: 'components/ and lib/ are shared by every feature and never import one.',
  };
  const noCalls = {
    regex: '(^|/)api/client$',
    importNames: ['api', 'apiRequest', 'apiFetch'],
    message:
      "Call the API from the entity's api file (features/<area>/api/ or lib/api/), which owns its keys.",
  };
  // From a file `depth` folders inside features/<area>/, `../` × depth leads to features/ itself:
  // what follows is another feature (one more `../` leaves features/ for components/ or lib/).
  const noSibling = (depth) => ({
    regex: `^(\\.\\./){${depth}}(?!\\.\\.(/|$))|${segment('features')}`,
    message: 'A feature never imports another feature: move what both need to components/ or lib/.',
  });
  const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
  const featureFiles = (depth) => [`${src}/features/${'*/'.repeat(depth)}*.{ts,tsx}`];
  const sharedFiles = [`${src}/components/**/*.{ts,tsx}`, `${src}/lib/**/*.{ts,tsx}`];
  return [
    { files: [`${src}/app/**/*.{ts,tsx}`, `${src}/public-site/**/*.{ts,tsx}`], rules: restrict(noCalls) },
    ...[1, 2, 3, 4].map((depth) => ({
      files: featureFiles(depth),
      rules: restrict(noSibling(depth), noApp, noCalls),
    })),
    { files: sharedFiles, rules: restrict(noFeature, noApp, noCalls) },
    // The api files themselves call the API; the layer rules still hold for them.
    ...[2, 3].map((depth) => ({
      files: [`${src}/features/*/api/${'*/'.repeat(depth - 2)}*.{ts,tsx}`],
      rules: restrict(noSibling(depth), noApp),
    })),
    { files: [`${src}/lib/api/**/*.{ts,tsx}`], rules: restrict(noFeature, noApp) },
  ];
}
