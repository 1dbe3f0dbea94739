// The YAML tags of tools whose files are checked against JSON Schemas, read as those tools read
// them (a rule's "yamlTags", --yaml-tags); any other tag beyond the core schema still fails the file
// (yaml.js). Each tagged node is rewritten in yaml's syntax tree before it becomes a value, so
// problems are still placed on the file's own nodes.
// - cloudformation: the short forms of CloudFormation's intrinsic functions, as the long form:
//   `!Ref x` is `{ "Ref": "x" }`, `!Sub s` is `{ "Fn::Sub": "s" }`, `!GetAtt a.b` is
//   `{ "Fn::GetAtt": ["a", "b"] }`, the form CloudFormation's JSON templates and schemas use.
// - gitlab: GitLab CI's `!reference [job, key]` is its list, as check-jsonschema reads it.
// - any: every tag beyond the core schema is read as if it were not there, its value as written
//   (Ansible's `!vault`, MkDocs' `!ENV [VAR, default]` and `!!python/name:…`, Home Assistant's
//   `!include`): for files whose tags only their tool resolves, validated as they are written.
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

const CLOUDFORMATION_FUNCTIONS = [
  'Base64',
  'Cidr',
  'FindInMap',
  'ForEach',
  'GetAtt',
  'GetAZs',
  'ImportValue',
  'Join',
  'Length',
  'Select',
  'Split',
  'Sub',
  'ToJsonString',
  'Transform',
  'And',
  'Equals',
  'If',
  'Not',
  'Or', // conditions
  'Contains',
  'EachMemberEquals',
  'EachMemberIn',
  'RefAll',
  'ValueOf',
  'ValueOfAll', // the Rules section's, as cfn-lint reads them
];

/** name ─▶ the tool whose tags they are, and tag ─▶ what the tagged node becomes: a key to wrap it in, or null for the node itself */
const SETS = {
  cloudformation: {
    tool: 'CloudFormation',
    tags: new Map([
      ['!Ref', 'Ref'],
      ['!Condition', 'Condition'],
      ...CLOUDFORMATION_FUNCTIONS.map((name) => [`!${name}`, `Fn::${name}`]),
    ]),
  },
  gitlab: { tool: 'GitLab CI', tags: new Map([['!reference', null]]) },
};

const ANY = 'any';
export const YAML_TAG_SETS = [...Object.keys(SETS), ANY];

const CORE_TAG = /^tag:yaml\.org,2002:(?:str|int|float|bool|null|seq|map)$/;
// The tags of the other sets as they read them, and any other but the core schema's as itself.
class AnyTag extends Map {
  has(tag) {
    return super.has(tag) || !CORE_TAG.test(tag);
  }

  get(tag) {
    return super.has(tag) ? super.get(tag) : null;
  }
}

/**
 * @param {string[]} names sets of YAML_TAG_SETS
 * @returns {Map<string, string | null> | null} the tags they read (has, get), or null for none
 */
export function tagsOf(names) {
  if (!names?.length) return null;
  const key = names.join(',');
  if (!combined.has(key)) {
    const tags = names.filter((name) => name !== ANY).flatMap((name) => [...SETS[name].tags]);
    combined.set(key, names.includes(ANY) ? new AnyTag(tags) : new Map(tags));
  }
  return combined.get(key);
}
const combined = new Map(); // names joined ─▶ their tags, built once

/**
 * @param {string} tag as written (`!reference`)
 * @returns {string | undefined} how to read a tag that a set reads, for a file that fails on it:
 *   "to read GitLab CI's !reference, use --yaml-tags gitlab, …"
 */
export function tagSetHint(tag) {
  const name = Object.keys(SETS).find((set) => SETS[set].tags.has(tag));
  return name && `to read ${SETS[name].tool}'s ${tag}, use --yaml-tags ${name}, or "yamlTags" in a rule`;
}

/** How to read a tag no other set reads (MkDocs' !ENV, !!binary), for a file that fails on it. */
export const ANY_TAG_HINT = `to read its value as written, use --yaml-tags ${ANY}, or "yamlTags" in a rule`;

/**
 * Rewrites the document's nodes that carry one of these tags, in place.
 * @param {import('yaml').Document} doc
 * @param {Map<string, string | null>} tags
 * @returns {Map<object, string>} the nodes read as written (`!ENV [A, b]` is its list), each with its
 *   tag: a problem with such a value says so (asWrittenHint)
 */
export function applyTags(doc, tags) {
  const { Pair, Scalar, YAMLMap, YAMLSeq, isScalar, visit } = require('yaml');
  const asWritten = new Map();
  visit(doc, {
    Node(_key, node) {
      if (node.tag === undefined || !tags.has(node.tag)) return undefined;
      const wrapper = tags.get(node.tag);
      if (wrapper === null) asWritten.set(node, node.tag);
      node.tag = undefined;
      if (wrapper === null) return undefined;
      let value = node;
      // `!GetAtt resource.attribute` names the two parts CloudFormation splits at the first dot.
      if (wrapper === 'Fn::GetAtt' && isScalar(node) && typeof node.value === 'string' && node.value.includes('.')) {
        const dot = node.value.indexOf('.');
        value = new YAMLSeq();
        value.items.push(new Scalar(node.value.slice(0, dot)), new Scalar(node.value.slice(dot + 1)));
        value.range = node.range;
      }
      const map = new YAMLMap();
      map.items.push(new Pair(new Scalar(wrapper), value));
      map.range = node.range;
      return map;
    },
  });
  return asWritten;
}

/**
 * @param {string} tag as written (`!ENV`), of a value read as written
 * @returns {string} what a problem with that value adds: ` (the value of !ENV, read as written by
 *   --yaml-tags any)`, as its tool would read it otherwise (MkDocs' !ENV, the variable's value)
 */
export function asWrittenHint(tag) {
  const name = Object.keys(SETS).find((set) => SETS[set].tags.has(tag)) ?? ANY;
  return ` (the value of ${tag}, read as written by --yaml-tags ${name})`;
}

/** @returns {string | undefined} the tag a TAG_RESOLVE_FAILED warning of yaml's is about, as written */
export const unresolvedTag = (warning) => / (\S+)$/.exec(warning.message)?.[1];

/** @returns {boolean} the warning is that one of these tags is unknown to the core schema */
export const isReadTag = (warning, tags) => warning.code === 'TAG_RESOLVE_FAILED' && tags.has(unresolvedTag(warning));
