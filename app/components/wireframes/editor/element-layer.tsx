import { memo, useRef } from "react";
import type { WireframeDocument, WireframeElement } from "~/lib/wireframes/document";
import { childIndex } from "~/lib/wireframes/tree";
import { ElementSvg, type RenderComponents, type TokenValues } from "~/lib/wireframes/render";

type Elements = WireframeDocument["elements"];
type Scope = { elements: Elements };

const NONE: Scope = { elements: {} };

type ItemProps = {
  element: WireframeElement;
  scope: Scope;
  components: RenderComponents;
  imageUrl: (fileId: string) => string;
  tokens: TokenValues | undefined;
};

/**
 * One top-level element through the shared renderer, drawn again only when it changed, or
 * when what it draws from did: a group's descendants, an attached line's ends, an instance's
 * main component. A move of one element of a thousand redraws one.
 */
const ElementItem = memo(
  function ElementItem({ element, scope, components, imageUrl, tokens }: ItemProps) {
    return <ElementSvg element={element} doc={scope} components={components} imageUrl={imageUrl} tokens={tokens} />;
  },
  (a, b) =>
    a.element === b.element &&
    a.tokens === b.tokens &&
    a.scope === b.scope &&
    a.imageUrl === b.imageUrl &&
    (a.components === b.components || (a.element.type !== "instance" && a.element.type !== "group")),
);

/** The same object as `previous` when it holds the same elements (so memo sees no change). */
function reuse(previous: Scope | undefined, next: Elements): Scope {
  if (previous) {
    const keys = Object.keys(next);
    if (keys.length === Object.keys(previous.elements).length && keys.every((k) => previous.elements[k] === next[k])) return previous;
  }
  return { elements: next };
}

/**
 * The screen's elements, top level in z-order. Each draws from a scope of its own (a group:
 * itself and its descendants; an attached line: itself and what it is attached to), kept the
 * same object while those elements are, so the other 999 stay as they are.
 */
export const ElementLayer = memo(function ElementLayer({
  doc,
  screenId,
  components,
  imageUrl,
  tokens,
}: {
  doc: WireframeDocument;
  screenId: string;
  components: RenderComponents;
  imageUrl: (fileId: string) => string;
  /** The chosen theme's design-token values. */
  tokens?: TokenValues;
}) {
  const scopes = useRef(new Map<string, Scope>());
  const index = childIndex(doc.elements, screenId);
  const top = index.get(null) ?? [];
  const next = new Map<string, Scope>();
  const scopeOf = (el: WireframeElement): Scope => {
    let members: Elements | null = null;
    if (el.type === "group") {
      members = {};
      const walk = (id: string) => {
        for (const child of index.get(id) ?? []) {
          members![child.id] = child;
          walk(child.id);
        }
      };
      members[el.id] = el;
      walk(el.id);
    } else if ((el.type === "line" || el.type === "arrow") && (el.start || el.end)) {
      members = { [el.id]: el };
      for (const a of [el.start, el.end]) if (a && doc.elements[a.elementId]) members[a.elementId] = doc.elements[a.elementId]!;
    }
    if (!members) return NONE;
    const scope = reuse(scopes.current.get(el.id), members);
    next.set(el.id, scope);
    return scope;
  };
  const items = top.map((el) => (
    <ElementItem key={el.id} element={el} scope={scopeOf(el)} components={components} imageUrl={imageUrl} tokens={tokens} />
  ));
  scopes.current = next;
  return <g className="wf-elements">{items}</g>;
});
