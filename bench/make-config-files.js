// The config files of issue 14's one-file rows: a package.json like a popular library's, a
// tsconfig.json and a GitHub workflow, each valid against its SchemaStore schema. Written, not
// generated: the same bytes every time. The tsconfig has no comments, as check-jsonschema reads a
// .json file as strict JSON (it reads JSON5 only from .json5 files, with a json5 parser installed).
// usage (from run.js): makeConfigFiles(dir) -> the files written, relative to dir
import fs from 'node:fs';
import path from 'node:path';

const PACKAGE = {
  name: '@acme/http-kit',
  version: '4.18.2',
  description: 'Fast, minimal HTTP server toolkit for Node.js with routing, middleware and typed handlers',
  keywords: ['http', 'server', 'router', 'middleware', 'framework', 'web', 'rest', 'api'],
  homepage: 'https://github.com/acme/http-kit#readme',
  bugs: { url: 'https://github.com/acme/http-kit/issues' },
  repository: { type: 'git', url: 'git+https://github.com/acme/http-kit.git', directory: 'packages/http-kit' },
  funding: [{ type: 'opencollective', url: 'https://opencollective.com/acme' }, 'https://github.com/sponsors/acme'],
  license: 'MIT',
  author: { name: 'Jane Doe', email: 'jane@example.com', url: 'https://example.com' },
  contributors: ['John Roe <john@example.com> (https://example.org)', { name: 'Ana Silva', email: 'ana@example.com' }],
  type: 'module',
  main: './dist/index.cjs',
  module: './dist/index.js',
  types: './dist/index.d.ts',
  exports: {
    '.': {
      import: { types: './dist/index.d.ts', default: './dist/index.js' },
      require: { types: './dist/index.d.cts', default: './dist/index.cjs' },
    },
    './router': { types: './dist/router.d.ts', import: './dist/router.js', require: './dist/router.cjs' },
    './package.json': './package.json',
  },
  bin: { 'http-kit': './bin/http-kit.js' },
  files: ['dist', 'bin', '!dist/**/*.map', 'README.md'],
  sideEffects: false,
  engines: { node: '>=18.18.0', npm: '>=9' },
  packageManager: 'pnpm@9.12.3',
  scripts: {
    build: 'tsup src/index.ts src/router.ts --format esm,cjs --dts',
    dev: 'tsup --watch',
    lint: 'eslint . && prettier --check .',
    format: 'prettier --write .',
    test: 'vitest run --coverage',
    'test:watch': 'vitest',
    typecheck: 'tsc --noEmit',
    bench: 'node bench/run.js',
    prepublishOnly: 'npm run build && npm test',
    release: 'changeset publish',
  },
  dependencies: {
    'content-type': '~1.0.5',
    cookie: '^0.7.1',
    debug: '4.3.7',
    'path-to-regexp': '^8.2.0',
    'proxy-addr': '~2.0.7',
    qs: '6.13.0',
    'range-parser': '~1.2.1',
    statuses: '2.0.1',
    'type-is': '~1.6.18',
    vary: '~1.1.2',
  },
  devDependencies: {
    '@changesets/cli': '^2.27.9',
    '@types/node': '^22.7.5',
    '@vitest/coverage-v8': '^2.1.3',
    eslint: '^9.12.0',
    prettier: '^3.3.3',
    supertest: '^7.0.0',
    tsup: '^8.3.0',
    typescript: '~5.6.3',
    vitest: '^2.1.3',
  },
  peerDependencies: { 'reflect-metadata': '>=0.1.13' },
  peerDependenciesMeta: { 'reflect-metadata': { optional: true } },
  optionalDependencies: { bufferutil: '^4.0.8' },
  publishConfig: { access: 'public', provenance: true },
  browserslist: ['node 18'],
};

const TSCONFIG = {
  $schema: 'https://json.schemastore.org/tsconfig',
  extends: './tsconfig.base.json',
  compilerOptions: {
    target: 'ES2022',
    module: 'NodeNext',
    moduleResolution: 'NodeNext',
    lib: ['ES2023'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    esModuleInterop: true,
    skipLibCheck: true,
    forceConsistentCasingInFileNames: true,
    resolveJsonModule: true,
    isolatedModules: true,
    verbatimModuleSyntax: true,
    declaration: true,
    declarationMap: true,
    sourceMap: true,
    outDir: './dist',
    rootDir: './src',
    baseUrl: '.',
    paths: { '@/*': ['./src/*'] },
    types: ['node', 'vitest/globals'],
    incremental: true,
    tsBuildInfoFile: './node_modules/.cache/tsbuildinfo.json',
  },
  include: ['src/**/*.ts', 'test/**/*.ts'],
  exclude: ['node_modules', 'dist', 'coverage'],
  references: [{ path: './packages/core' }, { path: './packages/router' }],
};

const WORKFLOW = `name: CI

on:
  push:
    branches: [main]
    tags: ['v*']
  pull_request:
    paths-ignore: ['docs/**', '*.md']
  workflow_dispatch:
    inputs:
      debug:
        description: Run with debug logging
        type: boolean
        default: false

permissions:
  contents: read

concurrency:
  group: \${{ github.workflow }}-\${{ github.ref }}
  cancel-in-progress: true

env:
  FORCE_COLOR: '1'

jobs:
  test:
    name: Node \${{ matrix.node }} on \${{ matrix.os }}
    runs-on: \${{ matrix.os }}
    timeout-minutes: 15
    strategy:
      fail-fast: false
      matrix:
        os: [ubuntu-latest, windows-latest, macos-latest]
        node: [18, 20, 22]
        exclude:
          - os: macos-latest
            node: 18
    steps:
      - uses: actions/checkout@v4
        with:
          fetch-depth: 0
      - uses: pnpm/action-setup@v4
      - uses: actions/setup-node@v4
        with:
          node-version: \${{ matrix.node }}
          cache: pnpm
      - run: pnpm install --frozen-lockfile
      - run: pnpm run lint
        if: matrix.os == 'ubuntu-latest'
      - run: pnpm test
        env:
          DEBUG: \${{ inputs.debug && 'http-kit:*' || '' }}
      - uses: actions/upload-artifact@v4
        if: failure()
        with:
          name: coverage-\${{ matrix.os }}-\${{ matrix.node }}
          path: coverage/
          retention-days: 7

  release:
    needs: test
    if: startsWith(github.ref, 'refs/tags/v')
    runs-on: ubuntu-latest
    permissions:
      contents: write
      id-token: write
    environment:
      name: npm
      url: https://www.npmjs.com/package/@acme/http-kit
    steps:
      - uses: actions/checkout@v4
      - uses: actions/setup-node@v4
        with:
          node-version: 22
          registry-url: https://registry.npmjs.org
      - run: npm ci
      - run: npm publish --provenance --access public
        env:
          NODE_AUTH_TOKEN: \${{ secrets.NPM_TOKEN }}
`;

// name -> [file written, the SchemaStore schema's file name]
export const CONFIG_FILES = {
  'package-json': ['package.json', 'package.json'],
  tsconfig: ['tsconfig.json', 'tsconfig.json'],
  workflow: ['.github/workflows/ci.yml', 'github-workflow.json'],
};

export function makeConfigFiles(dir) {
  fs.rmSync(dir, { recursive: true, force: true });
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), text);
  };
  write('package.json', `${JSON.stringify(PACKAGE, null, 2)}\n`);
  write('tsconfig.json', `${JSON.stringify(TSCONFIG, null, 2)}\n`);
  write('.github/workflows/ci.yml', WORKFLOW);
  return { files: Object.keys(CONFIG_FILES).length };
}
