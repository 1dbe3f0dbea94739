// Feeds results and a summary to a reporter made on an in-memory sink, as a run does, and returns
// what it wrote (report files patched in place with writeAt included).
export async function feedReporter(make, summary, results) {
  let text = '';
  const reporter = make({
    write: (chunk) => {
      text += chunk;
    },
    writeAt: (at, chunk) => {
      const bytes = Buffer.from(text);
      Buffer.from(chunk).copy(bytes, at);
      text = bytes.toString();
    },
    end: () => {},
  });
  reporter.onRunStart?.({ plan: summary.plan, files: results.length, skipped: [] });
  for (const result of results) reporter.onFileResult(result);
  await reporter.onRunComplete(summary);
  return text;
}
