// --watch's file watcher, on Node's own fs.watch: a watch per folder of the tree (the folders the
// patterns or the rules' globs start from, never entering node_modules, .git, the cache folder or
// what .gitignore ignores), which reports the changes of the folder's files. Beside it, single files
// the checks depend on (the config, schemas, validator modules, .gitignore files above the tree),
// wherever they are, by a watch of their folder: an editor that saves by writing a new file and
// renaming it over the old one is seen too.
//
// Why not a library: Node 20's recursive fs.watch on Linux and chokidar both keep a watch per file,
// and the recursive fs.watch enters node_modules and .git. docs/watch.md has the measurement.
import path from 'node:path';
import { createRequire } from 'node:module';
import { findRepositoryRoot, gitignoreFilter } from '../files/gitignore.js';
import { lstatOrNull } from '../../shared/paths.js';

const require = createRequire(import.meta.url);
const fs = require('node:fs');
const NEVER_ENTERED = new Set(['node_modules', '.git']);
const ANY = '*'; // a watched name that stands for every name of its folder (watchFolders)

/**
 * @typedef {(kind: 'rename' | 'change', file: string) => void} OnEvent rename: a name appeared or
 *   went away (a file created, deleted, renamed, saved by a rename); change: a file's content; file:
 *   an absolute path
 * @param {{ onEvent: OnEvent, onError(error: Error): void }} handlers onError: a watch that cannot be
 *   made for another reason than the folder being gone or unreadable (ENOSPC: the system's limit)
 */
export function createWatcher({ onEvent, onError }) {
  let tree = null;
  const folders = new Map(); // folder ─▶ { watcher, names }: the single files watched there
  const trees = new Map(); // folder ─▶ the watches of it and the folders below it (watchFolders' deep)

  function open(target, options, listener) {
    try {
      const watcher = fs.watch(target, { persistent: true, ...options }, listener);
      watcher.on('error', () => watcher.close()); // the folder went away (Windows says so with EPERM)
      return watcher;
    } catch (error) {
      if (!['ENOENT', 'ENOTDIR', 'EACCES', 'EPERM'].includes(error.code)) onError(error);
      return null; // gone meanwhile, or not readable: nothing of it can be checked either
    }
  }

  function arrived(folder, watch, kind, name) {
    if (watch.names.has(ANY) || watch.names.has(name)) onEvent(kind, path.join(folder, name));
    const below = watch.awaited.get(name);
    if (!below || !isDirectory(path.join(folder, name))) return;
    watch.awaited.delete(name);
    watcher.watchFiles(below);
    for (const file of below) if (fs.existsSync(file)) onEvent('rename', file); // made with its folder
  }

  const watcher = {
    /**
     * (Re)starts the tree's watches for this config. fs.watch watches from the moment it returns:
     * nothing that changes afterwards is missed.
     * @param {import('../config/load-config.js').Config} config
     */
    watchTree(config) {
      tree?.close();
      const roots = watchRoots(config);
      const ignored = ignoredBy(config);
      const starts = roots.filter((root) => isDirectory(root));
      tree = folderWatches(starts, ignored, open, onEvent);
      this.watchFiles([...roots.filter((root) => !starts.includes(root)), ...gitignoresAbove(roots, config.root)]);
    },
    /**
     * Watches these folders for any name in them (the folder of a glob's files), also one not made
     * yet; `deep`: every folder below them too (a `**` glob's), new ones as they are made.
     * @param {string[]} dirs absolute paths
     * @param {string[]} [deep] absolute paths
     */
    watchFolders(dirs, deep = []) {
      this.watchFiles([...dirs, ...deep].map((dir) => path.join(dir, ANY)));
      for (const [dir, watches] of trees) {
        if (deep.includes(dir)) continue;
        watches.close();
        trees.delete(dir);
      }
      for (const dir of deep) {
        if (!trees.has(dir) && isDirectory(dir))
          trees.set(
            dir,
            folderWatches(
              [dir],
              (file, isFolder) => isFolder && NEVER_ENTERED.has(path.basename(file)),
              open,
              onEvent,
              { announce: true },
            ),
          );
      }
    },
    /**
     * Also watches these files, wherever they are (what the checks depend on).
     * @param {string[]} files absolute paths
     */
    watchFiles(files) {
      for (const file of files) {
        // A file in a folder not made yet (`schemas/parts/x.json`): the nearest folder there is
        // watches for the next one down, and the file is watched from deeper as folders appear.
        let folder = path.dirname(file);
        let name = path.basename(file);
        while (!isDirectory(folder) && path.dirname(folder) !== folder) {
          name = path.basename(folder);
          folder = path.dirname(folder);
        }
        if (!folders.has(folder)) {
          const watch = { names: new Set(), awaited: new Map() }; // awaited: a folder's name ─▶ the files below it
          watch.watcher = open(folder, {}, (kind, changed) => changed && arrived(folder, watch, kind, String(changed)));
          if (!watch.watcher) continue;
          folders.set(folder, watch);
        }
        const watch = folders.get(folder);
        if (name === path.basename(file) && folder === path.dirname(file)) watch.names.add(name);
        else watch.awaited.set(name, [...(watch.awaited.get(name) ?? []), file]);
      }
    },
    close() {
      tree?.close();
      tree = null;
      for (const { watcher } of folders.values()) watcher.close();
      folders.clear();
      for (const watches of trees.values()) watches.close();
      trees.clear();
    },
  };
  return watcher;
}

