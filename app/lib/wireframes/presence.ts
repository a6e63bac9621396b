/** Presence colours: the same person has the same colour in every session and every process. */
export const PRESENCE_COLORS = ["#e11d48", "#2563eb", "#16a34a", "#d97706", "#7c3aed", "#0891b2", "#db2777", "#4d7c0f"];

export function presenceColor(userId: string): string {
  let h = 0;
  for (const ch of userId) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  return PRESENCE_COLORS[h % PRESENCE_COLORS.length]!;
}

/** How long a presence lasts without a refresh; clients refresh theirs well within it. */
export const PRESENCE_TTL_MS = 45_000;
export const PRESENCE_REFRESH_MS = 15_000;
