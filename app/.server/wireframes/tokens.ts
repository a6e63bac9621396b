import { rendererTokens, resolveAll, resolveTheme } from "~/lib/design-tokens/resolve";
import type { ResolvedToken } from "~/lib/design-tokens/types";
import type { TokenValues } from "~/lib/wireframes/render";
import type { TokenOption, WireframeDesign } from "~/lib/wireframes/token-refs";
import { effectiveSystem, linkedSystem } from "../design/systems";
import type { MemberContext } from "../workspaces";

/**
 * Design tokens for wireframes (issue 9): the effective design system of a wireframe's
 * project (the workspace's base, or the base for what belongs to no project), resolved per
 * theme into the values the one renderer draws with (`rendererTokens`), and what the
 * editor's token pickers offer. Permissions and tenancy are `effectiveSystem`'s: another
 * workspace's project answers 404.
 */

/** What the pickers offer: colours, dimensions, shadows, and the font sizes of typography tokens. */
export function tokenOptions(resolved: Iterable<ResolvedToken>): TokenOption[] {
  const options: TokenOption[] = [];
  for (const t of resolved) {
    if (t.resolved === undefined) continue;
    if (t.type === "color" || t.type === "dimension" || t.type === "shadow") options.push({ path: t.path, kind: t.type });
    else if (t.type === "typography") options.push({ path: `${t.path}.fontSize`, kind: "fontSize" });
  }
  return options.sort((a, b) => a.path.localeCompare(b.path));
}

/** The design the editor and the read-only screens draw with; `theme` from `?theme=` (an unknown one: the first). */
export async function wireframeDesign(member: MemberContext, projectId: string | null, theme?: string | null): Promise<WireframeDesign> {
  const { doc } = await effectiveSystem(member, projectId);
  const all = resolveAll(doc);
  const themes = [...all.keys()];
  const tokensByTheme: Record<string, TokenValues> = {};
  const seen = new Map<string, TokenOption>();
  for (const [name, resolved] of all) {
    tokensByTheme[name] = rendererTokens(resolved);
    for (const o of tokenOptions(resolved.values())) seen.set(o.path, o);
  }
  return {
    themes,
    theme: theme && themes.includes(theme) ? theme : (themes[0] ?? ""),
    tokensByTheme,
    options: [...seen.values()].sort((a, b) => a.path.localeCompare(b.path)),
  };
}

/** The first theme's values for each project (thumbnails in lists); `null` stands for the workspace's base. */
export async function thumbnailTokens(
  member: MemberContext,
  projectIds: Iterable<string | null>,
): Promise<Map<string | null, TokenValues>> {
  const out = new Map<string | null, TokenValues>();
  for (const id of new Set(projectIds)) {
    const { doc } = await effectiveSystem(member, id);
    out.set(id, rendererTokens(resolveTheme(doc)));
  }
  return out;
}

/**
 * What a share link's drawings draw with: the first theme's values of the shared wireframe's
 * project (as the editor opens it), so a link shows what the editor shows. Only these values
 * reach the link's SVG; nothing else of the workspace's design system does.
 */
export async function linkTokens(workspaceId: string, projectId: string | null): Promise<TokenValues> {
  return rendererTokens(resolveTheme(await linkedSystem(workspaceId, projectId)));
}
