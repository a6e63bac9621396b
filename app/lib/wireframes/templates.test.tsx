import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DEVICE_SIZES } from "./document";
import { ScreenSvg } from "./render";
import { firstIssueMessage, wireframeDocumentSchema } from "./schema";
import { TEMPLATES, templateDocument, templateScreen } from "./templates";

describe("templates", () => {
  it("has the nine starter screens", () => {
    expect(TEMPLATES.map((t) => t.id)).toEqual([
      "sign-in",
      "sign-up",
      "dashboard",
      "list",
      "detail",
      "settings",
      "pricing",
      "landing",
      "mobile-onboarding",
    ]);
  });

  it.each(TEMPLATES.map((t) => [t.id, t] as const))("%s validates against the schema and renders", (_id, t) => {
    const doc = templateDocument(t.id);
    const r = wireframeDocumentSchema.safeParse(doc);
    expect(r.success ? "valid" : firstIssueMessage(r.error)).toBe("valid");
    const screen = Object.values(doc.screens)[0]!;
    expect(screen.name).toBe(t.name);
    expect({ width: screen.width, height: screen.height }).toEqual({
      width: DEVICE_SIZES[t.device].width,
      height: DEVICE_SIZES[t.device].height,
    });
    expect(Object.keys(doc.elements).length).toBeGreaterThan(5);
    // Everything sits on the screen.
    for (const el of Object.values(doc.elements)) {
      expect(el.x + el.width, el.name).toBeLessThanOrEqual(screen.width);
      expect(el.y + el.height, el.name).toBeLessThanOrEqual(screen.height);
    }
    expect(renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screen.id} />)).toContain("<svg");
  });

  it("makes fresh ids on every call, and takes the screen's order", () => {
    const a = templateScreen("dashboard");
    const b = templateScreen("dashboard", "a5");
    expect(a.screen.id).not.toBe(b.screen.id);
    expect(b.screen.order).toBe("a5");
    const ids = new Set(a.elements.map((e) => e.id));
    for (const e of b.elements) expect(ids.has(e.id)).toBe(false);
    expect(b.elements.every((e) => e.screenId === b.screen.id)).toBe(true);
  });
});
