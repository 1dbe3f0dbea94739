// ajv-errors' errorMessage replaces the errors it words with one error at the node that holds the
// keyword, keeping them in params.errors: an extra key's place (its line, the key in the pointer)
// would be lost, and `/a: names must be lowercase letters` would not say which key. Where the errors
// it replaces all point at one place, the message is placed there, as they would have been.
import { pointerToken } from './schema-walk.js';

/**
 * @param {import('ajv').ErrorObject} error an errorMessage error
 * @returns {{ pointer: string, atKey?: true, key?: string, what?: string } | undefined} where its
 *   errors point (atKey: at the key `key` names, not its value; what: how the key is wrong), or
 *   undefined when they point at several places
 */
export function customMessagePlace(error) {
  const replaced = error.params?.errors;
  if (!Array.isArray(replaced) || !replaced.length) return undefined;
  const places = replaced.map(placeOf);
  const [first] = places;
  const same = (place) => place.pointer === first.pointer && place.key === first.key && place.what === first.what;
  return places.every(same) ? first : undefined;
}

function placeOf({ keyword, instancePath, params = {}, propertyName }) {
  const extra = EXTRA_KEY[keyword];
  if (extra && params[extra.param] !== undefined) return atKey(instancePath, params[extra.param], extra.what);
  if (propertyName !== undefined) return atKey(instancePath, propertyName, 'property name');
  // A missing property is about the object that lacks it (`must have required property "x"`).
  if (params.missingProperty !== undefined)
    return { pointer: instancePath, key: params.missingProperty, what: 'missing property' };
  return { pointer: instancePath };
}

const EXTRA_KEY = {
  additionalProperties: { param: 'additionalProperty', what: 'additional property' },
  unevaluatedProperties: { param: 'unevaluatedProperty', what: 'unevaluated property' },
};

const atKey = (instancePath, key, what) => ({
  pointer: `${instancePath}/${pointerToken(key)}`,
  atKey: true,
  key,
  what,
});

/**
 * The message, naming the key its place is about when it does not already (as a word of its own).
 * @param {string} message
 * @param {{ key?: string, what?: string }} place
 */
export function namingTheKey(message, { key, what }) {
  if (key === undefined) return message;
  const word = new RegExp(`(^|[^\\p{L}\\p{N}_])${key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}($|[^\\p{L}\\p{N}_])`, 'u');
  return word.test(message) ? message : `${message} (${what} ${JSON.stringify(key)})`;
}
