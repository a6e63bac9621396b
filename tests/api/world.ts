import { createApiKey } from "~/.server/api-keys";
import { createLabel } from "~/.server/projects/labels";
import { API_SCOPE_KINDS, type ApiScope } from "~/lib/api-keys";
import { addMember, makeOwner, makeUser, memberOf } from "../support/factories";
import { apiClient } from "./client";

/** Every scope a workspace key may have, with write where the kind takes writes. */
export const ALL_SCOPES: ApiScope[] = API_SCOPE_KINDS.map((k) => `${k.kind}:${k.writable ? "write" : "read"}` as ApiScope);

/**
 * A workspace with its owner, a second member, and a workspace key with every scope (a
 * fresh key per test: a key's rate limit is 60 requests a minute on the Starter plan).
 */
export async function world(scopes: ApiScope[] = ALL_SCOPES) {
  const { user: owner, workspace } = await makeOwner({ fullName: "Ada Owner" });
  const member = await memberOf(owner.id);
  const colleague = await makeUser({ fullName: "Grace Colleague" });
  await addMember(workspace.id, colleague.id, "member");
  const { key } = await createApiKey(member, { type: "workspace", name: "Script", scopes, expiresInDays: "never" });
  return { owner, colleague, workspace, member, key, api: apiClient(key) };
}

export type World = Awaited<ReturnType<typeof world>>;

/** A project made through the API, with its five default columns. */
export async function projectWithBoard(w: World, name = "Website") {
  const { data: project } = await w.api.POST("/projects", { body: { name } });
  const { data: columns } = await w.api.GET("/projects/{projectId}/columns", { params: { path: { projectId: project!.id } } });
  const label = await createLabel(w.member, project!.id, "Bug", "red");
  return { project: project!, columns: columns!.data, label };
}
