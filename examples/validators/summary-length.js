// An example custom validator: a page's summary must be short enough for a search result.
// The default export receives the parsed document and a context, and returns problems (or nothing).

export const name = 'summary-length';

/**
 * @param {any} doc the parsed file
 * @param {{ path: string, absolutePath: string, options?: { max?: number } }} ctx
 */
export default function summaryLength(doc, ctx) {
  const max = ctx.options?.max ?? 160;
  const summary = doc?.documentData?.summary;
  if (typeof summary === 'string' && summary.length > max) {
    return [
      {
        message: `summary is ${summary.length} characters long; the limit is ${max}`,
        pointer: '/documentData/summary',
      },
    ];
  }
  return [];
}
