/**
 * A module loaded on first use, once per process, instead of when the server starts: for
 * heavy libraries only some requests need (the exports' Style Dictionary, pdfkit, resvg;
 * issue 12). The server build keeps `import()` of a package lazy. A failed load is tried
 * again on the next call.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
