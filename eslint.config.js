import { existsSync, readdirSync } from 'node:fs'
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

/** The admin's features (admin/src/features/*): a feature never imports another. */
const ADMIN_FEATURES = existsSync('admin/src/features') ? readdirSync('admin/src/features') : []

/** No module imports another module's queries: it calls that module's service (docs/architecture.md). */
const otherModulesQueries = { group: ['../*/queries.js', '../*/*.queries.js'], message: "another module's queries are its own: call its service" }

/** What each layer of src/ may not import: modules → kits → core/http → platform/db (test/architecture checks the whole graph). */
const below = (layer, ...above) => ({
  patterns: above.map((name) => ({ group: [`**/${name}/**`, `**/${name}.js`], message: `${layer} sits below ${name}: it never imports it` })),
})

const layering = {
  routes: {
    patterns: [
      otherModulesQueries,
      { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'routes.ts is HTTP only: no SQL' },
      { group: ['**/queries.js', '**/db/*', '**/db/**'], message: 'routes.ts calls its service, not queries or the database' },
    ],
  },
  service: {
    patterns: [
      otherModulesQueries,
      { group: ['fastify'], message: 'services know nothing of HTTP' },
      { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'SQL belongs in queries.ts' },
      { group: ['**/core/context.js'], importNames: ['writerOf'], message: 'write through mutate()' },
    ],
  },
  // A module file declaring a resource on the kit: tables and kit builders, no hand-written SQL.
  resource: {
    patterns: [
      otherModulesQueries,
      { group: ['drizzle-orm', 'drizzle-orm/*'], message: 'resource files are declarations: SQL belongs in *.queries.ts' },
      { group: ['**/core/context.js'], importNames: ['writerOf'], message: 'write through mutate()' },
    ],
  },
  // Pure code (parsing, formatting, checks): no database, no HTTP, no storage; it is given what it works on.
  rules: {
    patterns: [
      otherModulesQueries,
      { group: ['fastify'], message: 'rules files know nothing of HTTP' },
      { group: ['drizzle-orm', 'drizzle-orm/*', '**/queries.js', '**/*.queries.js'], message: 'rules files are pure: SQL belongs in *.queries.ts' },
      { group: ['**/db/client.js', '**/platform/storage/**', '**/core/mutation.js'], message: 'rules files are pure: the service does the I/O' },
      {
        group: ['node:fs', 'node:fs/*', 'node:net', 'node:http', 'node:https', 'node:child_process'],
        message: 'rules files are pure: the service does the I/O',
      },
    ],
  },
  queries: {
    patterns: [
      otherModulesQueries,
      { group: ['**/http/*', '**/http/**'], message: 'queries.ts returns rows; rules and errors live in the service' },
      { group: ['**/core/mutation.js'], message: 'queries.ts is called by mutate(), not the other way round' },
    ],
  },
}

