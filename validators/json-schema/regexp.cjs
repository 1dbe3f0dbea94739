// A schema pattern's RegExp, as ajv's `code.regExp` for a schema whose patterns are not all valid
// Unicode regular expressions: each keeps the u flag ajv asks for (`\p{Lu}` keeps its meaning)
// unless it is not a valid Unicode one (an escape such as `\:` other engines take), which is
// compiled without it. CommonJS: the standalone code --cache stores requires it.
function lenientRegExp(source, flags) {
  try {
    return new RegExp(source, flags);
  } catch (error) {
    if (!flags.includes('u')) throw error;
    return new RegExp(source, flags.replace('u', ''));
  }
}

module.exports = { lenientRegExp };
