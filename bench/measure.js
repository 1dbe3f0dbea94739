// Runs one command to completion and measures its whole-process wall time and peak RSS.
//
// Peak RSS comes from GNU time (`/usr/bin/time -f %M`) where it exists: it reads the kernel's
// wait4() rusage, so it sees the child however it exits and whatever runs inside it, with no
// change to the measured program. Elsewhere (macOS, BusyBox, containers without `time`) each
// Node process is preloaded with rss-probe.js, which reports process.resourceUsage().maxRSS;
// if a command spawns several Node processes, the largest is reported.
// Wall time is always taken here with hrtime around the child (GNU time's %e has 10 ms steps);
// the wrapper's own start-up adds ~1 ms to every command alike.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';

const GNU_TIME = '/usr/bin/time';
const PROBE = new URL('./rss-probe.js', import.meta.url).href; // a URL survives spaces in paths
const rssFile = path.join(os.tmpdir(), `filecheck-bench-rss-${process.pid}.txt`);

const readMaxKiB = () => {
  const nums = fs
    .readFileSync(rssFile, 'utf8')
    .split('\n')
    .map(Number)
    .filter((n) => n > 0);
  return nums.length ? Math.max(...nums) : NaN;
};

// 'time' if GNU time works here, else 'probe'.
export function detectRssMethod() {
  try {
    fs.writeFileSync(rssFile, '');
    const r = spawnSync(GNU_TIME, ['-f', '%M', '-o', rssFile, process.execPath, '-e', '0']);
    // GNU time may prefix a status line; the number is on the last line.
    if (r.status === 0 && readMaxKiB() > 0) return 'time';
  } catch {}
  return 'probe';
}

// argv: [program, ...args]; unset: variables of this environment the command runs without; env: those
// it runs with besides.
// Returns { wall (s), rssMiB, code, stdout, stderr }.
export function runOnce(argv, { cwd, method, unset = [], env: extra = {} }) {
  fs.writeFileSync(rssFile, '');
  let cmd = argv;
  const env = { ...process.env, ...extra };
  for (const name of unset) delete env[name];
  if (method === 'time') cmd = [GNU_TIME, '-f', '%M', '-o', rssFile, ...argv];
  else {
    env.FILECHECK_BENCH_RSS_FILE = rssFile;
    env.NODE_OPTIONS = `${env.NODE_OPTIONS ?? ''} --import=${PROBE}`.trim();
  }
  const start = process.hrtime.bigint();
  const r = spawnSync(cmd[0], cmd.slice(1), { cwd, env, encoding: 'utf8', maxBuffer: 64 << 20 });
  const wall = Number(process.hrtime.bigint() - start) / 1e9;
  const rssMiB = readMaxKiB() / 1024;
  return { wall, rssMiB, code: r.error ? r.error.code : (r.status ?? r.signal), stdout: r.stdout, stderr: r.stderr };
}

export function cleanup() {
  fs.rmSync(rssFile, { force: true });
}
