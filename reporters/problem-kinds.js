// A check that could not run or finish (an unreadable file, a validator that threw or died, the file
// timeout, the chaos monkey) says nothing of the file's content, unlike a file found to break a rule
// or not to parse: JUnit makes it an <error> rather than a <failure>, GitLab's report a critical
// issue rather than a major one.
const COULD_NOT_CHECK = new Set(['io', 'error', 'chaos', 'timeout']);

/** @param {import('../runner/check/check-file.js').Problem} problem */
export const couldNotCheck = (problem) => COULD_NOT_CHECK.has(problem.kind);
