import { sql, type SQL } from "drizzle-orm";
import { flatten } from "~/lib/design-tokens/tree";
import type { DesignSystemDoc } from "~/lib/design-tokens/types";
import { allows, type ResourceKind } from "../access";
import {
  SEARCH_KIND_LABELS,
  highlight,
  searchTerms,
  snippet,
  type SearchGroup,
  type SearchHit,
  type SearchKind,
  type SearchResults,
} from "~/lib/search";
import { db, rowsOf } from "../db";
import { escapeLike } from "../db/like";
import type { MemberContext } from "../workspaces";

/**
 * One search across the member's workspace: projects (name, description), cards (title,
 * description, comments, `#12` for card 12), members (name, e-mail), wireframes (name) and
 * design tokens (path, value, description; of the workspace's and its projects' design systems).
 * Postgres full-text search ('simple' configuration, websearch syntax) ranks the matches;
 * pg_trgm's word similarity finds titles and names with a typo in them, where the
 * extension exists (migration 0100_search). Every query carries the workspace in its where,
 * and a kind is searched only when the member's role may view it.
 */
export const MAX_QUERY_LENGTH = 200;
export const DEFAULT_LIMIT = 8;
/**
 * At most this many matches of each source (card text, comments, typos; the most recent
 * first) are ranked: a common word in a large workspace would otherwise rank thousands of
 * rows for eight results. Cards and comments keep their text vector in a stored column
 * (search_vector, migration 0152), so matching and ranking read it instead of recomputing it.
 */
const CANDIDATES = 200;

/** The resource each kind of hit is, for the access gate (a member sees only what they may read). */
const KIND_RESOURCE: Record<SearchKind, ResourceKind> = {
  project: "project",
  card: "card",
  member: "team",
  wireframe: "wireframe",
  token: "token_set",
};

let trigramAvailable: Promise<boolean> | undefined;
/** Whether pg_trgm was created by the migration (asked once per process). */
function hasTrigram(): Promise<boolean> {
  trigramAvailable ??= db()
    .execute(sql`select 1 from pg_extension where extname = 'pg_trgm'`)
    .then((r) => rowsOf(r).length > 0)
    .catch(() => {
      trigramAvailable = undefined;
      return false;
    });
  return trigramAvailable;
}

type Ctx = { workspaceId: string; q: string; terms: string[]; limit: number; trigram: boolean };

const tsq = (q: string): SQL => sql`websearch_to_tsquery('simple', ${q})`;

async function searchCards(c: Ctx): Promise<SearchHit[]> {
  const number = /^#?(\d{1,9})$/.exec(c.q.trim())?.[1];
  const typo = c.trigram
    ? sql`union (select id from cards where workspace_id = ${c.workspaceId} and lower(${c.q}) <% lower(title) limit ${CANDIDATES})`
    : sql``;
  const byNumber = number ? sql`union select id from cards where workspace_id = ${c.workspaceId} and number = ${Number(number)}` : sql``;
  const typoRank = c.trigram ? sql`word_similarity(lower(${c.q}), lower(k.title))` : sql`0`;
  const rows = rowsOf<{
    id: string;
    project_id: string;
    number: number;
    title: string;
    description: string;
    project_name: string;
    comment: string | null;
    rank: number;
  }>(
    await db().execute(sql`
      with q as (select ${tsq(c.q)} as tsq),
      matched_comments as (
        select m.card_id, m.body, ts_rank(m.search_vector, q.tsq) as rank
        from (
          select cm.card_id, cm.body, cm.search_vector from comments cm, q
          where cm.workspace_id = ${c.workspaceId} and cm.search_vector @@ q.tsq
          order by cm.created_at desc limit ${CANDIDATES}
        ) m, q
      ),
      best_comment as (
        select distinct on (card_id) card_id, body, rank from matched_comments order by card_id, rank desc
      ),
      candidates as (
        (select id from cards, q where workspace_id = ${c.workspaceId} and search_vector @@ q.tsq
          order by updated_at desc limit ${CANDIDATES})
        union select card_id from matched_comments
        ${typo}
        ${byNumber}
      )
      select k.id, k.project_id, k.number, k.title, k.description, p.name as project_name,
        bc.body as comment,
        ( ts_rank(k.search_vector, q.tsq)
          + case when to_tsvector('simple', k.title) @@ q.tsq then 1 else 0 end
          + coalesce(bc.rank, 0) * 0.5
          + ${typoRank}
          + ${number ? sql`case when k.number = ${Number(number)} then 10 else 0 end` : sql`0`}
        )::float8 as rank
      from candidates cd
      join cards k on k.id = cd.id and k.workspace_id = ${c.workspaceId}
      join projects p on p.id = k.project_id and p.workspace_id = ${c.workspaceId}
      left join best_comment bc on bc.card_id = k.id
      cross join q
      order by rank desc, k.updated_at desc
      limit ${c.limit}
    `),
  );
  return rows.map((r) => {
    const inTitleOrDescription = r.description && c.terms.some((t) => r.description.toLowerCase().includes(t));
    const body = inTitleOrDescription || !r.comment ? r.description : r.comment;
    return {
      kind: "card",
      id: r.id,
      href: `/projects/${r.project_id}?task=${r.id}`,
      title: highlight(r.title, c.terms),
      snippet: body ? snippet(body, c.terms) : null,
      meta: `#${r.number} · ${r.project_name}${body && body === r.comment ? " · in a comment" : ""}`,
    };
  });
}

