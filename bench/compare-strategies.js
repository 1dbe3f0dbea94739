#!/usr/bin/env node
// Issue 24, section 1: a file's verdict must never depend on how its schema was compiled. This runs
// filecheck over every schema of a SchemaStore clone with each compile strategy forced
// (FILECHECK_SCHEMA_COMPILE=eager, lazy, apart), and with --cache's stored code (`stored`: the
// strategy a run chooses, three runs over one cache folder, every file checked each time: the first
// compiles as without the cache, the second compiles each schema whole and stores its code, the
// third runs that code, whose report is compared), and compares, file by file, the verdict (passed,
// failed, error) and the problems (kind, validator, pointer, line, column, message: all must be equal).
//
// The repository it checks is built under <out> from the clone, deterministically: every schema file
// of src/schemas/json, whatever it is (the largest, those plain ajv cannot compile, those whose $refs
// leave the clone), one rule each (files, schema, the schemas its $refs reach in the clone as refs,
// ajv-errors as a plugin: the shape of make-many-schemas.js's repository), and a few instances each,
// made by make-many-schemas.js's generator: valid ones (plain ajv accepts them) and invalid ones
// (mutations plain ajv rejects); where no valid one could be made, `{}`, `[]` and a string instead,
// as what matters is that the strategies agree, not that files pass.
//
// Each strategy's run is filecheck in-process (--workers 0), a json report, --no-strict (the issue's
// command), no file timeout that timing could trip. The rules go in chunks, one run each; a run that
// ends without a report (a crash, a hang; before 56c2aae, a schema that cannot be compiled stopped
// the whole run with exit 2) is split: the rule its message names alone, and the rest, else in
// halves, down to one rule, whose files then get verdict `error` with that message, so every schema
// is compared. The lines the runs print beside the reports must be the same too (warnings, with
// --strict, are only counted: they cover the parts compiled so far).
//
// Prints the counts and each difference (schema, file, the verdicts, the first line of each
// strategy's problems); <out>/result.json has everything. Exits 1 on any difference, 0 when none,
// 2 on a usage error.
//
// usage: node bench/compare-strategies.js <schemastore-clone> <out-dir> [options]
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { parseArgs } from 'node:util';
import { fileURLToPath } from 'node:url';
import { compileSchema, draftOf, refClosure } from './many-schemas-lib.js';
import { invalidInstances, schemasDirOf, validInstances } from './make-many-schemas.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const STRATEGIES = ['eager', 'lazy', 'apart', 'stored'];
// Instances of a schema no valid instance could be made for (nor compiled by plain ajv).
const FALLBACKS = [{}, [], 'example'];
const USAGE = `usage: node bench/compare-strategies.js <schemastore-clone> <out-dir> [options]
  --strategies LIST   comma-separated, of eager,lazy,apart,stored (all four)
  --only NAME         only this schema file (repeatable), e.g. --only tsconfig.json
  --valid N           valid instances per schema (3)
  --invalid N         invalid instances per schema (2)
  --chunk N           rules per filecheck run (100; 0: all in one run)
  --jobs N            filecheck runs at once (2)
  --no-plugin         rules without the ajv-errors plugin
  --strict            leave out --no-strict
  --node PATH         the node that runs filecheck (this one)
  --filecheck PATH    the CLI to run (this checkout's bin/filecheck.js)
  --run-timeout S     kill a run after S seconds (900), which then counts as a crash`;

// --- the repository ----------------------------------------------------------------------------

