// `filecheck schemas pull`: the command's options, its progress line and summary, its exit code.
// The pull itself is runner/schemas/pull.js; the HTTP client, runner/schemas/http-client.js.
import { createRequire } from 'node:module';
import { parseArgs } from './args.js';
import { PULL_COMMAND } from './options.js';
import { CONFIG_NAME, findConfigFile, loadConfig } from '../config/load-config.js';
import { UsageError } from '../../shared/errors.js';
import { EXIT } from '../../shared/exit-codes.js';
import { usageExit } from './usage-exit.js';

const require = createRequire(import.meta.url);

/**
 * @param {string[]} argv the arguments after `schemas pull`
 * @param {{ cwd: string, env: Record<string, string | undefined>, stdout: any, stderr: any, signal?: AbortSignal }} io
 *   signal: Ctrl-C or SIGTERM (bin/filecheck.js): the downloads are let end, nothing is written
 * @returns {Promise<number>} 0 pulled, 1 some schema could not be downloaded, 2 a usage error or
 *   --frozen's disagreement, EXIT.interrupted when stopped (the signal's code)
 */
export async function pull(argv, { cwd, env, stdout, stderr, signal }) {
  let client;
  try {
    const parsed = await parseArgs(argv, PULL_COMMAND);
    if ('print' in parsed) {
      stdout.write(`${parsed.print}\n`);
      return parsed.code;
    }
    const { options } = parsed;
    if (options.patterns.length)
      throw new UsageError(
        `schemas pull takes no files (${options.patterns[0]}): it pulls the schemas of the files the config and the catalogs choose (without either, those of the working directory); give it the options of the run that needs them, without the patterns`,
      );
    if (options.frozen && options.update)
      throw new UsageError('--frozen downloads nothing, --update everything: give one');
    // Without a config or a catalog, --schema and --ref apply to the working directory's files, as
    // `filecheck . --schema <url>` would check them.
    const bare = !options.config && !options.catalog && !findConfigFile(cwd);
    if (bare && !options.schema && !options.ref && !options.schemaFromDocument)
      throw new UsageError(
        `schemas pull has no schema to pull here: give --catalog (schemastore, a URL or a file), --schema or --ref, or run it where ${CONFIG_NAME} is`,
      );
    const config = loadConfig({ ...options, patterns: bare ? ['.'] : [] }, { cwd, env, pulling: true });
    const { createHttpClient } = require('../schemas/http-client.js');
    const { pullSchemas, shownSize } = require('../schemas/pull.js');
    client = createHttpClient({ env, concurrency: 8 });
    // Ctrl-C: the downloads in flight are dropped, and nothing is written (pull.js).
    const dropped = client;
    signal?.addEventListener('abort', () => dropped.close({ abort: true }), { once: true });
    const line = stderr.isTTY && !options.quiet ? progressLine(stderr) : null;
    const outcome = await pullSchemas(config, {
      client,
      frozen: !!options.frozen,
      update: !!options.update,
      progress: line?.update,
      signal,
    });
    line?.clear();
    if (outcome.interrupted) {
      stderr.write('filecheck: schemas pull interrupted: nothing written, the store and the lock are as they were\n');
      return EXIT.interrupted;
    }
    for (const fault of outcome.faults) stderr.write(`filecheck: ${fault}\n`);
    for (const failure of outcome.failures) stderr.write(`filecheck: ${failure}\n`);
    if (!options.quiet) {
      const count = (n) => `${n} schema${n === 1 ? '' : 's'}`;
      const verb = options.frozen ? 'checked' : 'pulled';
      const what = options.frozen
        ? `${count(outcome.already)} in ${outcome.storeFolder}/ against the lock`
        : `${count(outcome.fetched)} (${shownSize(outcome.bytes)}) into ${outcome.storeFolder}/, ${outcome.already} already there`;
      const removed = outcome.removed ? `, ${outcome.removed} no longer needed removed` : '';
      const failed = outcome.failures.length ? `, ${outcome.failures.length} failed` : '';
      stdout.write(`${verb} ${what}${removed}${failed}\n`);
    }
    if (outcome.faults.length) return EXIT.usage;
    return outcome.failures.length ? EXIT.failed : EXIT.passed;
  } catch (error) {
    return usageExit(error, { stderr });
  } finally {
    if (signal?.aborted)
      await client?.close({ abort: true }).catch(() => {}); // dropped already
    else await client?.close();
  }
}

// One line on a terminal, rewritten as schemas arrive.
function progressLine(stderr) {
  return {
    update: (done, total) => stderr.write(`\r\x1b[Kpulling schemas: ${done} of ${total}`),
    clear: () => stderr.write('\r\x1b[K'),
  };
}
