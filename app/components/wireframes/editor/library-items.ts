/** What the library panel offers and what each becomes on the canvas. */
import type { UiComponent, WireframeElement } from "~/lib/wireframes/document";
import { ICONS } from "~/lib/wireframes/icons";
import { defaultElement } from "~/lib/wireframes/elements";
import type { EditorComponent } from "./state";

/** The drag-and-drop type of a library item dragged onto the canvas. */
export const LIBRARY_MIME = "application/x-atelier-wireframe-item";

export type LibraryItem =
  | { kind: "shape"; type: "rectangle" | "ellipse" | "image-placeholder" }
  | { kind: "ui"; component: UiComponent }
  | { kind: "icon"; icon: string }
  | { kind: "component"; componentId: string };

/** A new element for `item` at 0,0 of `screenId` (null: a component the editor does not know). */
export function libraryElement(item: LibraryItem, screenId: string, components: Record<string, EditorComponent>): WireframeElement | null {
  switch (item.kind) {
    case "shape":
      return defaultElement(item.type, { screenId });
    case "ui":
      return defaultElement("ui", { screenId, component: item.component });
    case "icon":
      return defaultElement("icon", { screenId, icon: item.icon, name: ICONS[item.icon]?.label ?? "Icon", width: 32, height: 32 });
    case "component": {
      const c = components[item.componentId];
      if (!c) return null;
      return defaultElement("instance", {
        screenId,
        componentId: c.id,
        name: c.name,
        width: c.definition.width,
        height: c.definition.height,
      });
    }
  }
}