export default tseslint.config(
  {
    ignores: [
      'node_modules/**',
      'data/**',
      'dist/**',
      'packages/*/dist/**',
      'packages/client/src/schema.ts',
      '.tmp/**',
      'migrations/**',
      'coverage/**',
      '.ci/**',
      'admin/dist/**',
      // The starter frontend is a project of its own (own package.json, lock file and tsconfig): `npm run typecheck`
      // in templates/astro-site checks it, and CI runs that (.ci/run).
      'templates/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/require-await': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      // Counted in Prettier's lines (printWidth 160), which split a long call chain or object literal over several.
      'max-lines': ['warn', { max: 450, skipBlankLines: true, skipComments: true }],
      'max-lines-per-function': ['warn', { max: 110, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    // A React component's markup counts as lines: a screen's layout reads better whole up to about 130 lines (the
    // merged admin's longest, SearchScreen, is 117); beyond that, split it into components.
    files: ['admin/src/**/*.tsx'],
    rules: { 'max-lines-per-function': ['warn', { max: 150, skipBlankLines: true, skipComments: true }] },
  },
  {
    // Fastify plugins and handlers are async by contract even when they do not await.
    files: ['src/modules/*/routes.ts', 'src/modules/*/*.routes.ts'],
    rules: { 'no-restricted-imports': ['error', layering.routes], '@typescript-eslint/require-await': 'off' },
  },
  {
    files: ['src/modules/*/service.ts', 'src/modules/*/*.service.ts', 'src/modules/*/entity.ts'],
    rules: { 'no-restricted-imports': ['error', layering.service] },
  },
  { files: ['src/modules/*/*.rules.ts'], rules: { 'no-restricted-imports': ['error', layering.rules] } },
  { files: ['src/modules/*/queries.ts', 'src/modules/*/*.queries.ts'], rules: { 'no-restricted-imports': ['error', layering.queries] } },
  { files: ['src/modules/*/schemas.ts', 'src/modules/*/*.schemas.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [otherModulesQueries] }] } },
  // The layers below the modules.
  { files: ['src/kits/**/*.ts'], rules: { 'no-restricted-imports': ['error', below('a kit', 'modules', 'workers', 'app', 'server', 'cli')] } },
  {
    files: ['src/core/**/*.ts', 'src/http/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', below('core and http', 'kits', 'modules', 'workers', 'app', 'server', 'cli')] },
  },
  {
    files: ['src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', below('platform', 'core', 'http', 'kits', 'modules', 'workers', 'app', 'server', 'cli')] },
  },
  {
    files: ['src/db/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', below('db', 'platform', 'core', 'http', 'kits', 'modules', 'workers', 'app', 'server', 'cli')] },
  },
  {
    files: ['src/modules/*/*.resource.ts'],
    rules: { 'no-restricted-imports': ['error', layering.resource], '@typescript-eslint/require-await': 'off' },
  },
  {
    // Module file names say their role; a file outside these roles would escape the layering rules above.
    files: ['src/modules/**/*.ts'],
    ignores: [
      'src/modules/index.ts',
      'src/modules/*/{routes,service,queries,schemas,entity}.ts',
      'src/modules/*/*.{routes,service,rules,queries,schemas,resource}.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Program',
          message: 'Name module files by role: <sub>.routes.ts, <sub>.service.ts, <sub>.rules.ts, <sub>.queries.ts, <sub>.schemas.ts, <sub>.resource.ts',
        },
      ],
    },
  },
  {
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: {
      'max-lines-per-function': 'off',
      'max-lines': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
    },
  },
  // The admin: imports flow one way, shared → features → app/routes; no feature imports another.
  {
    files: ['admin/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/features/**', '**/app/**', '**/routes/**'], message: 'shared/ imports nothing of features, app or routes' }] },
      ],
    },
  },
  ...ADMIN_FEATURES.map((feature) => ({
    files: [`admin/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            // A feature's routes.ts hangs its routes from app/baseRoutes (the one import of app/ a feature makes).
            { group: ['**/app/**', '!**/app/baseRoutes', '**/routes/**'], message: 'features are composed by app/ and routes/, not the other way round' },
            ...ADMIN_FEATURES.filter((f) => f !== feature).map((f) => ({
              group: [`**/features/${f}/**`, `../${f}/**`, `../../${f}/**`],
              message: 'a feature never imports another: compose them in the route',
            })),
          ],
        },
      ],
    },
  })),
  // A feature's routes.ts hangs its routes from app/baseRoutes' appRoute (router.tsx lists them): that one import only.
  ...ADMIN_FEATURES.map((feature) => ({
    files: [`admin/src/features/${feature}/routes.ts`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/app/**', '!**/app/baseRoutes', '**/routes/**'], message: "a feature's routes.ts imports only app/baseRoutes of the app" },
            ...ADMIN_FEATURES.filter((f) => f !== feature).map((f) => ({
              group: [`**/features/${f}/**`, `../${f}/**`, `../../${f}/**`],
              message: 'a feature never imports another: compose them in the route',
            })),
          ],
        },
      ],
    },
  })),
  {
    files: ['admin/e2e/**/*.ts', 'admin/**/*.test.{ts,tsx}'],
    // Playwright fixtures without dependencies take `{}` as their first parameter.
    rules: { 'max-lines-per-function': 'off', '@typescript-eslint/no-non-null-assertion': 'off', 'no-empty-pattern': 'off' },
  },
  { files: ['**/*.js'], ...tseslint.configs.disableTypeChecked },
  {
    // The admin's pre-paint script runs in the browser.
    files: ['admin/public/**/*.js'],
    languageOptions: { globals: { window: 'readonly', document: 'readonly', localStorage: 'readonly', navigator: 'readonly' } },
  },
  {
    // Plain Node scripts (build, measurements, the CLI launcher).
    files: ['scripts/**/*.js', 'bin/**/*.js', 'admin/scripts/**/*.js'],
    languageOptions: { globals: { process: 'readonly', URL: 'readonly', setTimeout: 'readonly', Buffer: 'readonly' } },
  },
)
