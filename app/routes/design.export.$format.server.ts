import type { LoaderFunctionArgs } from "@remix-run/node";
import { effectiveSystem, getVersion } from "~/.server/design";
import { exportSystem, isExportFormat } from "~/.server/design/exports";
import { notFound } from "~/.server/errors";
import { fileResponse } from "~/.server/http/file-response";
import { orErrorPage } from "~/.server/http/submission";
import { requireMember } from "~/.server/workspaces";

/**
 * /design/export/{format}?project=&version=&theme=: the draft (the workspace's, or a project's
 * effective system) or a published version, as a download that works with JavaScript off.
 * Viewers may export; another workspace's project or version is a 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const member = await requireMember(request, "token_set");
  const format = params.format;
  if (!isExportFormat(format)) return orErrorPage(() => Promise.reject(notFound("That export format")));
  const q = new URL(request.url).searchParams;
  const versionId = q.get("version");
  const theme = q.get("theme") || undefined;
  return orErrorPage(async () => {
    if (versionId) {
      const version = await getVersion(member, versionId);
      const file = await exportSystem(version.document, format, { theme });
      return fileResponse(file, file.filename.replace(/^design-tokens/, `design-tokens-${version.version}`));
    }
    const { doc } = await effectiveSystem(member, q.get("project") || null);
    return fileResponse(await exportSystem(doc, format, { theme }));
  });
}
