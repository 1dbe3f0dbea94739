// Loaded into every test file's process by `npm test` and `npm run fuzz` (`--import`): the runs of
// filecheck that the tests make, in-process or spawned, keep no compiled schemas in the user's cache
// folder (docs/cache.md), so that no run depends on what an earlier test left there and nothing is
// written outside the tests' own folders. The tests of that folder give each run one of their own
// (FILECHECK_COMPILE_CACHE, with FILECHECK_DISABLE_COMPILE_CACHE removed).
process.env.FILECHECK_DISABLE_COMPILE_CACHE = '1';
