import type { WireframeDocument } from "~/lib/wireframes/document";
import { type RenderComponents, ScreenSvg, type TokenValues } from "~/lib/wireframes/render";
import { ui } from "./page-ui";

/** What the renderer needs to draw one screen: the document (or the part of it with that screen) and the screen's id. */
export type ScreenPreview = { doc: WireframeDocument; screenId: string };
export type ComponentsById = RenderComponents;

/**
 * A screen drawn by the one renderer (app/lib/wireframes/render.tsx), fitted into a box:
 * the server renders the SVG, so it shows without JavaScript. Decorative (hidden from
 * screen readers) unless `label` names it, e.g. where no link or caption beside it does.
 */
export function ScreenThumbnail({
  preview,
  components,
  wireframeId,
  label,
  className = "aspect-[16/10]",
  svgClassName = "h-full w-full",
  tokens,
}: {
  preview: ScreenPreview | null;
  components?: ComponentsById;
  /** The wireframe whose uploaded images the screen shows (without it images draw as placeholders). */
  wireframeId?: string;
  label?: string;
  /** The box's shape and size. */
  className?: string;
  /** How the drawing fits the box (it keeps its proportions either way). */
  svgClassName?: string;
  /** Design-token values of the theme to draw with (the project's system). */
  tokens?: TokenValues;
}) {
  const screen = preview ? preview.doc.screens[preview.screenId] : undefined;
  return (
    <div className={`flex items-center justify-center overflow-hidden p-3 ${ui.canvas} ${className}`}>
      {preview && screen ? (
        <ScreenSvg
          doc={preview.doc}
          screenId={preview.screenId}
          components={components}
          imageUrl={wireframeId ? (fileId) => `/wireframes/${wireframeId}/images/${fileId}` : undefined}
          title={label}
          tokens={tokens}
          className={`drop-shadow-sm ${svgClassName}`}
        />
      ) : (
        <span className={`text-sm ${ui.subtle}`}>No screens yet</span>
      )}
    </div>
  );
}