// A watch per folder: a new folder is watched as soon as its name is seen, a deleted one forgotten.
// announce: the files a new folder already holds when its watch starts are reported as created
// (the tree's are found by the discovery its event runs; a `**` refs glob's are not).
function folderWatches(roots, ignored, open, onEvent, { announce = false } = {}) {
  const watchers = new Map(); // folder ─▶ FSWatcher
  const add = (folder, isNew = false) => {
    if (watchers.has(folder)) return;
    const watcher = open(folder, {}, (kind, name) => changed(folder, kind, name));
    if (!watcher) return;
    watchers.set(folder, watcher);
    for (const entry of readFolder(folder)) {
      const child = path.join(folder, entry.name);
      if (entry.isDirectory() && !ignored(child, true)) add(child, isNew);
      else if (isNew && announce && !entry.isDirectory()) onEvent('rename', child);
    }
  };
  const forget = (folder) => {
    for (const [watched, watcher] of watchers) {
      if (watched === folder || watched.startsWith(folder + path.sep)) {
        watcher.close();
        watchers.delete(watched);
      }
    }
  };
  function changed(folder, kind, name) {
    if (!name) return; // the system did not say which: nothing to go on
    const file = path.join(folder, String(name));
    const stats = kind === 'rename' ? lstatOrNull(file) : null;
    if (stats?.isDirectory()) {
      if (ignored(file, true)) return;
      add(file, true);
    } else if (kind === 'rename' && watchers.has(file)) {
      forget(file); // a folder deleted or moved away
    } else if (ignored(file, false)) {
      return;
    }
    onEvent(kind, file);
  }
  for (const root of roots) add(root);
  return {
    close() {
      for (const watcher of watchers.values()) watcher.close();
      watchers.clear();
    },
  };
}

/**
 * The folders (or files) the patterns, else the rules' globs (or the project, for a run the
 * catalogs say what to check of), start from: the outermost only. A
 * folder that does not exist yet is watched from its nearest existing ancestor.
 * @param {import('../config/load-config.js').Config} config
 * @returns {string[]} absolute paths
 */
export function watchRoots(config) {
  const picomatch = require('picomatch');
  // A run whose catalogs say what to check (discover.js) watches the whole project, and its rules' files.
  const starts = config.patterns.length
    ? config.patterns.map((pattern) => [pattern, config.cwd])
    : [
        ...(config.catalogFiles ? [['**', config.catalogFiles.base]] : []),
        ...config.rules.flatMap((rule) => rule.files.map((glob) => [glob, rule.base])),
      ];
  const roots = starts
    .filter(([pattern]) => !pattern.startsWith('!'))
    .map(([pattern, base]) => {
      const literal = path.resolve(base, pattern); // an existing path is taken literally, as discover.js does
      return fs.existsSync(literal) ? literal : existingAncestor(path.resolve(base, picomatch.scan(pattern).base));
    });
  return outermost(roots);
}

// What discovery leaves out anyway, and whose folders are not worth a watch.
function ignoredBy(config) {
  const isGitignored = gitignoreFilter(config.root);
  const cache = config.cache?.dir;
  return (file, directory) => {
    if (NEVER_ENTERED.has(path.basename(file))) return true;
    if (cache && (file === cache || file.startsWith(cache + path.sep))) return true;
    return isGitignored(file, directory);
  };
}

// The .gitignore files between the repository's root (the project's folder, outside one, as
// gitignore.js reads them) and the watched folders (those inside them are in the tree), and the
// repository's own exclude file.
function gitignoresAbove(roots, root) {
  const top = findRepositoryRoot(root) ?? root;
  const files = new Set([path.join(top, '.git', 'info', 'exclude')]);
  for (const start of roots) {
    if (start !== top && !start.startsWith(top + path.sep)) continue;
    for (let dir = path.dirname(start); dir.length >= top.length; dir = path.dirname(dir)) {
      files.add(path.join(dir, '.gitignore'));
      if (dir === top) break;
    }
  }
  return [...files]; // watched through their folders: one created later is seen too
}

function existingAncestor(dir) {
  while (!fs.existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  return dir;
}

function outermost(paths) {
  const kept = [];
  for (const candidate of [...new Set(paths)].sort((a, b) => a.length - b.length)) {
    const inside = (dir) => candidate === dir || candidate.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
    if (!kept.some(inside)) kept.push(candidate);
  }
  return kept;
}

function readFolder(folder) {
  try {
    return fs.readdirSync(folder, { withFileTypes: true });
  } catch {
    return []; // gone or unreadable
  }
}

const isDirectory = (file) => lstatOrNull(file)?.isDirectory() ?? false;
