import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { UI_COMPONENTS, type UiComponent, type WireframeElement } from "./document";
import { UI_KIT } from "./kit";
import { defaultElement } from "./elements";
import { ElementSvg } from "./render";

/**
 * Every kit component drawn in tiny boxes (0×0, 1×1, 8×8) and at its default size: the SVG
 * has no negative size, radius, stroke or font size, no NaN or infinite number anywhere, and
 * no icon where it cannot fit.
 */

/** Attributes that must never be negative. */
const SIZES = new Set(["width", "height", "r", "rx", "ry", "stroke-width", "font-size"]);

function problems(svg: string): string[] {
  const out: string[] = [];
  for (const [, name, value] of svg.matchAll(/\s([a-zA-Z-]+)="([^"]*)"/g)) {
    if (/NaN|Infinity/.test(value!)) out.push(`${name}="${value}"`);
    else if (SIZES.has(name!) && Number(value) < 0) out.push(`${name}="${value}"`);
  }
  return out;
}

/** The variants whose drawing differs (props of the kit entry changed). */
const VARIANTS: Partial<Record<UiComponent, Record<string, string | number | boolean>[]>> = {
  button: [{ variant: "secondary" }, { variant: "link" }],
  checkbox: [{ checked: true }],
  radio: [{ checked: true }],
  toggle: [{ on: false }],
  chart: [{ kind: "pie" }, { kind: "line" }, { kind: "bar" }],
  card: [{ image: false }],
  alert: [{ variant: "error" }],
  table: [{ rows: 50 }],
  sidebar: [{ title: "" }],
};

const SIZES_TO_TRY = (component: UiComponent) => [
  [0, 0],
  [1, 1],
  [8, 8],
  [UI_KIT[component].width, UI_KIT[component].height],
];

describe("the renderer in tiny boxes", () => {
  for (const component of UI_COMPONENTS) {
    it(`${component}: no negative or NaN geometry at 0×0, 1×1, 8×8 and its default size`, () => {
      const found: string[] = [];
      for (const props of [{}, ...(VARIANTS[component] ?? [])]) {
        for (const [width, height] of SIZES_TO_TRY(component)) {
          const base = defaultElement("ui", { id: "e", screenId: "s", component, x: 5, y: 5 } as never) as WireframeElement & {
            props: Record<string, unknown>;
          };
          const el = { ...base, width, height, props: { ...base.props, ...props } } as WireframeElement;
          const svg = renderToStaticMarkup(<ElementSvg element={el} doc={{ elements: { e: el } }} />);
          for (const p of problems(svg)) found.push(`${width}×${height} ${JSON.stringify(props)}: ${p}`);
          // Parts that cannot fit are skipped: no 16 or 20 px icon spills out of a tiny box.
          if (width <= 8 && svg.includes("scale(")) found.push(`${width}×${height} ${JSON.stringify(props)}: an icon that does not fit`);
        }
      }
      expect(found).toEqual([]);
    });
  }

  it("shapes, text, images and icons too", () => {
    const found: string[] = [];
    for (const type of ["rectangle", "ellipse", "image-placeholder", "image", "text", "icon", "line", "arrow"] as const) {
      for (const [width, height] of [
        [0, 0],
        [1, 1],
        [8, 8],
      ]) {
        const el = { ...defaultElement(type, { id: "e", screenId: "s", radius: 12 } as never), width, height } as WireframeElement;
        const svg = renderToStaticMarkup(<ElementSvg element={el} doc={{ elements: { e: el } }} imageUrl={(f) => `/i/${f}`} />);
        for (const p of problems(svg)) found.push(`${type} ${width}×${height}: ${p}`);
      }
    }
    expect(found).toEqual([]);
  });
});
