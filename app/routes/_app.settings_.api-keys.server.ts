import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { API_SCOPE_KINDS, createApiKeySchema, revokeApiKeySchema } from "~/lib/api-keys";
import { isUuid } from "~/lib/ids";
import { allows } from "~/.server/access";
import { createApiKey, KEY_REQUESTS_PER_MINUTE, listApiKeys, revokeApiKey } from "~/.server/api-keys";
import { redirectWithToast } from "~/.server/http/flash";
import { readForm } from "~/.server/http/body";
import { invalid, parseFormData, replyUserError } from "~/.server/http/submission";
import { planOf } from "~/.server/workspaces/limits";
import { db } from "~/.server/db";
import { requireMember } from "~/.server/workspaces";

/**
 * /settings/api-keys (issue 22, decision 027): everyone makes personal keys; owners and admins
 * also see and make the workspace's keys. `?revoke=<id>` asks to confirm a revocation (a page
 * of its own, so it works without JavaScript).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  const [keys, plan] = await Promise.all([listApiKeys(member), planOf(db(), member.workspace.id)]);
  const revoke = new URL(request.url).searchParams.get("revoke");
  return {
    workspaceName: member.workspace.name,
    keys,
    canMakeWorkspaceKeys: allows(member.role, "workspace", "change"),
    scopeKinds: API_SCOPE_KINDS,
    plan: { name: plan.name, apiCalls: plan.limits.apiCalls, perMinute: KEY_REQUESTS_PER_MINUTE[plan.planId] },
    confirmRevoke: revoke && isUuid(revoke) ? (keys.find((k) => k.id === revoke && !k.revokedAt) ?? null) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request);
  const form = await readForm(request);
  if (form.get("intent") === "revoke") {
    const submission = parseFormData(form, revokeApiKeySchema);
    if (submission.status !== "success") return invalid(submission);
    try {
      const { name } = await revokeApiKey(member, submission.value.keyId);
      return redirectWithToast(
        "/settings/api-keys",
        { variant: "success", title: `Key "${name}" revoked`, description: "Requests with it are refused from now on." },
        { status: 303 },
      );
    } catch (error) {
      return replyUserError(submission, error);
    }
  }
  const submission = parseFormData(form, createApiKeySchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  try {
    const { id, key } = await createApiKey(member, input);
    // The key's text is in this answer only: never in a cookie, a log or the database.
    return data({ created: { id, name: input.name, key } }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    return replyUserError(submission, error);
  }
}
