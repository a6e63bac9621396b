import { data } from "@remix-run/node";
import { cssValue, resolveAll } from "~/lib/design-tokens/resolve";
import { listTokens, TOKEN_PAGE_SIZE } from "~/lib/design-tokens/listing";
import { aliasTarget, flatten, getToken, isTokenType } from "~/lib/design-tokens/tree";
import type { DesignIssue, FlatToken, ResolvedToken } from "~/lib/design-tokens/types";
import { designIssues } from "~/lib/design-tokens/issues";
import { checkSystem } from "~/lib/design-tokens/validate";
import { designSchemaFor, IMPORT_MAX_BYTES } from "~/lib/forms/design";
import {
  compareVersions,
  createDownloadToken,
  createSet,
  deleteSet,
  deleteTheme,
  deleteToken,
  effectiveSystem,
  listDownloadTokens,
  listVersions,
  moveSet,
  previewImport,
  applyImport,
  publishVersion,
  renameToken,
  revokeDownloadToken,
  saveSetJson,
  saveTheme,
  saveToken,
} from "~/.server/design/index";
import { isUserError } from "~/.server/errors";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { orErrorPage, parseFormData, replyError, replyUserError } from "~/.server/http/submission";
import { type MemberContext, requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { permits } from "~/.server/access";

/**
 * The design manager's page, at /design (the workspace's system) and
 * /projects/{id}/design (a project's): both routes' loader and action are these
 * (app/routes/_app.design.server.ts, _app.projects.$id_.design.server.ts).
 */

export const DESIGN_TABS = ["tokens", "overview", "contrast", "json", "sets", "versions", "import"] as const;
export type DesignTab = (typeof DESIGN_TABS)[number];

const display = (value: unknown) => (typeof value === "string" ? value : JSON.stringify(value));

/** The text and swatch of a resolved value (the swatch only for colours). */
function shown(t: ResolvedToken | undefined) {
  if (!t) return null;
  const css = t.resolved === undefined ? "" : cssValue(t.type, t.resolved);
  return {
    css,
    swatch: t.type === "color" && css ? css : null,
    alias: t.aliasChain.length > 0 ? t.aliasChain[t.aliasChain.length - 1]! : null,
  };
}

/**
 * /design and /projects/{id}/design: the scope's effective tokens set by set with their status
 * and their resolved value in every theme side by side; the tab's own data (the set's JSON, the
 * versions and a comparison, download links); what this member may do.
 */
export async function designPage(member: MemberContext, projectId: string | null, url: URL) {
  const q = url.searchParams;
  const system = await orErrorPage(() => effectiveSystem(member, projectId));
  const { doc, status, themes, project, own } = system;
  const tab: DesignTab = (DESIGN_TABS as readonly string[]).includes(q.get("tab") ?? "") ? (q.get("tab") as DesignTab) : "tokens";
  const theme = themes.includes(q.get("theme") ?? "") ? q.get("theme")! : (themes[0] ?? "default");
  const byTheme = resolveAll(doc);
  const themeList = [...byTheme.keys()];
  // Format and alias problems, and semantic text/surface pairs below AA in any theme.
  const issues: DesignIssue[] = [...checkSystem(doc), ...designIssues(byTheme)];
  const readOnly = await isReadOnly(member.workspace.id);
  // The tokens tab shows one page of the (filtered) list: values only for the visible tokens.
  const listing =
    tab === "tokens" ? listTokens(doc.sets, { q: q.get("q"), group: q.get("group"), page: q.get("page"), focus: q.get("focus") }) : null;
  const visible = new Map<string, FlatToken[]>();
  for (const t of listing?.rows ?? []) visible.set(t.set, [...(visible.get(t.set) ?? []), t]);
  const sets = doc.sets.map((set) => ({
    name: set.name,
    own: own.sets.some((s) => s.name === set.name),
    count: listing?.setCounts[set.name] ?? 0,
    tokens: (visible.get(set.name) ?? []).map((t) => ({
      path: t.path,
      type: t.type,
      // As written: an alias as "{a.b}", a value as its CSS text.
      value: aliasTarget(t.value) ? display(t.value) : cssValue(t.type, t.value) || display(t.value),
      description: t.description ?? "",
      deprecated: t.deprecated ?? false,
      status: status.get(t.path) ?? "own",
      resolved: Object.fromEntries(themeList.map((name) => [name, shown(byTheme.get(name)!.get(t.path))])),
    })),
  }));

  const editKey = q.get("edit");
  let editing: null | { set: string; path: string; type: string; storedType: string; value: unknown; description: string } = null;
  if (editKey && editKey.includes(":")) {
    const [setName, path] = [editKey.slice(0, editKey.indexOf(":")), editKey.slice(editKey.indexOf(":") + 1)];
    const set = doc.sets.find((s) => s.name === setName);
    const token = set ? getToken(set.tokens, path) : undefined;
    const flat = set ? flatten(set).find((t) => t.path === path) : undefined;
    // `?type=` (the type form without JavaScript): the fields of another type, to change the token's type.
    const retype = q.get("type");
    const type = isTokenType(retype) ? retype : flat?.type;
    if (token && flat && type)
      editing = { set: setName, path, type, storedType: flat.type, value: token.$value, description: flat.description ?? "" };
  }

  const versions = tab === "versions" || tab === "import" ? await listVersions(member, projectId) : [];
  const from = q.get("from");
  const to = q.get("to");
  let comparison: Awaited<ReturnType<typeof compareVersions>> | null = null;
  let compareError: string | null = null;
  if (tab === "versions" && from && to) {
    try {
      comparison = await compareVersions(member, projectId, from, to);
    } catch (error) {
      if (!isUserError(error)) throw error;
      compareError = error.message;
    }
  }
  const linksFor = tab === "versions" ? q.get("links") : null;
  const links = linksFor && versions.some((v) => v.id === linksFor) ? await listDownloadTokens(member, linksFor) : [];
  const jsonSet = tab === "json" ? (q.get("set") ?? own.sets[0]?.name ?? doc.sets[0]?.name ?? null) : null;
  const jsonText = jsonSet ? JSON.stringify(own.sets.find((s) => s.name === jsonSet)?.tokens ?? {}, null, 2) : "";

  return {
    project,
    base: project ? `/projects/${project.id}/design` : "/design",
    tab,
    theme,
    themes: themeList,
    themeSets: doc.themes,
    setNames: doc.sets.map((s) => s.name),
    ownSetNames: own.sets.map((s) => s.name),
    ownThemeNames: own.themes.map((t) => t.name),
    sets,
    tokenCount: listing?.total ?? 0,
    /** The tokens tab's filter and page (null on the other tabs). */
    listing: listing && {
      q: listing.q,
      group: listing.group,
      page: listing.page,
      pages: listing.pages,
      matching: listing.matching,
      total: listing.total,
      pageSize: TOKEN_PAGE_SIZE,
      groups: listing.groups,
      focus: listing.focus,
    },
    /** The chosen theme's tokens resolved, for the overview (only on its tab). */
    resolved: tab === "overview" ? [...(byTheme.get(theme)?.values() ?? [])] : [],
    /** Every theme's resolved tokens, for the contrast table and the kit preview (only on their tabs). */
    resolvedByTheme:
      tab === "overview" || tab === "contrast" ? Object.fromEntries([...byTheme].map(([name, map]) => [name, [...map.values()]])) : {},
    issues,
    editing,
    newToken: q.get("new") ? { type: q.get("new")!, set: q.get("set") ?? own.sets[0]?.name ?? doc.sets[0]?.name ?? "" } : null,
    jsonSet,
    jsonText,
    versions: versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
    comparison,
    compareError,
    compare: { from: from ?? "", to: to ?? "" },
    linksFor,
    links: links.map((l) => ({ ...l, createdAt: l.createdAt.toISOString(), revokedAt: l.revokedAt?.toISOString() ?? null })),
    canEdit: permits(member, "token_set", "change", { readOnly }),
    canPublish: permits(member, "token_set", "publish", { readOnly }),
    readOnly,
  };
}

/** Back to the page, on the tab the form came from (its query kept, minus edit/new). */
function back(request: Request, base: string, drop: string[] = ["edit", "new"], add: Record<string, string> = {}): string {
  const url = new URL(request.url);
  for (const k of [...drop, "index", "_data"]) url.searchParams.delete(k);
  for (const [k, v] of Object.entries(add)) url.searchParams.set(k, v);
  const search = url.searchParams.toString();
  return `${base}${search ? `?${search}` : ""}`;
}

/**
 * Every form of the page (JavaScript or not): one intent each, parsed by its schema, answered
 * with a redirect and a toast, or the form's reply (400 for bad input, the service's status for a
 * refusal: 403 for a viewer or a read-only workspace, 404 for another workspace's).
 */
export async function designAction(request: Request, projectId: string | null) {
  const member = await requireMember(request, "token_set");
  const base = projectId ? `/projects/${projectId}/design` : "/design";
  const form = await readForm(request, { multipart: true, maxBytes: IMPORT_MAX_BYTES + 64 * 1024 });
  const intent = form.get("intent");
  if (intent === "import-preview" || intent === "import-apply") return importAction(member, projectId, form, request, base);
  const schema = designSchemaFor(intent);
  if (!schema) return data({ status: "error", error: { "": ["Reload the page and try again."] } }, { status: 400 });
  const submission = parseFormData(form, schema as never);
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  const input = submission.value as { intent: string } & Record<string, never>;
  const to = back(request, base);
  /** A change made: back to the page (`where`, else where the form came from) with a success toast. */
  const done = (title: string, description?: string, where = to) =>
    redirectWithToast(where, { variant: "success", title, ...(description ? { description } : {}) }, { status: 303 });
  try {
    switch (input.intent) {
      case "save-token": {
        const v = input as unknown as Parameters<typeof saveToken>[2];
        await saveToken(member, projectId, v);
        // Back to the list at the page that shows the token (focus), whatever page the form came from.
        const shown = back(request, base, ["edit", "new", "set", "type", "page", "focus"], { focus: `${v.set}:${v.path}` });
        return done(v.originalPath ? "Token saved" : "Token created", v.path, shown);
      }
      case "delete-token": {
        const v = input as unknown as { set: string; path: string };
        await deleteToken(member, projectId, v.set, v.path);
        return done("Token deleted", v.path);
      }
      case "move-token": {
        const v = input as unknown as { set: string; path: string; to: string };
        const { renamed } = await renameToken(member, projectId, v.set, v.path, v.to);
        return done("Token renamed", `${v.path} is now ${v.to}; ${renamed.length} token path(s) and their aliases follow.`);
      }
      case "save-set-json": {
        const v = input as unknown as { set: string; json: string };
        await saveSetJson(member, projectId, v.set, v.json);
        return done("Set saved", v.set);
      }
      case "create-set": {
        const v = input as unknown as { name: string };
        await createSet(member, projectId, v.name);
        return done("Set added", v.name);
      }
      case "delete-set": {
        const v = input as unknown as { name: string };
        await deleteSet(member, projectId, v.name);
        return done("Set deleted", v.name, back(request, base, ["edit", "new", "set"]));
      }
      case "move-set": {
        const v = input as unknown as { name: string; direction: "up" | "down" };
        await moveSet(member, projectId, v.name, v.direction);
        return done("Set moved", v.name);
      }
      case "save-theme": {
        const v = input as unknown as { name: string; originalName?: string; sets: string[] };
        await saveTheme(member, projectId, { name: v.name, originalName: v.originalName || null, sets: v.sets });
        return done("Theme saved", v.name);
      }
      case "delete-theme": {
        const v = input as unknown as { name: string };
        await deleteTheme(member, projectId, v.name);
        return done("Theme deleted", v.name, back(request, base, ["edit", "new", "theme"]));
      }
      case "publish": {
        const v = input as unknown as { version: string; note?: string };
        const published = await publishVersion(member, projectId, { version: v.version, note: v.note ?? "" });
        return done(`Version ${published.version} published`, undefined, `${base}?tab=versions`);
      }
      case "create-link": {
        const v = input as unknown as { versionId: string };
        const { token } = await createDownloadToken(member, v.versionId);
        // Shown once, in the reply: only its hash is kept.
        return data({ status: "success" as const, link: { versionId: v.versionId, token } });
      }
      case "revoke-link": {
        const v = input as unknown as { tokenId: string; versionId: string };
        await revokeDownloadToken(member, v.tokenId);
        return done("Download link revoked", undefined, `${base}?tab=versions&links=${v.versionId}`);
      }
    }
  } catch (error) {
    return replyUserError(submission, error);
  }
  return replyError(submission, 400, "Reload the page and try again.");
}

async function importAction(member: MemberContext, projectId: string | null, form: FormData, request: Request, base: string) {
  const file = form.get("file");
  const pasted = form.get("content");
  const text = file instanceof File && file.size > 0 ? await file.text() : typeof pasted === "string" ? pasted : "";
  const name = file instanceof File && file.size > 0 ? file.name : null;
  try {
    if (form.get("intent") === "import-apply") {
      await applyImport(member, projectId, text);
      return redirectWithToast(`${base}?tab=tokens`, { variant: "success", title: "Tokens imported" }, { status: 303 });
    }
    const preview = await previewImport(member, projectId, text);
    return data({ status: "success" as const, importPreview: { ...preview, fileName: name, content: text } });
  } catch (error) {
    if (!isUserError(error)) throw error;
    void request;
    return data({ status: "error" as const, importError: error.message, error: { "": [error.message] } }, { status: error.status });
  }
}
