/** A file download: the right type, a file name, never cached by a shared cache. */
export function fileResponse(file: { filename: string; contentType: string; body: string }, filename = file.filename): Response {
  return new Response(file.body, {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.@+-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
