import type { LoaderFunctionArgs } from "@remix-run/node";
import { downloadHeaders, readAttachment } from "~/.server/files/download";
import { meterApiClient } from "~/.server/http/api-member";
import { problem } from "~/.server/http/problem";
import { requireMember } from "~/.server/workspaces";

const notFound = () =>
  problem({ status: 404, detail: "This file does not exist, or it was deleted.", headers: { "Cache-Control": "private" } });

/**
 * GET /projects/:id/attachments/:attachmentId. Members of the workspace (any role)
 * download; another workspace's ids, or ones that never existed, are the same 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs): Promise<Response> {
  const member = await requireMember(request, "project");
  const quota = await meterApiClient(request, member.workspace.id);
  if (quota) return quota;
  const file = await readAttachment(member, params.id ?? "", params.attachmentId ?? "");
  if (!file) return notFound();
  return new Response(file.bytes, { status: 200, headers: downloadHeaders(file) });
}
