// The files of a run, found as the command line, --watch and the API find them: every file the
// patterns and rules match (discovered), then those --changed/--since and --shard leave (selection).
import { createRequire } from 'node:module';
import path from 'node:path';
import { discover } from './discover.js';
import { UsageError } from '../../shared/errors.js';

const require = createRequire(import.meta.url);

/**
 * @param {import('../config/load-config.js').Config} config
 * @param {{ requireFiles?: boolean, watching?: boolean }} [how] requireFiles: nothing to check is a
 *   usage error (the command line's, unless --pass-with-no-files); watching: a pattern that
 *   matches nothing yet is no error (--watch waits for its files)
 * @returns {Promise<{ discovered: import('./discover.js').Discovery, selection: import('./select-files.js').Selection }>}
 */
export async function findFiles(config, { requireFiles = false, watching = false } = {}) {
  const discovered = discover(watching ? { ...config, passWithNoFiles: true } : config);
  if (requireFiles && !discovered.files.length && !discovered.skipped.length && !config.passWithNoFiles) {
    throw new UsageError(`${whyNoFiles(config)} (use --pass-with-no-files to allow this)`);
  }
  const selection =
    config.changed || config.shard ? require('./select-files.js').selectFiles(discovered, config) : discovered;
  return { discovered, selection };
}

// Patterns can find only ignored files (a gitignored or empty directory), with or without a
// config: blame the patterns then; else what chose the files: the config's rules, the catalogs'
// fileMatch globs (catalog discovery, with or without a config), or both.
function whyNoFiles(config) {
  if (config.patterns.length)
    return `no files to check in ${config.patterns.map((p) => `"${p}"`).join(', ')} (all ignored, or no JSON, YAML or TOML files)`;
  const shown = (file) => path.relative(config.cwd, file) || file;
  const sources = [];
  if (config.configPath && (config.rules.length || !config.catalogFiles)) {
    // `-c ci/filecheck.json` with globs written from the project's root: they are the config's folder's.
    const folder = path.relative(config.cwd, path.dirname(config.configPath));
    sources.push(
      `the rules of ${shown(config.configPath)}${folder ? ` (their globs are relative to ${folder}/)` : ''}`,
    );
  }
  if (config.catalogFiles) {
    const { catalogs } = config.catalogFiles;
    sources.push(`the fileMatch globs of catalog${catalogs.length === 1 ? '' : 's'} ${catalogs.map(shown).join(', ')}`);
  }
  return `no files match ${sources.join(' or ')}`;
}