async function searchProjects(c: Ctx): Promise<SearchHit[]> {
  const typo = c.trigram ? sql`or lower(${c.q}) <% lower(p.name)` : sql``;
  const typoRank = c.trigram ? sql`word_similarity(lower(${c.q}), lower(p.name))` : sql`0`;
  const rows = rowsOf<{ id: string; name: string; description: string; archived: boolean }>(
    await db().execute(sql`
      with q as (select ${tsq(c.q)} as tsq)
      select p.id, p.name, p.description, p.archived_at is not null as archived
      from projects p, q
      where p.workspace_id = ${c.workspaceId}
        and (to_tsvector('simple', p.name || ' ' || p.description) @@ q.tsq ${typo})
      order by (ts_rank(to_tsvector('simple', p.name || ' ' || p.description), q.tsq) + ${typoRank})::float8 desc, p.name
      limit ${c.limit}
    `),
  );
  return rows.map((r) => ({
    kind: "project",
    id: r.id,
    href: `/projects/${r.id}`,
    title: highlight(r.name, c.terms),
    snippet: r.description ? snippet(r.description, c.terms) : null,
    meta: r.archived ? "Archived project" : "Project",
  }));
}

async function searchMembers(c: Ctx): Promise<SearchHit[]> {
  const like = `%${escapeLike(c.q.trim())}%`;
  const typo = c.trigram ? sql`or lower(${c.q}) <% lower(u.full_name)` : sql``;
  const rows = rowsOf<{ id: string; full_name: string; email: string; role: string }>(
    await db().execute(sql`
      select u.id, u.full_name, u.email, m.role
      from memberships m join users u on u.id = m.user_id
      where m.workspace_id = ${c.workspaceId}
        and (u.full_name ilike ${like} or u.email ilike ${like} ${typo})
      order by u.full_name
      limit ${c.limit}
    `),
  );
  return rows.map((r) => ({
    kind: "member",
    id: r.id,
    href: `/team/${r.id}`,
    title: highlight(r.full_name || r.email, c.terms),
    snippet: highlight(r.email, c.terms),
    meta: r.role.charAt(0).toUpperCase() + r.role.slice(1),
  }));
}

async function searchWireframes(c: Ctx): Promise<SearchHit[]> {
  const like = `%${escapeLike(c.q.trim())}%`;
  const typo = c.trigram ? sql`or lower(${c.q}) <% lower(w.name)` : sql``;
  const rows = rowsOf<{ id: string; name: string; project_name: string }>(
    await db().execute(sql`
      with q as (select ${tsq(c.q)} as tsq)
      select w.id, w.name, p.name as project_name
      from wireframes w join projects p on p.id = w.project_id and p.workspace_id = ${c.workspaceId}, q
      where w.workspace_id = ${c.workspaceId}
        and (to_tsvector('simple', w.name) @@ q.tsq or w.name ilike ${like} ${typo})
      order by w.updated_at desc
      limit ${c.limit}
    `),
  );
  return rows.map((r) => ({
    kind: "wireframe",
    id: r.id,
    href: `/wireframes/editor/${r.id}`,
    title: highlight(r.name, c.terms),
    snippet: null,
    meta: `Wireframe · ${r.project_name}`,
  }));
}

