import { memo } from "react";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { childIndex } from "~/lib/wireframes/ops";
import { ElementSvg, type RenderComponents } from "~/lib/wireframes/render";

/** An element draws from the document too when it is a group (its children) or an attached line. */
function readsDocument(el: WireframeElement): boolean {
  return el.type === "group" || ((el.type === "line" || el.type === "arrow") && (el.start !== null || el.end !== null));
}

type ItemProps = { element: WireframeElement; doc: WireframeDocument; components: RenderComponents; imageUrl: (fileId: string) => string };

/**
 * One top-level element through the shared renderer, drawn again only when it changed (or,
 * for a group or an attached line, when the document did): a move of one element of a
 * thousand redraws one.
 */
const ElementItem = memo(
  function ElementItem({ element, doc, components, imageUrl }: ItemProps) {
    return <ElementSvg element={element} doc={doc} components={components} imageUrl={imageUrl} />;
  },
  (a, b) =>
    a.element === b.element &&
    a.imageUrl === b.imageUrl &&
    (a.components === b.components || (a.element.type !== "instance" && a.element.type !== "group")) &&
    (!readsDocument(a.element) || a.doc.elements === b.doc.elements),
);

/** The screen's elements, top level in z-order (each group draws its own children). */
export const ElementLayer = memo(function ElementLayer({
  doc,
  screenId,
  components,
  imageUrl,
}: {
  doc: WireframeDocument;
  screenId: string;
  components: RenderComponents;
  imageUrl: (fileId: string) => string;
}) {
  const top = childIndex(doc.elements, screenId).get(null) ?? [];
  return (
    <g className="wf-elements">
      {top.map((el) => (
        <ElementItem key={el.id} element={el} doc={doc} components={components} imageUrl={imageUrl} />
      ))}
    </g>
  );
});