export function buildRepo({ clone, out, only = [], valid = 3, invalid = 2, log = () => {} }) {
  const dir = schemasDirOf(clone);
  if (!fs.existsSync(dir)) throw new Error(`${dir} not found: not a SchemaStore clone`);
  const cache = new Map();
  const read = (f) => {
    if (!cache.has(f)) cache.set(f, JSON.parse(fs.readFileSync(f, 'utf8')));
    return cache.get(f);
  };
  let names = fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort();
  if (only.length) {
    const unknown = only.filter((n) => !names.includes(n));
    if (unknown.length) throw new Error(`not in ${dir}: ${unknown.join(', ')}`);
    names = names.filter((n) => only.includes(n));
  }
  fs.rmSync(out, { recursive: true, force: true });
  const write = (rel, text) => {
    fs.mkdirSync(path.dirname(path.join(out, rel)), { recursive: true });
    fs.writeFileSync(path.join(out, rel), text);
  };
  const copied = new Set();
  const copy = (n) => {
    if (copied.has(n)) return;
    copied.add(n);
    fs.mkdirSync(path.join(out, 'schemas'), { recursive: true });
    fs.copyFileSync(path.join(dir, n), path.join(out, 'schemas', n));
  };
  const schemas = [];
  for (const name of names) {
    const started = Date.now();
    const slug = name.replace(/\.json$/, '');
    const entry = { name, slug, bytes: fs.statSync(path.join(dir, name)).size, refs: [], notes: [] };
    let schema;
    try {
      schema = read(path.join(dir, name));
      entry.draft = draftOf(schema);
    } catch (e) {
      entry.notes.push(`not JSON: ${firstLine(e.message)}`);
    }
    if (schema !== undefined) {
      try {
        entry.refs = refClosure(dir, name, read, (m) => entry.notes.push(m));
      } catch (e) {
        entry.notes.push(`refs: ${firstLine(e.message)}`);
      }
    }
    let validate;
    if (schema !== undefined) {
      try {
        validate = compileSchema(
          path.join(dir, name),
          entry.refs.map((r) => path.join(dir, r)),
          read,
        );
      } catch (e) {
        entry.notes.push(`plain ajv does not compile it: ${firstLine(e.message).slice(0, 200)}`);
      }
    }
    let goods = [];
    let bads = [];
    if (validate) {
      try {
        goods = validInstances(schema, validate, valid);
        bads = invalidInstances(schema, validate, goods, invalid);
      } catch (e) {
        entry.notes.push(`the generator failed: ${firstLine(e.message)}`);
      }
    }
    const docs = [...goods.map((d, i) => [`valid-${i + 1}`, d]), ...bads.map((d, i) => [`invalid-${i + 1}`, d])];
    if (!goods.length) {
      entry.notes.push('no valid instance: {}, [] and a string instead');
      const have = new Set(docs.map(([, d]) => JSON.stringify(d)));
      FALLBACKS.filter((d) => !have.has(JSON.stringify(d))).forEach((d, i) => docs.push([`any-${i + 1}`, d]));
    }
    for (const n of [name, ...entry.refs]) copy(n);
    entry.files = docs.map(([base, d]) => {
      const rel = `instances/${slug}/${base}.json`;
      write(rel, `${JSON.stringify(d, null, 2)}\n`);
      return rel;
    });
    entry.plainAjv = validate ? 'compiles' : 'does not compile';
    schemas.push(entry);
    log(`${name}: ${entry.files.length} files, ${entry.refs.length} refs, ${Date.now() - started} ms`);
  }
  // The plugin is resolved from the config's folder, and must be filecheck's copy of ajv's (as in
  // make-many-schemas.js): a link to this checkout's ajv-errors.
  const require = createRequire(import.meta.url);
  fs.mkdirSync(path.join(out, 'node_modules'), { recursive: true });
  fs.symlinkSync(
    path.dirname(require.resolve('ajv-errors/package.json')),
    path.join(out, 'node_modules', 'ajv-errors'),
    'dir',
  );
  write(
    'manifest.json',
    `${JSON.stringify({ params: buildParams({ clone, only, valid, invalid }), schemas }, null, 1)}\n`,
  );
  return schemas;
}

