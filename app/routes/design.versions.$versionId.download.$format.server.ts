import type { LoaderFunctionArgs } from "@remix-run/node";
import { versionForDownload } from "~/.server/design";
import { exportSystem, isExportFormat } from "~/.server/design/exports";
import { notFound } from "~/.server/errors";
import { fileResponse } from "~/.server/http/file-response";
import { orErrorPage } from "~/.server/http/submission";

/**
 * /design/versions/{id}/download/{format}?token=…[&theme=]: a published version's stable URL for
 * build pipelines, without a session. The token is signed for that version and revocable; a bad,
 * revoked or foreign token is a 404, like a missing version.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const format = params.format;
  const q = new URL(request.url).searchParams;
  return orErrorPage(async () => {
    if (!isExportFormat(format)) throw notFound("That export format");
    const version = await versionForDownload(params.versionId ?? "", q.get("token") ?? "");
    const file = await exportSystem(version.document, format, { theme: q.get("theme") || undefined });
    return fileResponse(file, file.filename.replace(/^design-tokens/, `design-tokens-${version.version}`));
  });
}
