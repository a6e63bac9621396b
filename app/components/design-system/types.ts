/** The design manager page's data as the loader sends it (app/.server/routes/design-page.ts). */
import type { TokenListing } from "~/lib/design-tokens/listing";
import type { ResolvedToken, TokenStatus } from "~/lib/design-tokens/types";

export type ShownValue = { css: string; swatch: string | null; alias: string | null } | null;

export type TokenRow = {
  path: string;
  type: string;
  value: string;
  description: string;
  deprecated: boolean | string;
  status: TokenStatus;
  resolved: Record<string, ShownValue>;
};

/** The tokens tab's filter and page as the loader applied them (the listing without its rows). */
export type TokenListingView = Omit<TokenListing, "rows" | "setCounts"> & { pageSize: number };

export type DiffView = {
  added: { path: string; set: string; type?: string; value: unknown }[];
  removed: { path: string; set: string; type?: string; value: unknown }[];
  renamed?: { from: string; to: string; set: string }[];
  changed: { path: string; set: string; before: unknown; after: unknown }[];
  breaking: { path: string; set?: string; reason: string }[];
};

export type VersionRow = { id: string; version: string; note: string; createdAt: string; createdByName: string | null };

export type DesignData = {
  project: { id: string; name: string } | null;
  base: string;
  tab: "tokens" | "overview" | "contrast" | "json" | "sets" | "versions" | "import";
  theme: string;
  themes: string[];
  themeSets: { name: string; sets: string[] }[];
  setNames: string[];
  ownSetNames: string[];
  ownThemeNames: string[];
  /** Every set; `tokens` holds only the visible page's tokens of it, `count` all of them. */
  sets: { name: string; own: boolean; count: number; tokens: TokenRow[] }[];
  tokenCount: number;
  listing: TokenListingView | null;
  resolved: ResolvedToken[];
  resolvedByTheme: Record<string, ResolvedToken[]>;
  issues: { path: string; set?: string; message: string }[];
  /** The token being edited; `type` is the type its fields are shown for (`storedType` unless `?type=` changes it). */
  editing: { set: string; path: string; type: string; storedType: string; value: unknown; description: string } | null;
  newToken: { type: string; set: string } | null;
  jsonSet: string | null;
  jsonText: string;
  versions: VersionRow[];
  comparison: { from: string; to: string; diff: DiffView } | null;
  compareError: string | null;
  compare: { from: string; to: string };
  linksFor: string | null;
  links: { id: string; createdAt: string; revokedAt: string | null; createdByName: string | null }[];
  canEdit: boolean;
  canPublish: boolean;
  readOnly: boolean;
};

/** What the page's action answers besides a conform reply. */
export type DesignActionData = {
  status?: string;
  error?: Record<string, string[] | null> | null;
  initialValue?: Record<string, unknown> | null;
  link?: { versionId: string; token: string };
  importPreview?: { sets: string[]; themes: string[]; diff: DiffView; fileName: string | null; content: string };
  importError?: string;
};