// What a built repository was built from: --reuse takes it only when they are the same.
const buildParams = ({ clone, only, valid, invalid }) => ({
  clone: path.resolve(clone),
  only: [...only].sort(),
  valid,
  invalid,
});

// The schemas of the repository at `out` when it was built with the same parameters, else null.
function builtRepo(params, out) {
  try {
    const m = JSON.parse(fs.readFileSync(path.join(out, 'manifest.json'), 'utf8'));
    return JSON.stringify(m.params) === JSON.stringify(buildParams(params)) ? m.schemas : null;
  } catch {
    return null;
  }
}

// A schema's rule, as make-many-schemas.js writes them.
const ruleOf = (e, plugin) => ({
  name: e.slug,
  files: [`instances/${e.slug}/*.json`],
  schema: `schemas/${e.name}`,
  ...(e.refs.length ? { refs: e.refs.map((r) => `schemas/${r}`) } : {}),
  ...(plugin ? { ajv: { plugins: ['ajv-errors'] } } : {}),
});

// --- the runs ----------------------------------------------------------------------------------

// One filecheck run over `entries`' rules with `strategy` forced (`stored`: the third of three runs
// over one cache folder, each checking every file): resolves to { code, signal, stderr, report
// (parsed, or null), ms }.
async function runOnce({ out, entries, strategy, tag, opts }) {
  if (strategy !== 'stored') return spawnRun({ out, entries, strategy, tag, opts });
  const cache = path.join(out, 'caches', tag);
  fs.rmSync(cache, { recursive: true, force: true });
  let ms = 0;
  let last;
  for (let i = 0; i < 3; i++) {
    fs.rmSync(path.join(cache, 'results.json'), { force: true }); // every file checked, by the schemas' code
    last = await spawnRun({ out, entries, strategy, tag, opts, cache });
    ms += last.ms;
    if (!last.report) break;
  }
  return { ...last, ms };
}

function spawnRun({ out, entries, strategy, tag, opts, cache }) {
  // The config is at the repository's root, as its rules' paths are relative to its folder; it is
  // left there, with its report in runs/, to run again by hand.
  const config = path.join(out, `.${tag}.filecheckrc.json`);
  const report = path.join(out, 'runs', `${tag}.report.json`);
  fs.mkdirSync(path.dirname(report), { recursive: true });
  fs.writeFileSync(config, `${JSON.stringify({ rules: entries.map((e) => ruleOf(e, opts.plugin)) }, null, 1)}\n`);
  fs.rmSync(report, { force: true });
  const args = [
    opts.filecheck,
    '--config',
    config,
    '--workers',
    '0',
    '--file-timeout',
    String(24 * 3600 * 1000),
    '-r',
    `json:${report}`,
    ...(opts.strict ? [] : ['--no-strict']),
    ...(cache ? ['--cache', '--cache-location', cache] : []),
  ];
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(opts.node, args, {
      cwd: out,
      env: {
        ...process.env,
        FILECHECK_SCHEMA_COMPILE: cache ? '' : strategy,
        NO_COLOR: '1',
        CI: '',
        GITHUB_ACTIONS: '',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (b) => {
      if (stderr.length < 1e6) stderr += b;
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill('SIGKILL');
    }, opts.runTimeout * 1000);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      let parsed = null;
      try {
        parsed = JSON.parse(fs.readFileSync(report, 'utf8'));
      } catch {}
      resolve({ code, signal, timedOut, stderr, report: parsed, ms: Date.now() - started });
    });
  });
}

