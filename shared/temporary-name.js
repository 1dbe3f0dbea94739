// Where a file is written before it is renamed over its real name (atomic-write.js, reporters' file sink).

/** @returns {string} a name beside `file` that no other writer, in this process or another, uses */
export const temporaryBeside = (file) => `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
