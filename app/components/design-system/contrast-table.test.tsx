import { describe, expect, it } from "vitest";
import { resolveAll } from "~/lib/design-tokens/resolve";
import { sampleSystem } from "~/lib/design-tokens/sample";
import { ContrastTable } from "./contrast-table";
import { renderAt, textOf as text } from "./test-render";

function paleSecondary() {
  const doc = sampleSystem();
  const light = doc.sets.find((s) => s.name === "light")!;
  const colors = light.tokens.color as Record<string, Record<string, Record<string, unknown>>>;
  colors.text!.secondary = { $value: "{color.gray.400}" };
  return doc;
}

describe("ContrastTable", () => {
  it("shows every semantic pair per theme with ratio and verdicts, all passing in the starting system", async () => {
    const html = await renderAt(<ContrastTable resolvedByTheme={resolveAll(sampleSystem())} />, "/design?tab=contrast");
    const t = text(html);
    expect(t).toContain("Every semantic text-and-surface pair passes AA in every theme.");
    expect(t).toContain("light theme");
    expect(t).toContain("dark theme");
    expect(t).toMatch(/color\.text\.primary on color\.surface\.default \s*Aa \d+\.\d\d:1/);
    expect(t).toContain("AA normal (4.5:1)");
    expect(t).toContain("AAA large (4.5:1)");
    expect(html).not.toContain("data-failing");
  });

  it("flags a semantic pair below AA in its row and lists it as an issue", async () => {
    const html = await renderAt(<ContrastTable resolvedByTheme={resolveAll(paleSecondary())} />);
    const t = text(html);
    expect(t).toMatch(/\d+ semantic pairs fail AA/);
    expect(t).toContain(
      "In the light theme, color.text.secondary on color.surface.default has a contrast of 2.56:1, below AA for normal text (4.5:1) and for large text (3:1).",
    );
    expect(html).toContain('data-failing="true"');
    expect(t).toMatch(/color\.text\.secondary on color\.surface\.default Fails AA Aa 2\.56:1/);
  });

  it("checks a picked pair from ?fg=&bg= (a plain GET form keeping the page's other parameters)", async () => {
    const html = await renderAt(
      <ContrastTable resolvedByTheme={resolveAll(sampleSystem())} />,
      "/design?tab=contrast&fg=%23767676&bg=%23ffffff",
    );
    expect(html).toMatch(/<form method="get"[^>]*>/);
    expect(html).toContain('<input type="hidden" name="tab" value="contrast"/>');
    expect(html).toMatch(/name="fg"[^>]*value="#767676"/);
    const t = text(html);
    expect(t).toContain("Check a pair");
    expect(t).toMatch(/#767676 on #ffffff Aa 4\.54:1/);
  });

  it("reads token paths per theme, and says which field it cannot read", async () => {
    const byTheme = resolveAll(sampleSystem());
    const tokens = text(await renderAt(<ContrastTable resolvedByTheme={byTheme} fg="color.text.secondary" bg="color.surface.default" />));
    expect(tokens).toMatch(/light theme\s+Colours.*color\.text\.secondary on color\.surface\.default/);
    const bad = await renderAt(<ContrastTable resolvedByTheme={byTheme} fg="color.nope" bg="#ffffff" />);
    expect(bad).toMatch(/name="fg"[^>]*aria-invalid="true"/);
    expect(text(bad)).toContain("“color.nope” is neither a colour token of this theme nor a colour.");
  });
});
