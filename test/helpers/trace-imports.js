// `NODE_OPTIONS=--import=<this file>`: appends the URL of every module the process loads to the
// file named by $TRACE_IMPORTS, so a test can tell that a run did not load what it does not use.
// Worker threads run it too (NODE_OPTIONS), so what a pool's workers load is noted as well.
// Modules are seen as V8 compiles them (the inspector's Debugger.scriptParsed), which covers
// imported and required ES modules alike: filecheck requires its own, which Node 20's loader hooks
// do not see.
import fs from 'node:fs';
import { Session } from 'node:inspector';

const session = new Session();
session.connect();
session.on('Debugger.scriptParsed', ({ params: { url } }) => {
  if (url.startsWith('file:')) fs.appendFileSync(process.env.TRACE_IMPORTS, `${url}\n`);
});
session.post('Debugger.enable');
