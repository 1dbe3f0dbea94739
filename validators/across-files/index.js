// The built-in checks across files (issue 26), as collectors: while each file is parsed, `collect`
// keeps small facts of each document; once every file of a rule is known, `checkAll` turns all the
// files' facts into problems. `unique`, `references` and `sameKeysAs` are keys of a rule.
import { createRequire } from 'node:module';
import { UsageError } from '../../shared/errors.js';

const require = createRequire(import.meta.url);
// Each built-in is loaded by the first rule that has it: a run with `unique` alone loads no placeholder syntax.
const references = () => require('./references.js');
const uniqueCollector = (...args) => require('./unique.js').uniqueCollector(...args);
const sameKeysCollector = (...args) => require('./same-keys.js').sameKeysCollector(...args);

/**
 * @typedef {{ rule: number, key: string, name: string, collect?(doc: unknown, ctx: { path: string }): unknown,
 *   checkAll?(entries: Entry[], ctx: CheckAllContext): CollectedProblem[], readsEntriesOnce?: boolean,
 *   contextFiles?: string[], reads?: number[], unreadable?(problem: { message: string, line?: number, column?: number }): unknown }} Collector
 *   rule: the id of the rule whose files it collects from; key: unique among that rule's collectors
 *   (e.g. 'unique', 'references', 'sameKeysAs', 'values:/id'); name: the validator name problems carry
 *   ('unique', 'references', 'sameKeysAs'); collect: called once per document of each of the rule's files
 *   (in any thread; must be synchronous, pure, cheap; returns JSON-serialisable facts or undefined);
 *   checkAll: on the main thread, once, over every file's facts; readsEntriesOnce: checkAll reads its
 *   entries once, in order, and gets them as an iterable made as it reads (a built-in's memory, where a
 *   module's checkAll gets an array); contextFiles: globs (relative to the
 *   rule's base, forward slashes) of files that must be collected for this check even if the rule's
 *   own globs do not match them (sameKeysAs's source when the rule's files leave it out); reads: the ids
 *   of the other rules whose facts checkAll reads with entriesOf (references' `in`); unreadable: the
 *   facts of a file or document that could not be read or parsed, given its first problem (sameKeysAs
 *   tells a translation its source cannot be read, and why), where collect gives none
 * @typedef {{ path: string, facts: unknown, document?: number }} Entry  path: as reported (relative to cwd,
 *   forward slashes); document: the document's number in a YAML stream of several (1-based), else absent
 * @typedef {{ rule: { id: number, name: string, base: string }, entriesOf(ruleId: number, key: string): Entry[],
 *   relativeToBase(path: string): string, absolute(path: string): string, exists(absolutePath: string): boolean,
 *   display(absolutePath: string): string, matchedNothing?(rules: number[], words: string): void }} CheckAllContext
 *   entriesOf: the entries of another collector (references' `in` rule); relativeToBase: a reported path made
 *   relative to the rule's base (to match sameKeysAs's source); absolute: a reported path made absolute;
 *   exists: whether a path exists (references' file: true); display: an absolute path as reported;
 *   matchedNothing: the built-ins say a pointer (`words`: "unique /slug") matched no string or number in
 *   any file of `rules`, in a run of every file only (runner/collect/across-files-run.js warns of it)
 * @typedef {{ path: string, message: string, pointer?: string, atKey?: boolean, document?: number, severity?: 'error' | 'warning',
 *   related?: { path: string, pointer?: string, atKey?: boolean, document?: number, message?: string }[], paths?: [number, number][] }} CollectedProblem
 *   the core places pointer and related pointers at line:col by reading those files again (only files with
 *   problems); atKey: at the key the pointer names, not at its value (a key that should not be there);
 *   paths: the spans of the entries' paths the message names (shared/message-paths.js' worded)
 */

/**
 * @param {import('../../runner/config/load-config.js').Rule[]} rules every rule of the config; a rule has
 *   `id`, `name`, `base` and the raw keys `unique`, `references`, `sameKeysAs` (as written in the config, or undefined)
 * @returns {Map<number, Collector[]>} rule id ─▶ its collectors, for the rules that have any (a rule that
 *   `references` names with `in` gets a `values:<to pointer>` collector with no checkAll, whose facts the
 *   referencing rule reads via entriesOf)
 * @throws {UsageError} a one-line message naming the rule for a bad setting: a pointer that is not a
 *   JSON pointer, `in` naming no rule, an unknown placeholder syntax…
 */
export function acrossFilesCollectors(rules) {
  const collectors = new Map();
  const add = (collector) => {
    const list = collectors.get(collector.rule) ?? [];
    if (!list.some((other) => other.key === collector.key)) list.push(collector);
    collectors.set(collector.rule, list);
  };
  for (const rule of rules) {
    try {
      if (rule.unique !== undefined) add(uniqueCollector(rule, rule.unique));
      if (rule.references !== undefined) {
        const { parseReferences, referencesCollector, valuesCollector } = references();
        const parsed = parseReferences(rule.references);
        const targets = parsed.map((reference) => (reference.file ? [] : targetRules(reference, rule, rules)));
        add(referencesCollector(rule, parsed, targets));
        parsed.forEach((reference, index) => {
          for (const target of targets[index]) add(valuesCollector(target.id, reference.to));
        });
      }
      if (rule.sameKeysAs !== undefined) add(sameKeysCollector(rule, rule.sameKeysAs));
    } catch (error) {
      if (error instanceof TypeError) throw new UsageError(`${rule.name}: ${error.message}`);
      throw error;
    }
  }
  return collectors;
}

// The rules whose files hold a reference's values: every rule named `in` (names need not be
// unique), else the referencing rule itself. A name is first the referencing rule's config's (the
// name as written there: nested configs, docs/monorepo.md), then any config's.
function targetRules(reference, rule, rules) {
  if (reference.in === undefined) return [rule];
  const ownName = (other) => other.ownName ?? other.name;
  const own = rules.filter((other) => other.config === rule.config && ownName(other) === reference.in);
  if (own.length) return own;
  const named = rules.filter((other) => other.name === reference.in || ownName(other) === reference.in);
  if (named.length) return named;
  const names = rules.map((other) => `"${other.name}"`).join(', ');
  throw new TypeError(`references: "in": no rule is named "${reference.in}" (the rules: ${names})`);
}