// The verdict of each file of `entries` under `strategy`, isolating the rules that stop a run.
async function runStrategy({ out, entries, strategy, opts, limit, stats, log }) {
  const results = new Map(); // file -> { verdict, problems }
  let n = 0;
  const go = async (set) => {
    const tag = `${strategy}-${String(++n).padStart(4, '0')}`;
    const r = await limit(() => runOnce({ out, entries: set, strategy, tag, opts }));
    stats.runs++;
    stats.ms += r.ms;
    const line = `${strategy} ${tag}: ${set.length} rules, exit ${r.code ?? r.signal}${r.timedOut ? ' (killed: --run-timeout)' : ''}, ${(r.ms / 1000).toFixed(1)} s${r.report ? '' : ', no report'}`;
    log(line);
    for (const l of r.stderr.split('\n')) {
      if (!l.trim()) continue;
      if (/^(filecheck: )?warning:/.test(l)) stats.warnings.add(l.trimEnd());
      else stats.messages.add(l.trimEnd());
    }
    if (r.report && !r.timedOut) {
      collect(set, r, results, stats);
      return;
    }
    if (set.length === 1) {
      const e = set[0];
      const kind = r.timedOut ? 'hang' : r.code === 2 ? 'config' : `crash (exit ${r.code ?? r.signal})`;
      const message = stripPrefix(firstLine(r.stderr) || `no report, ${kind}`);
      if (kind !== 'config') stats.crashes.push({ schema: e.name, strategy, kind, stderr: r.stderr.slice(-2000) });
      else stats.stopped.push({ schema: e.name, message });
      for (const f of e.files) results.set(f, { verdict: 'error', problems: [{ kind: `run: ${kind}`, message }] });
      return;
    }
    stats.isolations++;
    // The rule the message names (`schema schemas/X.json…`) alone and the rest; else halves.
    const named = set.find((e) => new RegExp(`schema schemas/${e.name.replace(/\./g, '\\.')}[: ]`).test(r.stderr));
    const parts = named
      ? [[named], set.filter((e) => e !== named)]
      : [set.slice(0, set.length >> 1), set.slice(set.length >> 1)];
    await Promise.all(parts.map(go));
  };
  const size = opts.chunk > 0 ? opts.chunk : entries.length;
  const chunks = [];
  for (let i = 0; i < entries.length; i += size) chunks.push(entries.slice(i, i + size));
  await Promise.all(chunks.map(go));
  return results;
}

function collect(set, r, results, stats) {
  const byPath = new Map(r.report.files.map((f) => [f.path, f]));
  const expected = set.reduce((k, e) => k + e.files.length, 0);
  const s = r.report.summary ?? {};
  if (s.total !== expected || s.skipped || s.unchecked || s.interrupted)
    stats.notes.push(
      `a run of ${set.length} rules (${set[0].name}…) reported total ${s.total}, skipped ${s.skipped}, unchecked ${s.unchecked} for ${expected} files`,
    );
  if (r.code === 2) stats.exit2WithReport.push({ rules: set.map((e) => e.name), stderr: firstLine(r.stderr) });
  for (const e of set) {
    for (const f of e.files) {
      const got = byPath.get(f);
      if (!got || got.status === 'pass' || !got.problems?.length) {
        results.set(f, { verdict: 'passed', problems: [] });
        continue;
      }
      const problems = got.problems.map((p) => ({
        kind: p.kind,
        validator: p.validator,
        pointer: p.pointer,
        line: p.line,
        column: p.column,
        ...(p.document !== undefined ? { document: p.document } : {}),
        message: p.message,
      }));
      const error = problems.some((p) => !['invalid', 'parse'].includes(p.kind));
      results.set(f, { verdict: error ? 'error' : 'failed', problems });
    }
  }
}

// At most `jobs` promises of `fn`s in flight.
function limiter(jobs) {
  let active = 0;
  const queue = [];
  const next = () => {
    if (active >= jobs || !queue.length) return;
    active++;
    const { fn, resolve, reject } = queue.shift();
    fn()
      .then(resolve, reject)
      .finally(() => {
        active--;
        next();
      });
  };
  return (fn) =>
    new Promise((resolve, reject) => {
      queue.push({ fn, resolve, reject });
      next();
    });
}

const firstLine = (s) =>
  String(s ?? '')
    .split('\n')
    .find((l) => l.trim()) ?? '';
