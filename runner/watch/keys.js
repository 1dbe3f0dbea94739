// --watch's keys. On a terminal, stdin is put in raw mode so that a key acts at once: q quits,
// Enter checks every file again, and Ctrl-C (which raw mode delivers as a byte, not as SIGINT)
// interrupts. Elsewhere (a pipe: CI, a script, a test) stdin is read by lines: `q` quits, an empty
// line checks every file again, and its end is not a quit (`< /dev/null` keeps watching; Ctrl-C or
// SIGTERM end the watch there).

/**
 * @param {NodeJS.ReadStream | undefined} stdin
 * @param {{ quit(): void, interrupt(): void, checkAll(): void }} actions
 * @returns {{ interactive: boolean, stop(): void }} interactive: keys act at once (a terminal)
 */
export function listenForKeys(stdin, { quit, interrupt, checkAll }) {
  if (!stdin) return { interactive: false, stop() {} };
  const interactive = !!stdin.isTTY && typeof stdin.setRawMode === 'function';
  let buffered = '';
  const onData = (text) => {
    if (interactive) {
      for (const key of text) {
        if (key === 'q' || key === 'Q') quit();
        else if (key === '\u0003') interrupt();
        else if (key === '\r' || key === '\n') checkAll();
      }
      return;
    }
    buffered += text;
    let end;
    while ((end = buffered.indexOf('\n')) !== -1) {
      const line = buffered.slice(0, end).trim();
      buffered = buffered.slice(end + 1);
      if (line === 'q') quit();
      else if (line === '') checkAll();
    }
  };
  const onError = () => {}; // a stdin that cannot be read: the keys are lost, the watch goes on
  if (interactive) stdin.setRawMode(true);
  stdin.setEncoding('utf8');
  stdin.on('data', onData);
  stdin.on('error', onError);
  stdin.resume();
  return {
    interactive,
    stop() {
      stdin.off('data', onData);
      stdin.off('error', onError);
      if (interactive) stdin.setRawMode(false);
      stdin.pause(); // lets the process exit
    },
  };
}
