/**
 * The design system a new workspace starts with: a core palette, light and dark semantic colours,
 * a type scale, spacing, radius, shadows and motion, in three sets (core, light, dark) and two
 * themes (light, dark). Every semantic text/surface pair passes WCAG AA.
 */
import { colorFromHex } from "./color";
import type { DesignSystemDoc, TokenTree } from "./types";

const px = (value: number) => ({ value, unit: "px" });
const ms = (value: number) => ({ value, unit: "ms" });
const shade = (hexes: Record<string, string>) =>
  Object.fromEntries(Object.entries(hexes).map(([k, hex]) => [k, { $value: colorFromHex(hex) }]));
const black = (alpha: number) => ({ colorSpace: "srgb", components: [0, 0, 0], alpha, hex: "#000000" });

function core(): TokenTree {
  return {
    color: {
      $type: "color",
      $description: "The core palette; themes refer to it through semantic colours.",
      white: { $value: colorFromHex("#ffffff") },
      black: { $value: colorFromHex("#000000") },
      gray: shade({
        "50": "#f8fafc",
        "100": "#f1f5f9",
        "200": "#e2e8f0",
        "300": "#cbd5e1",
        "400": "#94a3b8",
        "500": "#64748b",
        "600": "#475569",
        "700": "#334155",
        "800": "#1e293b",
        "900": "#0f172a",
      }),
      blue: shade({
        "100": "#dbeafe",
        "300": "#93c5fd",
        "400": "#60a5fa",
        "500": "#3b82f6",
        "600": "#2563eb",
        "700": "#1d4ed8",
        "900": "#1e3a8a",
      }),
      red: shade({ "100": "#fee2e2", "300": "#fca5a5", "600": "#dc2626", "700": "#b91c1c" }),
      green: shade({ "100": "#dcfce7", "300": "#86efac", "600": "#16a34a", "700": "#15803d" }),
      amber: shade({ "100": "#fef3c7", "300": "#fcd34d", "600": "#d97706", "800": "#92400e" }),
    },
    spacing: {
      $type: "dimension",
      "0": { $value: px(0) },
      "1": { $value: px(4) },
      "2": { $value: px(8) },
      "3": { $value: px(12) },
      "4": { $value: px(16) },
      "6": { $value: px(24) },
      "8": { $value: px(32) },
      "12": { $value: px(48) },
      "16": { $value: px(64) },
    },
    radius: {
      $type: "dimension",
      none: { $value: px(0) },
      sm: { $value: px(4) },
      md: { $value: px(8) },
      lg: { $value: px(12) },
      full: { $value: px(9999) },
    },
    font: {
      family: {
        $type: "fontFamily",
        sans: { $value: ["Inter", "system-ui", "sans-serif"] },
        mono: { $value: ["JetBrains Mono", "ui-monospace", "monospace"] },
      },
      weight: {
        $type: "fontWeight",
        regular: { $value: 400 },
        medium: { $value: 500 },
        semibold: { $value: 600 },
        bold: { $value: 700 },
      },
      size: {
        $type: "dimension",
        xs: { $value: px(12) },
        sm: { $value: px(14) },
        md: { $value: px(16) },
        lg: { $value: px(20) },
        xl: { $value: px(24) },
        "2xl": { $value: px(32) },
        "3xl": { $value: px(40) },
      },
      lineHeight: {
        $type: "number",
        tight: { $value: 1.2 },
        normal: { $value: 1.5 },
      },
    },
    typography: {
      $type: "typography",
      display: {
        $value: {
          fontFamily: "{font.family.sans}",
          fontSize: "{font.size.3xl}",
          fontWeight: "{font.weight.bold}",
          letterSpacing: px(-0.5),
          lineHeight: "{font.lineHeight.tight}",
        },
      },
      heading: {
        $value: {
          fontFamily: "{font.family.sans}",
          fontSize: "{font.size.xl}",
          fontWeight: "{font.weight.semibold}",
          letterSpacing: px(0),
          lineHeight: "{font.lineHeight.tight}",
        },
      },
      body: {
        $value: {
          fontFamily: "{font.family.sans}",
          fontSize: "{font.size.md}",
          fontWeight: "{font.weight.regular}",
          letterSpacing: px(0),
          lineHeight: "{font.lineHeight.normal}",
        },
      },
      caption: {
        $value: {
          fontFamily: "{font.family.sans}",
          fontSize: "{font.size.sm}",
          fontWeight: "{font.weight.medium}",
          letterSpacing: px(0),
          lineHeight: "{font.lineHeight.normal}",
        },
      },
      code: {
        $value: {
          fontFamily: "{font.family.mono}",
          fontSize: "{font.size.sm}",
          fontWeight: "{font.weight.regular}",
          letterSpacing: px(0),
          lineHeight: "{font.lineHeight.normal}",
        },
      },
    },
    shadow: {
      $type: "shadow",
      sm: { $value: { color: black(0.08), offsetX: px(0), offsetY: px(1), blur: px(2), spread: px(0) } },
      md: {
        $value: [
          { color: black(0.1), offsetX: px(0), offsetY: px(4), blur: px(8), spread: px(-2) },
          { color: black(0.06), offsetX: px(0), offsetY: px(2), blur: px(4), spread: px(-2) },
        ],
      },
      lg: { $value: { color: black(0.12), offsetX: px(0), offsetY: px(12), blur: px(24), spread: px(-4) } },
    },
    duration: {
      $type: "duration",
      fast: { $value: ms(120) },
      normal: { $value: ms(200) },
      slow: { $value: ms(320) },
    },
    easing: {
      $type: "cubicBezier",
      standard: { $value: [0.2, 0, 0, 1] },
      decelerate: { $value: [0, 0, 0, 1] },
    },
  };
}

