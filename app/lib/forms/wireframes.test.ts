import { parseWithZod } from "@conform-to/zod/v4";
import { describe, expect, it } from "vitest";
import { newWireframeInput, newWireframeSchema, readWireframeFilters, wireframeListActionSchema } from "./wireframes";

const form = (fields: Record<string, string>) => {
  const fd = new FormData();
  for (const [k, v] of Object.entries(fields)) fd.append(k, v);
  return fd;
};
const PROJECT = "3f1c2a4e-1111-4222-8333-444455556666";

describe("the new wireframe form", () => {
  it("names every problem at once", () => {
    const result = parseWithZod(form({ intent: "create", name: " ", device: "custom", width: "abc", height: "50" }), {
      schema: newWireframeSchema,
    });
    expect(result.reply().error).toEqual({
      projectId: ["Choose a project."],
      name: ["Give the wireframe a name."],
      width: ["Enter the width in pixels."],
      height: ["The height is at least 100 px."],
    });
  });

  it("ignores the custom size for a preset and reads it for a custom screen", () => {
    const preset = parseWithZod(
      form({ intent: "create", projectId: PROJECT, name: "Checkout", device: "mobile", width: "7", templateId: "blank" }),
      {
        schema: newWireframeSchema,
      },
    );
    expect(preset.status === "success" && newWireframeInput(preset.value)).toEqual({
      projectId: PROJECT,
      name: "Checkout",
      device: "mobile",
      templateId: undefined,
    });
    const custom = parseWithZod(
      form({ intent: "create", projectId: PROJECT, name: "Kiosk", device: "custom", width: "1080", height: "1920", templateId: "sign-in" }),
      {
        schema: newWireframeSchema,
      },
    );
    expect(custom.status === "success" && newWireframeInput(custom.value)).toEqual({
      projectId: PROJECT,
      name: "Kiosk",
      device: "custom",
      width: 1080,
      height: 1920,
      templateId: "sign-in",
    });
  });

  it("refuses an id that is not a UUID without saying more than to reload", () => {
    const result = parseWithZod(form({ intent: "rename", wireframeId: "42", name: "x" }), { schema: wireframeListActionSchema });
    expect(result.reply().error).toEqual({ wireframeId: ["Reload the page and try again."] });
  });
});

describe("the list's filters", () => {
  it("keeps a project id and a trimmed search; drops what is not an id", () => {
    expect(readWireframeFilters(new URLSearchParams({ project: PROJECT.toUpperCase(), q: "  sign  " }))).toEqual({
      projectId: PROJECT,
      q: "sign",
    });
    expect(readWireframeFilters(new URLSearchParams({ project: "x'; drop" }))).toEqual({ projectId: null, q: "" });
  });
});
