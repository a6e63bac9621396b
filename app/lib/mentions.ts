/**
 * Mentions in comments and descriptions. People type `@Sam Lee` (the editor's list inserts the
 * same text); the server stores `<@user-id>` so renaming someone keeps every mention, and turns it
 * back into `@Name` for editing and into the person's name for display.
 */
export type MentionTarget = { id: string; name: string };

const STORED = /<@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})>/gi;

/** `@Name` → `<@id>` for every member whose name (or e-mail's local part) follows an `@`; the longest name wins. */
export function encodeMentions(text: string, members: readonly MentionTarget[]): { body: string; mentioned: string[] } {
  const candidates = members
    .filter((m) => m.name.trim().length > 0)
    .map((m) => ({ id: m.id, name: m.name.trim() }))
    .sort((a, b) => b.name.length - a.name.length);
  const mentioned = new Set<string>();
  let out = "";
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    const prev = i === 0 ? "" : text[i - 1]!;
    if (ch === "@" && !/[\w.@]/.test(prev)) {
      const rest = text.slice(i + 1);
      const hit = candidates.find((m) => {
        if (rest.slice(0, m.name.length).toLowerCase() !== m.name.toLowerCase()) return false;
        const after = rest[m.name.length];
        return after === undefined || !/[\p{L}\p{N}_]/u.test(after);
      });
      if (hit) {
        out += `<@${hit.id}>`;
        mentioned.add(hit.id);
        i += 1 + hit.name.length;
        continue;
      }
    }
    out += ch;
    i += 1;
  }
  for (const m of text.matchAll(STORED)) mentioned.add(m[1]!.toLowerCase());
  return { body: out, mentioned: [...mentioned] };
}

/** The ids a stored body mentions. */
export function mentionedIds(body: string): string[] {
  return [...new Set([...body.matchAll(STORED)].map((m) => m[1]!.toLowerCase()))];
}

/** `<@id>` → `@Name` (or `@former member`) for the edit box. */
export function decodeMentions(body: string, names: ReadonlyMap<string, string>): string {
  return body.replace(STORED, (_, id: string) => `@${names.get(id.toLowerCase()) ?? "former member"}`);
}

/** Replace each stored mention with whatever `render` returns for it (used after markdown escaping). */
export function replaceMentions(text: string, render: (id: string) => string, pattern: RegExp = STORED): string {
  return text.replace(new RegExp(pattern.source, "gi"), (_, id: string) => render(id.toLowerCase()));
}

/** The stored-mention pattern once markdown has escaped its angle brackets. */
export const ESCAPED_MENTION = /&lt;@([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})&gt;/gi;

/** The `@query` being typed just before the caret, or null (for the editor's member list). */
export function mentionQueryAt(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf("@");
  if (at < 0) return null;
  if (at > 0 && /[\w.@]/.test(before[at - 1]!)) return null;
  const query = before.slice(at + 1);
  if (query.length > 40 || /[\n@]/.test(query) || /\s{2}/.test(query)) return null;
  return { start: at, query };
}
