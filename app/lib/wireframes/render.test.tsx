import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION, UI_COMPONENTS, type ComponentDefinition, type WireframeDocument, type WireframeElement } from "./document";
import { ICON_NAMES, ICONS } from "./icons";
import { UI_KIT } from "./kit";
import { defaultElement, newDocument } from "./elements";
import { ElementSvg, ScreenSvg, TOKEN_FALLBACK_COLOR } from "./render";
import { sampleDocument } from "./sample";
import { wrapText } from "./text";

function docOf(...elements: WireframeElement[]): { doc: WireframeDocument; screenId: string } {
  const base = newDocument("desktop");
  const screenId = Object.keys(base.screens)[0]!;
  return { doc: { ...base, elements: Object.fromEntries(elements.map((e) => [e.id, { ...e, screenId }])) }, screenId };
}

const COMPONENT_ID = "7a1c2a4e-9d7b-4c55-8d43-0b1f5f1b2c3d";
const definition: ComponentDefinition = {
  schemaVersion: SCHEMA_VERSION,
  width: 200,
  height: 50,
  elements: {
    bg: defaultElement("rectangle", { id: "bg", screenId: "", width: 200, height: 50, fill: "#abcdef" }),
    label: defaultElement("text", { id: "label", screenId: "", x: 10, y: 10, text: "Main label" }),
    dot: defaultElement("ellipse", { id: "dot", screenId: "", x: 170, y: 10, width: 20, height: 20 }),
  },
};
const components = { [COMPONENT_ID]: { definition } };

