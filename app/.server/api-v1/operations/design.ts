import { z } from "zod";
import { cssValue, resolveTheme, themeNames } from "~/lib/design-tokens/resolve";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { isUuid } from "~/lib/ids";
import { getVersion } from "../../design";
import { exportSystem } from "../../design/exports";
import { UserError } from "../../errors";
import type { MemberContext } from "../../workspaces";
import { decodeCursor, fileAnswer, objectAnswer, pageAnswer } from "../http";
import { operation } from "../operation";
import { toApiTokenVersion, tokenVersionsPage } from "../reads-design";
import { pageOf } from "../schemas";
import {
  TOKEN_EXPORT_MEDIA,
  tokenExportQuery,
  tokenThemeQuery,
  tokenThemeSchema,
  tokenVersionIdParams,
  tokenVersionListQuery,
  tokenVersionSchema,
  type ApiDesignToken,
} from "../schemas-design";

const cursorShape = z.tuple([z.string().regex(/^\d{1,20}$/), z.string().refine(isUuid)]);

/** A theme the version has, or a 404 naming it (as the app's export does). */
function requireTheme(doc: DesignSystemDoc, theme: string | undefined): string {
  const names = themeNames(doc);
  if (theme === undefined) return names[0]!;
  if (!names.includes(theme)) throw new UserError(404, `There is no theme named ${theme}. This version has ${names.join(", ")}.`, "theme");
  return theme;
}

/** A version with its publisher's name (the list's own read, of that one row). */
async function requireVersionSummary(member: MemberContext, versionId: string) {
  const row = await getVersion(member, versionId);
  const [summary] = await tokenVersionsPage(member, { projectId: row.projectId, versionId: row.id, after: null, limit: 1 });
  return { row, summary: toApiTokenVersion(summary!) };
}

/** A design system's published versions (read only): the list, one version, its tokens by theme, and its exports. */
export const designOperations = [
  operation({
    id: "listTokenVersions",
    method: "get",
    path: "/design/versions",
    tag: "Design tokens",
    summary: "List design-token versions",
    description: "The published versions of the workspace's base design system, or of a project's (`project`), newest first.",
    kind: "token_set",
    action: "read",
    query: tokenVersionListQuery,
    success: { status: 200, schema: pageOf(tokenVersionSchema, "TokenVersionList"), description: "A page of versions.", list: true },
    problems: [400, 404],
    handle: async ({ member, url, query }) => {
      const after = decodeCursor(query.cursor, cursorShape);
      const rows = await tokenVersionsPage(member, { projectId: query.project ?? null, after, limit: query.limit });
      return pageAnswer(url, rows, query.limit, toApiTokenVersion, (r) => [r.at, r.id]);
    },
  }),
  operation({
    id: "getTokenVersion",
    method: "get",
    path: "/design/versions/{versionId}",
    tag: "Design tokens",
    summary: "Get a design-token version",
    description: "A published version never changes: its ETag holds for good.",
    kind: "token_set",
    action: "read",
    params: tokenVersionIdParams,
    success: { status: 200, schema: tokenVersionSchema, description: "The version.", etag: true },
    problems: [404],
    handle: async ({ member, params }) => objectAnswer((await requireVersionSummary(member, params.versionId)).summary),
  }),
  operation({
    id: "getTokenTheme",
    method: "get",
    path: "/design/versions/{versionId}/tokens",
    tag: "Design tokens",
    summary: "A version's tokens in one theme",
    description:
      "Every token the theme enables (a later set wins), by path: its value as written, resolved (aliases followed) and as CSS text. An unknown theme is a 404.",
    kind: "token_set",
    action: "read",
    params: tokenVersionIdParams,
    query: tokenThemeQuery,
    success: { status: 200, schema: tokenThemeSchema, description: "The theme's tokens.", etag: true },
    problems: [400, 404],
    handle: async ({ member, params, query }) => {
      const version = await getVersion(member, params.versionId);
      const theme = requireTheme(version.document, query.theme);
      const tokens: ApiDesignToken[] = [...resolveTheme(version.document, theme).values()]
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
        .map((t) => ({
          path: t.path,
          set: t.set,
          type: t.type,
          value: t.value,
          resolved: t.resolved ?? null,
          css: cssValue(t.type, t.resolved),
          description: t.description ?? null,
          deprecated: t.deprecated ?? false,
        }));
      return objectAnswer({ object: "token_theme", versionId: version.id, version: version.version, theme, tokens });
    },
  }),
  operation({
    id: "exportTokenVersion",
    method: "get",
    path: "/design/versions/{versionId}/export",
    tag: "Design tokens",
    summary: "Export a design-token version",
    description:
      "The version in one of the design page's export formats, made by the same exporter (Style Dictionary). `Content-Disposition` names the file. An unknown theme is a 404.",
    kind: "token_set",
    action: "read",
    params: tokenVersionIdParams,
    query: tokenExportQuery,
    success: { status: 200, media: TOKEN_EXPORT_MEDIA, description: "The file.", etag: true },
    problems: [400, 404, 409],
    handle: async ({ member, params, query }) => {
      const version = await getVersion(member, params.versionId);
      const file = await exportSystem(version.document, query.format, { theme: query.theme });
      const fileName = file.filename.replace(/^(_?)design-tokens/, `$1design-tokens-${version.version}`);
      return fileAnswer({ bytes: file.body, contentType: file.contentType, fileName });
    },
  }),
];
