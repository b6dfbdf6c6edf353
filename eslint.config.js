import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

const noNodeOrPackages = {
  patterns: [
    { group: ['node:*'], message: 'The domain does no I/O.' },
    { regex: '^[^.]', message: 'The domain has no dependencies.' },
  ],
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/coverage/**', '.data/**', '**/*.d.ts', '**/*.generated.ts'] },
  // Compiled by scripts/consumer-check.sh in a project of their own, against the packed packages.
  { ignores: ['scripts/consumer/**'] },
  js.configs.recommended,
  ...tseslint.configs.strictTypeChecked,
  ...tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/restrict-template-expressions': [
        'error',
        { allowNumber: true, allowBoolean: true },
      ],
      '@typescript-eslint/no-confusing-void-expression': ['error', { ignoreArrowShorthand: true }],
      // Off: interfaces name contracts something implements (ports, Kysely tables, Fastify
      // augmentation) and types name data; one keyword for both would erase that difference.
      '@typescript-eslint/consistent-type-definitions': 'off',
    },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', noNodeOrPackages] },
  },
  {
    files: ['packages/application/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(?!@accounts/domain$|\\.)',
              message: 'The application depends on the domain and its own ports only.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/adapters/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['fastify', '@fastify/*', '@accounts/http'], message: 'Adapters know no transport.' },
          ],
        },
      ],
    },
  },
  {
    // The transport knows no infrastructure: only the composition (composition root and the
    // adapters' options it shares with the CLI, the CLI's commands, and the configuration loader,
    // which reuses the adapters' defaults and checks) imports the adapters.
    files: ['apps/http/src/**/*.ts'],
    ignores: [
      'apps/http/src/composition-root.ts',
      'apps/http/src/account-ports-options.ts',
      'apps/http/src/accounts-cli.ts',
      'apps/http/src/cli/commands/**',
      'apps/http/src/config/load-config.ts',
      'apps/http/src/config/config-schema.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@accounts/adapters', '@accounts/adapters/*'],
              message:
                "Only the composition root, the CLI's commands and the configuration loader use the adapters.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/test/**/*.ts'],
    rules: {
      // Off in tests: a test reads what it just set up or asserted; were it missing, the test fails
      // at that line anyway, which is what a guard would do.
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
);