const stripPrefix = (s) => s.replace(/^filecheck: /, '');
const describe = (r) =>
  r
    ? r.problems[0]
      ? `${r.verdict}: ${r.problems.length} × ${r.problems[0].kind}: ${r.problems[0].message}`
      : r.verdict
    : 'missing';

// --- main --------------------------------------------------------------------------------------

async function main() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      strategies: { type: 'string', default: STRATEGIES.join(',') },
      only: { type: 'string', multiple: true, default: [] },
      valid: { type: 'string', default: '3' },
      invalid: { type: 'string', default: '2' },
      chunk: { type: 'string', default: '100' },
      jobs: { type: 'string', default: '2' },
      'no-plugin': { type: 'boolean' },
      strict: { type: 'boolean' },
      node: { type: 'string', default: process.execPath },
      filecheck: { type: 'string', default: path.join(HERE, '..', 'bin', 'filecheck.js') },
      'run-timeout': { type: 'string', default: '900' },
      reuse: { type: 'boolean' },
      verbose: { type: 'boolean' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const strategies = values.strategies.split(',').filter(Boolean);
  if (positionals.length !== 2 || strategies.some((s) => !STRATEGIES.includes(s)) || strategies.length < 2) {
    console.error(USAGE);
    return 2;
  }
  const [clone, outArg] = positionals;
  const out = path.resolve(outArg);
  const log = values.verbose ? (l) => console.error(l) : () => {};
  const t0 = Date.now();
  const params = { clone, out, only: values.only, valid: Number(values.valid), invalid: Number(values.invalid) };
  const reused = values.reuse ? builtRepo(params, out) : null;
  const entries = reused ?? buildRepo({ ...params, log });
  const files = entries.reduce((k, e) => k + e.files.length, 0);
  const buildMs = Date.now() - t0;
  console.log(
    `${reused ? 'reused' : 'built'} ${out}: ${entries.length} schemas, ${files} files in ${(buildMs / 1000).toFixed(1)} s ` +
      `(plain ajv compiles ${entries.filter((e) => e.plainAjv === 'compiles').length}; ` +
      `${entries.filter((e) => e.notes.some((n) => n.startsWith('$ref'))).length} with $refs outside the clone; ` +
      `${entries.filter((e) => e.files.some((f) => f.includes('/any-'))).length} with no valid instance)`,
  );

  const opts = {
    plugin: !values['no-plugin'],
    node: values.node,
    filecheck: path.resolve(values.filecheck),
    chunk: Number(values.chunk),
    strict: !!values.strict,
    runTimeout: Number(values['run-timeout']),
  };
  const limit = limiter(Math.max(1, Number(values.jobs)));
  const stats = {};
  const verdicts = {};
  await Promise.all(
    strategies.map(async (strategy) => {
      const st = {
        runs: 0,
        ms: 0,
        isolations: 0,
        stopped: [],
        crashes: [],
        notes: [],
        exit2WithReport: [],
        messages: new Set(),
        warnings: new Set(),
      };
      stats[strategy] = st;
      verdicts[strategy] = await runStrategy({ out, entries, strategy, opts, limit, stats: st, log });
    }),
  );

  // --- compare ---
  const differences = [];
  for (const e of entries) {
    for (const f of e.files) {
      const rs = strategies.map((s) => verdicts[s].get(f));
      const keys = rs.map((r) => JSON.stringify(r ?? null));
      if (keys.every((k) => k === keys[0])) continue;
      const sameVerdict = rs.every((r) => r?.verdict === rs[0]?.verdict);
      differences.push({
        schema: e.name,
        file: f,
        what: sameVerdict ? 'problems' : 'verdict',
        ...Object.fromEntries(strategies.map((s, i) => [s, rs[i] ?? null])),
      });
    }
  }
  // What the runs printed beside the reports (a schema that cannot be compiled, a crash), lines some
  // strategies printed and others not. Warnings (unknown keywords and formats, with --strict) are
  // counted apart: they cover only the parts compiled so far, and may differ (docs/json-schema.md).
  const onlySome = (key) => {
    const lines = new Set(strategies.flatMap((s) => [...stats[s][key]]));
    return [...lines]
      .sort()
      .map((line) => ({ message: line, in: strategies.filter((s) => stats[s][key].has(line)) }))
      .filter((m) => m.in.length < strategies.length);
  };
  const messageDiffs = onlySome('messages');
  const warningDiffs = onlySome('warnings');
  for (const s of strategies) {
    stats[s].messages = [...stats[s].messages].sort();
    stats[s].warnings = [...stats[s].warnings].sort();
  }
  const result = {
    clone: path.resolve(clone),
    node: opts.node,
    nodeVersion: process.version,
    filecheck: opts.filecheck,
    strategies,
    plugin: !values['no-plugin'],
    schemas: entries.length,
    files,
    differences,
    messageDiffs,
    warningDiffs,
    stats,
    verdictCounts: Object.fromEntries(
      strategies.map((s) => {
        const c = {};
        for (const r of verdicts[s].values()) c[r.verdict] = (c[r.verdict] ?? 0) + 1;
        return [s, c];
      }),
    ),
  };
  fs.writeFileSync(path.join(out, 'result.json'), `${JSON.stringify(result, null, 1)}\n`);

  for (const s of strategies) {
    const st = stats[s];
    const counts = Object.entries(result.verdictCounts[s])
      .sort()
      .map(([k, v]) => `${v} ${k}`)
      .join(', ');
    console.log(
      `${s.padEnd(5)}: ${counts}; ${st.runs} runs (${st.isolations} split), ${(st.ms / 1000).toFixed(1)} s` +
        `${st.stopped.length ? `; ${st.stopped.length} schemas stop a run (exit 2)` : ''}` +
        `${st.crashes.length ? `; ${st.crashes.length} crashes or hangs` : ''}`,
    );
    for (const n of st.notes) console.log(`  note: ${n}`);
    for (const c of st.crashes) console.log(`  ${c.kind}: ${c.schema}: ${firstLine(c.stderr)}`);
  }
  const bySchema = new Map();
  for (const d of differences) bySchema.set(d.schema, [...(bySchema.get(d.schema) ?? []), d]);
  const verdictDiffs = differences.filter((d) => d.what === 'verdict').length;
  console.log(
    `compared ${entries.length} schemas, ${files} files: ${differences.length} differences ` +
      `(${verdictDiffs} in the verdict, ${differences.length - verdictDiffs} in the problems only) ` +
      `in ${bySchema.size} schemas, ${messageDiffs.length} lines printed by some strategies only` +
      `${warningDiffs.length ? ` (and ${warningDiffs.length} warnings, which may differ)` : ''}; ` +
      `${((Date.now() - t0) / 1000).toFixed(1)} s in all; details in ${path.join(out, 'result.json')}`,
  );
  for (const [schema, ds] of bySchema) {
    console.log(`\n${schema}`);
    for (const d of ds) {
      console.log(`  ${d.file}: ${strategies.map((s) => `${s} ${d[s]?.verdict ?? 'missing'}`).join(' · ')}`);
      for (const s of strategies) console.log(`    ${s.padEnd(5)} ${describe(d[s]).slice(0, 300)}`);
    }
  }
  if (messageDiffs.length) {
    console.log(`\n${messageDiffs.length} lines printed by the runs of some strategies only:`);
    for (const m of messageDiffs) console.log(`  [${m.in.join(', ')}] ${m.message.slice(0, 300)}`);
  }
  return differences.length || messageDiffs.length ? 1 : 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (e) => {
      console.error(`compare-strategies: ${e.stack ?? e}`);
      process.exitCode = 2;
    },
  );
}
