import { memo } from "react";
import type { Screen, WireframeDocument, WireframeElement } from "./document";
import { childIndex } from "./tree";
import { resolveColor } from "./drawing/draw";
import { Children, ElementNode, type Ctx, type RenderOptions } from "./drawing/elements";

/**
 * The one wireframe renderer: React SVG with no browser APIs, so the server draws the
 * thumbnails and the read-only screens, and the editor canvas, the prototypes and the
 * exports draw the same thing. Elements keep their absolute screen coordinates; a screen's
 * viewBox is its size. Instances draw their main component's elements scaled into their
 * box, with their overrides; token references are drawn with a fallback until the design
 * system gives them values (`tokens`).
 */

export const FONT_FAMILY = "ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";
export { resolveColor, resolveLength, TOKEN_FALLBACK_COLOR, type TokenValues } from "./drawing/draw";
export type { RenderComponents, RenderOptions } from "./drawing/elements";

/**
 * One element (a group with its children, an instance from its main component), in screen
 * coordinates, for a canvas that draws elements one by one. Hidden elements draw nothing.
 */
export const ElementSvg = memo(function ElementSvg({
  element,
  doc,
  ...options
}: { element: WireframeElement; doc: Pick<WireframeDocument, "elements"> } & RenderOptions) {
  if (element.hidden) return null;
  const ctx: Ctx = {
    ...options,
    elements: doc.elements,
    index: element.type === "group" ? childIndex(doc.elements, element.screenId) : new Map(),
    componentPath: [],
  };
  return <ElementNode el={element} ctx={ctx} />;
});

/**
 * A whole screen: background, then its top-level elements in z-order (hidden ones
 * skipped). The viewBox is the screen's size; `width` fixes the drawn width (the height
 * follows), otherwise the SVG fills what CSS gives it. `title` names it for screen readers.
 */
export function ScreenSvg({
  doc,
  screenId,
  width,
  className,
  title,
  ...options
}: { doc: WireframeDocument; screenId: string; width?: number; className?: string; title?: string } & RenderOptions) {
  const screen: Screen | undefined = doc.screens[screenId];
  if (!screen) return null;
  const ctx: Ctx = { ...options, elements: doc.elements, index: childIndex(doc.elements, screenId), componentPath: [] };
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${screen.width} ${screen.height}`}
      width={width}
      height={width ? Math.round((width * screen.height) / screen.width) : undefined}
      className={className}
      fontFamily={FONT_FAMILY}
      role={title ? "img" : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
    >
      {title ? <title>{title}</title> : null}
      <rect width={screen.width} height={screen.height} fill={resolveColor(screen.background, options.tokens)} />
      <Children parentId={null} ctx={ctx} />
    </svg>
  );
}