const pairs = (...paths: string[]) => ({ "app.atelier": { pairsWith: paths } });

function semantic(c: {
  text: [string, string, string];
  surface: [string, string, string];
  brand: [string, string];
  border: string;
  danger: [string, string];
  success: [string, string];
}): TokenTree {
  return {
    color: {
      $type: "color",
      text: {
        primary: { $value: `{${c.text[0]}}`, $description: "Body text and headings." },
        secondary: { $value: `{${c.text[1]}}`, $description: "Supporting text." },
        onBrand: {
          $value: `{${c.text[2]}}`,
          $description: "Text on the brand colour (buttons).",
          $extensions: pairs("color.brand.primary"),
        },
        danger: { $value: `{${c.danger[0]}}`, $extensions: pairs("color.background.danger") },
        success: { $value: `{${c.success[0]}}`, $extensions: pairs("color.background.success") },
      },
      surface: {
        default: { $value: `{${c.surface[0]}}`, $description: "The page." },
        raised: { $value: `{${c.surface[1]}}`, $description: "Cards and panels." },
        sunken: { $value: `{${c.surface[2]}}`, $description: "Inputs and wells." },
      },
      background: {
        danger: { $value: `{${c.danger[1]}}` },
        success: { $value: `{${c.success[1]}}` },
      },
      brand: {
        primary: { $value: `{${c.brand[0]}}`, $description: "Primary actions." },
        hover: { $value: `{${c.brand[1]}}` },
      },
      border: {
        default: { $value: `{${c.border}}` },
      },
    },
    border: {
      $type: "border",
      default: { $value: { color: "{color.border.default}", width: px(1), style: "solid" } },
      focus: { $value: { color: "{color.brand.primary}", width: px(2), style: "solid" } },
    },
  };
}

/** A fresh copy of the starting system (safe to change). */
export function sampleSystem(): DesignSystemDoc {
  return {
    sets: [
      { name: "core", tokens: core() },
      {
        name: "light",
        tokens: semantic({
          text: ["color.gray.900", "color.gray.600", "color.white"],
          surface: ["color.white", "color.gray.50", "color.gray.100"],
          brand: ["color.blue.600", "color.blue.700"],
          border: "color.gray.300",
          danger: ["color.red.700", "color.red.100"],
          success: ["color.green.700", "color.green.100"],
        }),
      },
      {
        name: "dark",
        tokens: semantic({
          text: ["color.gray.50", "color.gray.300", "color.gray.900"],
          surface: ["color.gray.900", "color.gray.800", "color.black"],
          brand: ["color.blue.400", "color.blue.300"],
          border: "color.gray.700",
          danger: ["color.red.300", "color.gray.900"],
          success: ["color.green.300", "color.gray.900"],
        }),
      },
    ],
    themes: [
      { name: "light", sets: ["core", "light"] },
      { name: "dark", sets: ["core", "dark"] },
    ],
  };
}