describe("ScreenSvg", () => {
  it("draws the screen's size, background and title", () => {
    const { doc, screenId } = docOf();
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} title="Home" width={288} />);
    expect(html).toMatch(/^<svg[^>]*viewBox="0 0 1440 900"/);
    expect(html).toContain('width="288" height="180"');
    expect(html).toContain('role="img" aria-label="Home"><title>Home</title>');
    expect(html).toContain('fill="#ffffff"');
  });

  it("draws a polygon through its vertices, scaled into its box, with its fill and stroke", () => {
    const gem = defaultElement("polygon", {
      id: "gem",
      screenId: "",
      x: 200,
      y: 150,
      width: 60,
      height: 40,
      fill: "#ffc9c9",
      stroke: "#1e1e1e",
    });
    const { doc, screenId } = docOf(gem);
    const svg = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} title="Gem" />);
    expect(svg).toContain('<polygon points="230,150 260,170 230,190 200,170" fill="#ffc9c9" stroke="#1e1e1e" stroke-width="1"');
  });

  it("renders every element type without throwing", () => {
    const doc = sampleDocument(120, { componentId: COMPONENT_ID });
    const screenId = Object.keys(doc.screens)[0]!;
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} components={components} />);
    for (const el of Object.values(doc.elements)) {
      if (!el.hidden && !hiddenAncestor(doc, el)) expect(html).toContain(`data-id="${el.id}"`);
    }
  });

  it("renders each UI component, with its label", () => {
    for (const component of UI_COMPONENTS) {
      const el = defaultElement("ui", { id: "u", screenId: "", component });
      const { doc, screenId } = docOf(el);
      const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
      expect(html, component).toContain('data-id="u"');
      const first = UI_KIT[component].text.split("\n")[0]!;
      if (first) expect(html, component).toContain(first.slice(0, 6));
    }
  });

  it("renders each icon as paths", () => {
    expect(ICON_NAMES.length).toBeGreaterThanOrEqual(40);
    for (const icon of ICON_NAMES) {
      const { doc, screenId } = docOf(defaultElement("icon", { id: "i", screenId: "", icon }));
      const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
      expect((html.match(/<path /g) ?? []).length, icon).toBe(ICONS[icon]!.paths.length);
    }
  });

  it("renders a screen with 1,000 elements", () => {
    const doc = sampleDocument(1000, { componentId: COMPONENT_ID });
    const screenId = Object.keys(doc.screens)[0]!;
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} components={components} />);
    expect((html.match(/data-id=/g) ?? []).length).toBeGreaterThan(800);
  });

  it("skips hidden elements and everything inside a hidden group", () => {
    const g = defaultElement("group", { id: "g", screenId: "", hidden: true });
    const inGroup = defaultElement("rectangle", { id: "inside", screenId: "", parentId: "g" });
    const hidden = defaultElement("rectangle", { id: "hid", screenId: "", hidden: true });
    const shown = defaultElement("rectangle", { id: "shown", screenId: "" });
    const { doc, screenId } = docOf(g, inGroup, hidden, shown);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
    expect(html).toContain('data-id="shown"');
    for (const id of ["g", "inside", "hid"]) expect(html).not.toContain(`data-id="${id}"`);
  });

  it("draws elements in z-order, children inside their group", () => {
    const a = defaultElement("rectangle", { id: "top", screenId: "", order: "a2" });
    const b = defaultElement("rectangle", { id: "bottom", screenId: "", order: "a0" });
    const g = defaultElement("group", { id: "grp", screenId: "", order: "a1" });
    const c = defaultElement("ellipse", { id: "child", screenId: "", parentId: "grp" });
    const { doc, screenId } = docOf(a, b, g, c);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
    const at = (id: string) => html.indexOf(`data-id="${id}"`);
    expect(at("bottom")).toBeLessThan(at("grp"));
    expect(at("grp")).toBeLessThan(at("child"));
    expect(at("child")).toBeLessThan(at("top"));
  });

  it("draws instances from their main component, with overrides of text, fill and hidden", () => {
    const inst = defaultElement("instance", {
      id: "inst",
      screenId: "",
      componentId: COMPONENT_ID,
      x: 100,
      y: 100,
      width: 400,
      height: 100,
      overrides: { label: { text: "Overridden" }, bg: { fill: "#123456" }, dot: { hidden: true } },
    });
    const plain = defaultElement("instance", { id: "plain", screenId: "", componentId: COMPONENT_ID, y: 300, width: 200, height: 50 });
    const { doc, screenId } = docOf(inst, plain);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} components={components} />);
    expect(html).toContain('transform="translate(100 100) scale(2 2)"');
    expect(html).toContain("Overridden");
    expect(html).toContain("Main label");
    expect(html).toContain('fill="#123456"');
    expect(html).toContain('fill="#abcdef"');
    expect((html.match(/data-id="dot"/g) ?? []).length).toBe(1);
  });

  it("draws a missing component as a labelled outline, and a component containing itself stops", () => {
    const inst = defaultElement("instance", { id: "inst", screenId: "", componentId: COMPONENT_ID });
    const { doc, screenId } = docOf(inst);
    expect(renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />)).toContain("Missing component");
    const selfRef: ComponentDefinition = {
      ...definition,
      elements: { me: defaultElement("instance", { id: "me", screenId: "", componentId: COMPONENT_ID }) },
    };
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} components={{ [COMPONENT_ID]: { definition: selfRef } }} />);
    expect(html).toContain("Nested too deep");
  });

  it("draws token references with the fallback, or with their values when given", () => {
    const r = defaultElement("rectangle", { id: "r", screenId: "", fill: { token: "color.brand.500" }, radius: { token: "radius.md" } });
    const { doc, screenId } = docOf(r);
    expect(renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />)).toContain(`fill="${TOKEN_FALLBACK_COLOR}"`);
    const html = renderToStaticMarkup(
      <ScreenSvg doc={doc} screenId={screenId} tokens={{ "color.brand.500": "#4f46e5", "radius.md": 6 }} />,
    );
    expect(html).toContain('fill="#4f46e5"');
    expect(html).toContain('rx="6"');
  });

  it("attached arrow ends follow their element's edge", () => {
    const box = defaultElement("rectangle", { id: "box", screenId: "", x: 400, y: 100, width: 100, height: 100 });
    const arrow = defaultElement("line", { id: "ln", screenId: "", x: 0, y: 150, points: [0, 0, 50, 0], end: { elementId: "box" } });
    const { doc, screenId } = docOf(box, arrow);
    const html = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />);
    expect(html).toContain('x1="0" y1="150" x2="400" y2="150"');
  });

  it("images use the given URL, or a placeholder without one", () => {
    const img = defaultElement("image", { id: "img", screenId: "", fileId: "5b0d6a59-8a53-4a4e-9b38-0e3e1b7b2f10", alt: "Team photo" });
    const { doc, screenId } = docOf(img);
    const withUrl = renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} imageUrl={(id) => `/wireframes/w/images/${id}`} />);
    expect(withUrl).toContain('href="/wireframes/w/images/5b0d6a59-8a53-4a4e-9b38-0e3e1b7b2f10"');
    expect(withUrl).toContain("<title>Team photo</title>");
    expect(renderToStaticMarkup(<ScreenSvg doc={doc} screenId={screenId} />)).not.toContain("<image");
  });
});

describe("ElementSvg", () => {
  it("draws one element, a group with its children", () => {
    const g = defaultElement("group", { id: "g", screenId: "s" });
    const c = defaultElement("text", { id: "c", screenId: "s", parentId: "g", text: "Inside" });
    const html = renderToStaticMarkup(
      <svg>
        <ElementSvg element={g} doc={{ elements: { g, c } }} />
      </svg>,
    );
    expect(html).toContain('data-id="g"');
    expect(html).toContain("Inside");
    expect(renderToStaticMarkup(<ElementSvg element={{ ...g, hidden: true }} doc={{ elements: { g, c } }} />)).toBe("");
  });
});

describe("wrapText", () => {
  it("wraps by words the same way every time, keeping hard breaks and cutting long words", () => {
    expect(wrapText("one two three four", 60, 10)).toEqual(["one two", "three four"]);
    expect(wrapText("a\n\nb", 100, 10)).toEqual(["a", "", "b"]);
    expect(wrapText("abcdefghijklmnop", 30, 10)).toEqual(["abcde", "fghij", "klmno", "p"]);
  });
});

function hiddenAncestor(doc: WireframeDocument, el: WireframeElement): boolean {
  for (let p = el.parentId ? doc.elements[el.parentId] : undefined; p; p = p.parentId ? doc.elements[p.parentId] : undefined)
    if (p.hidden) return true;
  return false;
}
