import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'data',
      'dist',
      'flow/dist',
      'console/dist',
      'sdk/dist',
      'packages/node/dist',
      'coverage',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', Buffer: 'readonly', URL: 'readonly' },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The domain core stays pure: no frameworks, drivers, adapters or file-system access.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/**', '**/http/**', '**/worker/**', '**/cli/**'],
              message: 'core/ must not import adapters, http, worker or cli',
            },
            {
              group: [
                'fastify*',
                '@fastify/*',
                'kysely*',
                'pg',
                '@electric-sql/*',
                'ioredis',
                'sharp',
                'piscina',
                'pino',
                'zxing-wasm',
                '@vladmandic/*',
                '@tensorflow/*',
              ],
              message: 'core/ is pure domain code',
            },
            {
              group: [
                'node:fs',
                'node:fs/*',
                'fs',
                'fs/*',
                'node:net',
                'node:http',
                'node:https',
                'node:child_process',
              ],
              message: 'core/ does no I/O',
            },
          ],
        },
      ],
    },
  },
  {
    // Ports and adapters: the use cases, checks, abuse guards, workers and HTTP layer depend on the
    // ports in src/ports (and the pure core); only src/platform.ts names concrete adapters, and only
    // src/modules/ wires them to routes and loops. scripts/check-layers.mjs adds cycles and type imports.
    files: [
      'src/use-cases/**/*.ts',
      'src/checks/**/*.ts',
      'src/abuse/**/*.ts',
      'src/worker/**/*.ts',
      'src/http/**/*.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/adapters/**'],
              message: 'depend on a port in src/ports, not on an adapter; src/platform.ts picks adapters',
            },
            {
              group: ['**/platform', '**/platform.js', '**/modules/**', '**/main.js'],
              message: 'take typed dependencies; the composition root (platform, modules) wires them in',
            },
          ],
        },
      ],
    },
  },
  {
    // Configuration is read in one place: src/config.ts validates the whole environment at start.
    files: ['src/**/*.ts'],
    ignores: ['src/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'read settings from Config (src/config.ts)' },
      ],
    },
  },
);
