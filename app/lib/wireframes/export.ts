/**
 * Wireframe exports (issue 15), the part both the export page and the server read: the
 * formats, what a download asks for, and the files' names. Browser-safe.
 *
 * A download is a plain GET of `/wireframes/export/{id}/download` with these query
 * parameters, so a link or a form works without JavaScript:
 * `format` (png | svg | pdf | json), `screen` (repeated; none means every screen),
 * `scale` (1 | 2, PNG), `background` (1 | 0: the screen's background colour or transparent),
 * `text` (svg: `fonts`, Inter embedded and the text editable, or `outlines`, every letter a path),
 * `theme` (the design system's theme whose token values the screens draw with; the first
 * when absent, as in the editor).
 */

export const EXPORT_FORMATS = ["png", "svg", "pdf", "json"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const EXPORT_SCALES = [1, 2] as const;
export type ExportScale = (typeof EXPORT_SCALES)[number];
export const SVG_TEXT_MODES = ["fonts", "outlines"] as const;
export type SvgTextMode = (typeof SVG_TEXT_MODES)[number];

export type ExportRequest = {
  format: ExportFormat;
  /** The chosen screens' ids, in the wireframe's order when exported; empty means all. */
  screenIds: string[];
  scale: ExportScale;
  background: boolean;
  text: SvgTextMode;
  /** The design system's theme to draw token values with (null: its first, as the editor). */
  theme: string | null;
};

export const DEFAULT_EXPORT: ExportRequest = { format: "png", screenIds: [], scale: 2, background: true, text: "fonts", theme: null };

export const FORMAT_LABELS: Record<ExportFormat, string> = {
  png: "PNG image",
  svg: "SVG vector",
  pdf: "PDF document",
  json: "JSON document",
};

/**
 * Reads a download's query. Unknown or missing values take the defaults; a `screen` that is
 * not an id is dropped (the server then refuses ids the wireframe does not have).
 */
export function readExportRequest(params: URLSearchParams): ExportRequest {
  const format = params.get("format");
  const scale = Number(params.get("scale"));
  const text = params.get("text");
  const theme = params.get("theme")?.trim().slice(0, 200) || null;
  return {
    format: (EXPORT_FORMATS as readonly string[]).includes(format ?? "") ? (format as ExportFormat) : DEFAULT_EXPORT.format,
    screenIds: [...new Set(params.getAll("screen").filter((s) => /^[A-Za-z0-9_-]{1,64}$/.test(s)))].slice(0, 200),
    scale: scale === 1 || scale === 2 ? scale : DEFAULT_EXPORT.scale,
    background: params.get("background") !== "0",
    text: (SVG_TEXT_MODES as readonly string[]).includes(text ?? "") ? (text as SvgTextMode) : DEFAULT_EXPORT.text,
    theme,
  };
}

/** The download's address for a request (only what differs from the defaults, beside the format). */
export function exportHref(wireframeId: string, req: Partial<ExportRequest> & { format: ExportFormat }): string {
  const params = new URLSearchParams({ format: req.format });
  for (const id of req.screenIds ?? []) params.append("screen", id);
  if (req.format === "png" && req.scale !== undefined) params.set("scale", String(req.scale));
  if (req.format !== "json" && req.background === false) params.set("background", "0");
  if (req.format === "svg" && req.text === "outlines") params.set("text", "outlines");
  if (req.format !== "json" && req.theme) params.set("theme", req.theme);
  return `/wireframes/export/${wireframeId}/download?${params.toString()}`;
}

/**
 * A name as a safe, plain-ASCII file name part: accents dropped ("Résumé" → "resume"),
 * anything else that is not a letter or digit becomes one hyphen, at most 60 characters;
 * `fallback` when nothing is left (a name in another script).
 */
export function slugify(name: string, fallback: string): string {
  const slug = name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 60)
    .replace(/-+$/, "");
  return slug || fallback;
}

const EXTENSIONS: Record<ExportFormat, string> = { png: "png", svg: "svg", pdf: "pdf", json: "json" };

/** The file of one screen, or of a whole export ("landing-page-sign-in@2x.png", "landing-page.pdf"). */
export function exportFileName(
  wireframeName: string,
  format: ExportFormat,
  scale: ExportScale,
  screen?: { name: string; index: number },
): string {
  const base = slugify(wireframeName, "wireframe");
  const part = screen ? `-${slugify(screen.name, `screen-${screen.index + 1}`)}` : "";
  const suffix = format === "png" && scale !== 1 ? `@${scale}x` : "";
  return `${base}${part}${suffix}.${EXTENSIONS[format]}`;
}

/** A ZIP of several screens' PNG or SVG files ("landing-page-png@2x.zip"). */
export function exportZipName(wireframeName: string, format: "png" | "svg", scale: ExportScale): string {
  return `${slugify(wireframeName, "wireframe")}-${format}${format === "png" && scale !== 1 ? `@${scale}x` : ""}.zip`;
}

/** Names inside a ZIP, made unique ("-2", "-3"… before the scale and extension) when two screens' names slug the same. */
export function uniqueNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const at = name.includes("@") ? name.lastIndexOf("@") : name.lastIndexOf(".");
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name.slice(0, at)}-${n}${name.slice(at)}`;
    taken.add(unique);
    return unique;
  });
}