/** A token's value as words: a string as it is, a colour's hex, a dimension "16px", else JSON. */
function valueText(value: unknown): string {
  if (typeof value === "string" || typeof value === "number") return String(value);
  if (value && typeof value === "object") {
    const v = value as { hex?: unknown; value?: unknown; unit?: unknown };
    if (typeof v.hex === "string") return v.hex;
    if ((typeof v.value === "number" || typeof v.value === "string") && typeof v.unit === "string") return `${v.value}${v.unit}`;
  }
  return JSON.stringify(value) ?? "";
}

/**
 * Design tokens: the workspace's design system and its projects' (design_systems, a JSON
 * document each, so they are read whole: a workspace has one per project at most, and only the
 * documents that contain the query's longest word are read). A token matches when every word of
 * the query is in its path ("color.brand.primary" reads as "color brand primary"), its value or
 * its description; a path match ranks first.
 */
async function searchTokens(c: Ctx): Promise<SearchHit[]> {
  const longest = c.terms[0];
  if (!longest) return [];
  const rows = rowsOf<{ id: string; project_id: string | null; project_name: string | null; document: DesignSystemDoc | string }>(
    await db().execute(sql`
      select d.id, d.project_id, p.name as project_name, d.document
      from design_systems d
      left join projects p on p.id = d.project_id and p.workspace_id = ${c.workspaceId}
      where d.workspace_id = ${c.workspaceId}
        and (d.project_id is null or (p.id is not null and p.archived_at is null))
        and d.document::text ilike ${`%${escapeLike(longest)}%`}
      order by d.project_id nulls first
    `),
  );
  const found: { hit: SearchHit; rank: number }[] = [];
  for (const row of rows) {
    const doc: DesignSystemDoc = typeof row.document === "string" ? JSON.parse(row.document) : row.document;
    for (const set of doc.sets ?? []) {
      for (const token of flatten(set)) {
        const path = token.path.toLowerCase();
        const value = valueText(token.value);
        const text = `${path.replace(/[._-]/g, " ")} ${path} ${value.toLowerCase()} ${(token.description ?? "").toLowerCase()}`;
        if (!c.terms.every((t) => text.includes(t))) continue;
        const inPath = c.terms.filter((t) => path.includes(t)).length;
        found.push({
          rank: inPath * 2 + (row.project_id ? 0 : 1),
          hit: {
            kind: "token",
            id: `${row.id}:${set.name}:${token.path}`,
            href: row.project_id ? `/projects/${row.project_id}/design` : "/design",
            title: highlight(token.path, c.terms),
            snippet: snippet(token.description ? `${value} · ${token.description}` : value, c.terms),
            meta: `Token · ${set.name} · ${row.project_name ?? "Workspace design system"}`,
          },
        });
      }
    }
  }
  return found
    .sort((a, b) => b.rank - a.rank)
    .slice(0, c.limit)
    .map((f) => f.hit);
}

const SEARCHERS: Record<SearchKind, (c: Ctx) => Promise<SearchHit[]>> = {
  card: searchCards,
  project: searchProjects,
  member: searchMembers,
  wireframe: searchWireframes,
  token: searchTokens,
};
const ORDER: SearchKind[] = ["card", "project", "member", "wireframe", "token"];

/** Searches the member's workspace; an empty query answers no groups. */
export async function search(member: MemberContext, query: string, opts: { limit?: number } = {}): Promise<SearchResults> {
  const q = query.replaceAll("\u0000", "").trim().slice(0, MAX_QUERY_LENGTH);
  if (!q) return { q, groups: [], total: 0 };
  const ctx: Ctx = {
    workspaceId: member.workspace.id,
    q,
    terms: searchTerms(q),
    limit: Math.min(Math.max(opts.limit ?? DEFAULT_LIMIT, 1), 50),
    // Typo tolerance for a single word: for several, word similarity matches the common
    // words' trigrams in most titles and costs hundreds of milliseconds (bench:search).
    trigram: !/\s/.test(q) && (await hasTrigram()),
  };
  const kinds = ORDER.filter((k) => allows(member.role, KIND_RESOURCE[k], "read"));
  const found = await Promise.all(kinds.map((k) => SEARCHERS[k](ctx)));
  const groups: SearchGroup[] = kinds
    .map((kind, i) => ({ kind, label: SEARCH_KIND_LABELS[kind], hits: found[i]! }))
    .filter((g) => g.hits.length > 0);
  return { q, groups, total: groups.reduce((n, g) => n + g.hits.length, 0) };
}
