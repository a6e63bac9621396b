/**
 * Workspace search's shapes, shared by the service (app/.server/search), the results page
 * and the command palette. A highlighted text is a list of segments, marked or not: the UI
 * renders each as text (React escapes it) and the marked ones inside <mark>, so a card
 * titled `<script>` shows as those characters and never as HTML.
 */
export type Segment = { text: string; mark: boolean };
export type SearchKind = "project" | "card" | "member" | "wireframe" | "token";
export type SearchHit = { kind: SearchKind; id: string; href: string; title: Segment[]; snippet: Segment[] | null; meta: string };
export type SearchGroup = { kind: SearchKind; label: string; hits: SearchHit[] };
export type SearchResults = { q: string; groups: SearchGroup[]; total: number };

export const SEARCH_KIND_LABELS: Record<SearchKind, string> = {
  project: "Projects",
  card: "Cards",
  member: "Members",
  wireframe: "Wireframes",
  token: "Design tokens",
};

/** A query's words, lowercased, for highlighting (punctuation and `#` dropped). */
export function searchTerms(q: string): string[] {
  const words = q.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
  return [...new Set(words)].sort((a, b) => b.length - a.length);
}

/** `text` split into segments with every occurrence of a term marked (case-insensitive). */
export function highlight(text: string, terms: string[]): Segment[] {
  if (!text) return [];
  const lower = text.toLowerCase();
  const segments: Segment[] = [];
  let plainFrom = 0;
  let i = 0;
  while (i < text.length) {
    const term = terms.find((t) => t && lower.startsWith(t, i));
    if (term) {
      if (i > plainFrom) segments.push({ text: text.slice(plainFrom, i), mark: false });
      segments.push({ text: text.slice(i, i + term.length), mark: true });
      i += term.length;
      plainFrom = i;
    } else i++;
  }
  if (plainFrom < text.length) segments.push({ text: text.slice(plainFrom), mark: false });
  return segments;
}

/** A window of about `width` characters around the first match of a long text, highlighted. */
export function snippet(text: string, terms: string[], width = 160): Segment[] {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= width) return highlight(flat, terms);
  const lower = flat.toLowerCase();
  const at = Math.min(...terms.map((t) => lower.indexOf(t)).filter((n) => n >= 0), Infinity);
  const start = at === Infinity ? 0 : Math.max(0, at - Math.floor(width / 3));
  const end = Math.min(flat.length, start + width);
  return highlight(`${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`, terms);
}

/** The plain text of segments (for aria labels and tests). */
export function plainText(segments: Segment[]): string {
  return segments.map((s) => s.text).join("");
}
