export const TOKEN_TYPES = [
  "color",
  "dimension",
  "fontFamily",
  "fontWeight",
  "duration",
  "cubicBezier",
  "number",
  "strokeStyle",
  "shadow",
  "typography",
  "border",
  "transition",
  "gradient",
] as const;
export type TokenType = (typeof TOKEN_TYPES)[number];
/** A DTCG group/token tree exactly as the format writes it (nested objects; `$`-keys kept verbatim,
 *  including `$extensions`, `$description`, `$deprecated`, group-level `$type`). */
export type TokenTree = { [key: string]: unknown };
export type TokenSet = { name: string; tokens: TokenTree }; // e.g. core, semantic, light, dark
export type Theme = { name: string; sets: string[] }; // enabled set names, in order (later wins)
export type DesignSystemDoc = { sets: TokenSet[]; themes: Theme[] }; // sets ordered
export type FlatToken = {
  path: string;
  set: string;
  type: TokenType;
  value: unknown /* $value, alias "{a.b}" kept */;
  description?: string;
  deprecated?: boolean | string;
  extensions?: Record<string, unknown>;
};
export type ResolvedToken = FlatToken & { resolved: unknown /* value with every alias followed */; aliasChain: string[] };
export type TokenStatus = "inherited" | "overridden" | "own";
export type DesignIssue = { path: string; set?: string; message: string }; // error placed at a path
