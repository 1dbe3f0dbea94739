// SARIF 2.1.0, the format of code-scanning tools: GitHub's code scanning
// (github/codeql-action/upload-sarif) shows each result as an alert on its file and line. One run,
// one result per problem. A result's rule is the validator that found the problem, its level
// "error", or "warning" for a warning (which fails no file), its message the problem in words after
// its JSON pointer and naming its schema, which its properties hold too. The other places a problem
// points at (a slug another file holds too) are its relatedLocations, which its message links to
// (`[b.json:3:11](1)`), the one way code scanning shows them.
// Its file is a path relative to the repository's root (GITHUB_WORKSPACE, else the working
// directory) under the base "%SRCROOT%", as GitHub expects; its region the problem's line and
// column, or none for a problem about the whole file.
//
// Streamed, as the json report is: the results first, then the tool with the rules they used (a
// run's properties may come in any order). Nothing in it changes from one run of the same files to
// the next: no time, no absolute path but for a file outside the repository.
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { positionOf, problemText } from './problem-words.js';
import { placesList, relatedOf } from './related.js';
import { severityOf } from './severity.js';
import { printableText } from './printable.js';
import { fingerprints } from './fingerprints.js';
import { codeScanningFiles } from './code-scanning.js';
import { streamedArray } from './json-array.js';
import { reportNotes } from './summary-line.js';

const require = createRequire(import.meta.url);
const { name, version, homepage } = require('../package.json');

const START = '{"$schema":"https://json.schemastore.org/sarif-2.1.0.json","version":"2.1.0","runs":[{"results":[';

// What each built-in validator checks, for the rules' descriptions (GitHub shows a rule's short
// description as its alerts' title). A custom validator is named by its module.
const BUILT_IN = {
  'json-schema': 'The file matches its JSON Schema',
  require: 'The file has the keys its rules require, with their types',
  parse: 'The file is valid in its format (JSON, YAML, TOML…)',
  'front-matter': 'The Markdown file has the front matter its rules require',
  read: 'The file can be read',
  timeout: 'The check finishes within the file timeout',
  worker: 'The check runs to its end',
  check: 'The check runs to its end',
  'chaos-monkey': 'A fault the chaos monkey injects, to test filecheck itself',
  // The checks across files (validators/across-files/)
  unique: 'Values at the pointers are unique across files',
  references: 'References resolve to existing values or files',
  sameKeysAs: 'Locale files have the keys and placeholders of their source',
};
const describeRule = (id) => BUILT_IN[id] ?? `The custom validator "${id}" passes`;

/**
 * @param {{ write(text: string): void, end(): void | Promise<void>, cwd: string, root: string }} options
 *   cwd: what reported paths are relative to; root: the repository's root, which the report's paths are relative to
 */
export function createSarifReporter({ write, end, cwd, root }) {
  const rules = new Map(); // validator ─▶ its index in the rules, in the order first met
  const erring = new Set(); // the validators that found an error: their rules' level is "error", else "warning"
  const results = streamedArray(write, START);
  const ruleIndex = (id) => {
    if (!rules.has(id)) rules.set(id, rules.size);
    return rules.get(id);
  };
  let artifactLocation; // the file of the problems handed over
  const { onFileResult, repositoryPath } = codeScanningFiles(
    { cwd, root },
    {
      fingerprints,
      onFile(file) {
        artifactLocation = artifactLocationOf(file);
      },
      onProblem(p, _file, fingerprint) {
        const level = severityOf(p);
        if (level === 'error') erring.add(p.validator);
        const related = relatedLocationsOf(p, repositoryPath);
        results.add(
          JSON.stringify({
            ruleId: p.validator,
            ruleIndex: ruleIndex(p.validator),
            level,
            message: { text: related ? linkedText(p, related) : problemText(p) },
            locations: [{ physicalLocation: physicalLocationOf(artifactLocation, p) }],
            ...(related && { relatedLocations: related.locations }),
            partialFingerprints: { 'filecheck/v1': fingerprint },
            ...((p.schema || p.pointer) && { properties: propertiesOf(p) }),
          }),
        );
      },
    },
  );

  return {
    onFileResult,
    async onRunComplete(summary) {
      const driver = {
        name,
        version,
        semanticVersion: version,
        informationUri: homepage,
        rules: [...rules.keys()].map((id) => ({
          id,
          shortDescription: { text: describeRule(id) },
          defaultConfiguration: { level: erring.has(id) ? 'error' : 'warning' },
        })),
      };
      // A run stopped by Ctrl-C did not finish its work; one stopped by --bail did what it was asked.
      const invocation = { executionSuccessful: !summary.interrupted };
      // What the results do not say: files left unchecked, checks across files that did not run,
      // files only parsed (which passed unvalidated). More warnings than --max-warnings, which failed the run.
      const notes = reportNotes(summary);
      if (notes.length)
        invocation.toolExecutionNotifications = notes.map((text) => ({ level: 'warning', message: { text } }));
      write(
        `${results.end()},\n"tool":${JSON.stringify({ driver })},\n"invocations":${JSON.stringify([invocation])},"columnKind":"utf16CodeUnits"}]}\n`,
      );
      await end();
    },
  };
}

// A relative path becomes a relative URI reference (each segment percent-encoded: a space, `%`, `#`,
// or a `:` that would otherwise read as a scheme) under the repository's root; a file outside the
// root, an absolute file: URI.
function artifactLocationOf(file) {
  if (path.isAbsolute(file)) return { uri: pathToFileURL(file).href };
  return { uri: file.split('/').map(encodeURIComponent).join('/'), uriBaseId: '%SRCROOT%' };
}

// A place in a file: the file, and the line and column when the problem has them (none: the whole file).
const physicalLocationOf = (artifactLocation, p) => ({
  artifactLocation,
  ...(p.line !== undefined && { region: regionOf(p) }),
});

// A problem's related places (five at most, as every report names them) as relatedLocations, each
// with an id its message links to, 1 on; its message, when it has one. undefined: it has none.
function relatedLocationsOf(p, repositoryPath) {
  const { shown, more } = relatedOf(p);
  if (!shown.length) return undefined;
  const locations = shown.map((place, i) => ({
    id: i + 1,
    physicalLocation: physicalLocationOf(artifactLocationOf(repositoryPath(place.path)), place),
    ...(place.message && { message: { text: printableText(place.message) } }),
  }));
  const labels = shown.map((place) => {
    const file = repositoryPath(place.path);
    return place.line === undefined ? file : `${file}:${positionOf(place)}`;
  });
  return { locations, labels, more };
}

// "… (unique). Also at [b.json:3:11](1) and [c.json](2)." SARIF's embedded links: a `[` or `]` of
// the text itself is escaped (\[), as is a backslash before one, or it could read as a link.
function linkedText(p, { labels, more }) {
  const links = labels.map((label, i) => `[${literal(printableText(label))}](${i + 1})`);
  return `${literal(problemText(p))}. Also at ${placesList(links, more)}.`;
}
const literal = (text) => text.replace(/\\*[[\]]/g, (found) => `${found.slice(0, -1).repeat(2)}\\${found.at(-1)}`);

// What a reader's tooling may use apart from the message: the schema that found the problem and
// where it is in the document (a JSON pointer; the root's, "", says nothing).
const propertiesOf = ({ schema, pointer }) => ({ ...(schema && { schema }), ...(pointer && { pointer }) });

// Lines and columns count from 1, columns in UTF-16 code units as JavaScript's strings do (the
// run's columnKind). A custom validator may give a line without a column.
const regionOf = (p) => (p.column === undefined ? { startLine: p.line } : { startLine: p.line, startColumn: p.column });
