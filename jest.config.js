// One Jest run for the whole repo: small tests, medium tests against the machine's real
// PostgreSQL and Redis, browser flows in Debian's chromium, and the smoke test of the embedded
// (PGlite) path.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j|mj)s$': swc },
  // NestJS 12 ships ESM only (and so does @fastify/static's content-disposition): let SWC compile those files to CommonJS.
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs|uid|load-esm|file-type|@tokenizer|token-types|strtok3|content-disposition|@fastify/static/node_modules/content-disposition)/)',
  ],
  moduleNameMapper: { '^@furlong/(domain|contracts)$': '<rootDir>/libs/$1/src' },
  testEnvironment: 'node',
};

// The web client's tests: React under jsdom, TSX with the automatic JSX runtime.
const swcWeb = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  testTimeout: 30_000,
  // Three test files at a time, even on two cores (Jest's default there is one): much of a medium or
  // browser test is waiting (races at 20×, a server starting, a page loading). On the two-core
  // machine (2026-11-27), with Jest's caches empty (a fresh clone): two took 1,005 s, three 937 s;
  // three with the caches warm (slowest files first, transforms cached) 823 s, the cores 97 % busy,
  // so a fourth would add contention, not speed.
  maxWorkers: 3,
  projects: [
    {
      ...common,
      displayName: 'small',
      testMatch: ['<rootDir>/libs/*/src/**/*.spec.ts', '<rootDir>/apps/server/src/**/*.spec.ts'],
    },
    {
      ...common,
      displayName: 'medium',
      testMatch: ['<rootDir>/apps/server/test/**/*.medium-spec.ts'],
      globalSetup: '<rootDir>/apps/server/test/global-setup.ts',
      globalTeardown: '<rootDir>/apps/server/test/global-teardown.ts',
    },
    {
      displayName: 'web',
      testEnvironment: '<rootDir>/apps/web/test/jsdom-environment.js',
      testMatch: ['<rootDir>/apps/web/src/**/*.test.{ts,tsx}'],
      transform: { '^.+\\.(t|j|mj)sx?$': swcWeb },
      moduleNameMapper: {
        '^@furlong/(domain|contracts)$': '<rootDir>/libs/$1/src',
        '\\.(css|png|jpg|gif|svg)$': '<rootDir>/apps/web/test/asset-stub.js',
      },
      setupFilesAfterEnv: ['<rootDir>/apps/web/test/setup.ts'],
    },
    {
      ...common,
      displayName: 'browser',
      testMatch: ['<rootDir>/test/browser/**/*.spec.ts'],
      // A test gets 90 s unless it says (a project's `testTimeout` is ignored: see this file).
      setupFilesAfterEnv: ['<rootDir>/test/support/browser-timeout.ts'],
      // One seeded database per run, each suite's a copy of it (see test/support/seeded-template.ts).
      globalSetup: '<rootDir>/test/support/seeded-template.ts',
      globalTeardown: '<rootDir>/test/support/seeded-template-teardown.ts',
    },
    {
      ...common,
      displayName: 'smoke',
      testMatch: ['<rootDir>/test/smoke/**/*.spec.ts'],
    },
  ],
};
