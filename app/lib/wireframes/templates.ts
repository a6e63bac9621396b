import {
  DEVICE_SIZES,
  SCHEMA_VERSION,
  type DevicePreset,
  type ElementType,
  type Screen,
  type TextStyle,
  type WireframeDocument,
  type WireframeElement,
} from "./document";
import { INK, LINE, MUTED, SUBTLE } from "./kit";
import { DEFAULT_TEXT_STYLE, defaultElement, newScreen, type ElementOf } from "./elements";
import { keyBetween } from "./order";

/**
 * Starter screens. Each template is a function that lays out elements from the kit; every
 * call makes fresh ids, so one template can be used many times in one wireframe.
 */
export type TemplateId = "sign-in" | "sign-up" | "dashboard" | "list" | "detail" | "settings" | "pricing" | "landing" | "mobile-onboarding";
export type TemplateInfo = { id: TemplateId; name: string; description: string; device: Exclude<DevicePreset, "custom"> };

export const TEMPLATES: TemplateInfo[] = [
  { id: "sign-in", name: "Sign in", description: "Email and password in a centred card, with a link to sign up.", device: "desktop" },
  { id: "sign-up", name: "Sign up", description: "Name, email, password and the terms, to create an account.", device: "desktop" },
  { id: "dashboard", name: "Dashboard", description: "A sidebar, four key figures, two charts and recent activity.", device: "desktop" },
  { id: "list", name: "List", description: "A searchable, filterable table of items with pagination.", device: "desktop" },
  { id: "detail", name: "Detail", description: "One item: its picture, description, facts and actions.", device: "desktop" },
  { id: "settings", name: "Settings", description: "Tabs of settings: profile fields, switches and a save button.", device: "desktop" },
  { id: "pricing", name: "Pricing", description: "Three plans side by side, the recommended one highlighted.", device: "desktop" },
  { id: "landing", name: "Landing page", description: "A hero with two calls to action, then three features.", device: "desktop" },
  {
    id: "mobile-onboarding",
    name: "Mobile onboarding",
    description: "A welcome screen with an illustration, steps and a start button.",
    device: "mobile",
  },
];

export function isTemplateId(value: unknown): value is TemplateId {
  return typeof value === "string" && TEMPLATES.some((t) => t.id === value);
}

export function templateInfo(id: TemplateId): TemplateInfo {
  return TEMPLATES.find((t) => t.id === id)!;
}

type Partial<T> = { [K in keyof T]?: T[K] };

/** Lays out one screen: `add` places an element on top of the ones before it (in its parent). */
class Layout {
  readonly elements: WireframeElement[] = [];
  private last = new Map<string | null, string | null>();
  constructor(readonly screen: Screen) {}

  add<T extends ElementType>(type: T, partial: Partial<ElementOf<T>>): ElementOf<T> {
    const parentId = (partial.parentId as string | null | undefined) ?? null;
    const order = keyBetween(this.last.get(parentId) ?? null, null);
    this.last.set(parentId, order);
    const el = defaultElement(type, { ...partial, screenId: this.screen.id, parentId, order } as Partial<ElementOf<T>>);
    this.elements.push(el);
    return el;
  }

  text(x: number, y: number, width: number, text: string, style: Partial<TextStyle> = {}, parentId: string | null = null) {
    const textStyle = { ...DEFAULT_TEXT_STYLE, ...style };
    const lines = Math.max(1, text.split("\n").length);
    const height = Math.ceil((textStyle.fontSize as number) * textStyle.lineHeight * lines);
    return this.add("text", { x, y, width, height, text, textStyle, name: text.split("\n")[0]!.slice(0, 40), parentId });
  }

  heading(x: number, y: number, width: number, text: string, size = 28, align: TextStyle["align"] = "left") {
    return this.text(x, y, width, text, { fontSize: size, fontWeight: 700, align, lineHeight: 1.25 });
  }

  ui(component: ElementOf<"ui">["component"], x: number, y: number, partial: Partial<ElementOf<"ui">> = {}) {
    return this.add("ui", { component, x, y, ...partial });
  }

  /** A group around the elements `fill` adds; its box is theirs. */
  group(name: string, fill: (parentId: string) => void) {
    const g = this.add("group", { name });
    const from = this.elements.length;
    fill(g.id);
    const kids = this.elements.slice(from);
    const x = Math.min(...kids.map((k) => k.x));
    const y = Math.min(...kids.map((k) => k.y));
    g.x = x;
    g.y = y;
    g.width = Math.max(...kids.map((k) => k.x + k.width)) - x;
    g.height = Math.max(...kids.map((k) => k.y + k.height)) - y;
    return g;
  }
}

const muted = { color: MUTED, fontSize: 14 } as const;

function field(l: Layout, x: number, y: number, width: number, label: string, placeholder: string, parentId: string | null = null) {
  l.text(x, y, width, label, { fontSize: 14, fontWeight: 500 }, parentId);
  l.ui("text-input", x, y + 26, { width, text: placeholder, name: `${label} field`, parentId });
}

function sidebar(l: Layout, active: number, items = "Dashboard\nProjects\nTeam\nReports\nSettings") {
  l.ui("sidebar", 0, 0, { height: l.screen.height, text: items, props: { active, title: "Brand" } });
}

const BUILDERS: Record<TemplateId, (l: Layout) => void> = {
  "sign-in": (l) => {
    const x = 520;
    l.add("rectangle", { name: "Card", x: 500, y: 150, width: 440, height: 560, fill: "#ffffff", stroke: LINE, radius: 12 });
    l.add("icon", { x: 700, y: 190, width: 40, height: 40, icon: "star", name: "Logo" });
    l.heading(x, 250, 400, "Sign in to your account", 24, "center");
    field(l, x, 310, 400, "Email", "you@example.com");
    field(l, x, 390, 400, "Password", "••••••••");
    l.ui("checkbox", x, 470, { text: "Remember me", props: { checked: false } });
    l.text(x + 250, 472, 150, "Forgot password?", { fontSize: 14, align: "right", color: INK, fontWeight: 500 });
    l.ui("button", x, 520, { width: 400, text: "Sign in" });
    l.text(x, 600, 400, "No account yet? Sign up", { ...muted, align: "center" });
    l.text(x, 650, 400, "Or continue with Google or GitHub", { ...muted, align: "center", fontSize: 13 });
  },
  "sign-up": (l) => {
    const x = 520;
    l.add("rectangle", { name: "Card", x: 500, y: 110, width: 440, height: 660, fill: "#ffffff", stroke: LINE, radius: 12 });
    l.add("icon", { x: 700, y: 150, width: 40, height: 40, icon: "star", name: "Logo" });
    l.heading(x, 210, 400, "Create your account", 24, "center");
    l.text(x, 250, 400, "Free for 14 days. No card needed.", { ...muted, align: "center" });
    field(l, x, 300, 400, "Full name", "Ada Lovelace");
    field(l, x, 380, 400, "Email", "you@example.com");
    field(l, x, 460, 400, "Password", "At least 8 characters");
    l.ui("checkbox", x, 545, { width: 400, text: "I agree to the terms and the privacy policy", props: { checked: false } });
    l.ui("button", x, 595, { width: 400, text: "Create account" });
    l.text(x, 670, 400, "Already have an account? Sign in", { ...muted, align: "center" });
  },
  dashboard: (l) => {
    sidebar(l, 0);
    l.heading(280, 28, 400, "Dashboard");
    l.ui("search", 820, 24, { width: 320 });
    l.add("icon", { x: 1170, y: 32, icon: "bell", name: "Notifications" });
    l.ui("avatar", 1220, 20, { width: 40, height: 40, radius: 20 });
    const stats: [string, string][] = [
      ["Revenue", "€48,200"],
      ["Active users", "2,318"],
      ["New sign-ups", "184"],
      ["Churn", "1.9 %"],
    ];
    stats.forEach(([label, value], i) => {
      const x = 280 + i * 285;
      l.group(label, (g) => {
        l.add("rectangle", { x, y: 100, width: 265, height: 110, fill: "#ffffff", stroke: LINE, radius: 8, parentId: g, name: "Card" });
        l.text(x + 20, 120, 225, label, muted, g);
        l.text(x + 20, 150, 225, value, { fontSize: 28, fontWeight: 700 }, g);
      });
    });
    l.ui("chart", 280, 240, { width: 690, height: 300, text: "Revenue by month", props: { kind: "line" } });
    l.ui("chart", 990, 240, { width: 410, height: 300, text: "Plans", props: { kind: "pie" } });
    l.text(280, 570, 400, "Recent activity", { fontSize: 18, fontWeight: 600 });
    l.ui("table", 280, 610, { width: 1120, height: 260, text: "Customer\nPlan\nAmount\nDate", props: { rows: 5 } });
  },
  list: (l) => {
    sidebar(l, 1);
    l.heading(280, 28, 400, "Projects");
    l.ui("button", 1260, 24, { width: 140, text: "New project" });
    l.ui("tabs", 280, 90, { width: 400, text: "All\nActive\nArchived", props: { active: 0 } });
    l.ui("search", 280, 150, { width: 360, text: "Search projects" });
    l.ui("select", 660, 150, { width: 200, text: "Sort: newest" });
    l.ui("table", 280, 210, { width: 1120, height: 560, text: "Name\nOwner\nStatus\nUpdated", props: { rows: 12 } });
    l.ui("pagination", 1120, 800, { width: 280 });
    l.text(280, 808, 300, "Showing 1–12 of 57", muted);
  },
  detail: (l) => {
    l.ui("navbar", 0, 0, { width: 1440 });
    l.ui("breadcrumb", 120, 96, { width: 400, text: "Home\nProducts\nDesk lamp" });
    l.heading(120, 136, 700, "Desk lamp, brushed steel", 32);
    l.ui("badge", 120, 186, { text: "In stock" });
    l.add("image-placeholder", { x: 120, y: 230, width: 720, height: 440, name: "Photo" });
    l.text(
      120,
      700,
      720,
      "A warm, dimmable lamp for long evenings at the desk. Its arm reaches 60 cm and folds flat; the shade turns a full circle.",
      {
        fontSize: 16,
        color: MUTED,
        lineHeight: 1.6,
      },
    );
    l.group("Facts", (g) => {
      l.add("rectangle", { x: 900, y: 230, width: 420, height: 440, fill: "#ffffff", stroke: LINE, radius: 8, parentId: g, name: "Panel" });
      l.text(930, 260, 360, "€129", { fontSize: 32, fontWeight: 700 }, g);
      l.ui("list", 930, 320, {
        width: 360,
        height: 176,
        text: "Ships in 2 days\nFree returns for 30 days\n2-year warranty\nLED, 2700–4000 K",
        parentId: g,
      });
      l.ui("button", 930, 530, { width: 360, text: "Add to cart", parentId: g });
      l.ui("button", 930, 590, { width: 360, text: "Save for later", props: { variant: "secondary" }, parentId: g });
    });
  },
  settings: (l) => {
    sidebar(l, 4);
    l.heading(280, 28, 400, "Settings");
    l.ui("tabs", 280, 90, { width: 560, text: "Profile\nAccount\nNotifications\nBilling", props: { active: 0 } });
    l.ui("avatar", 280, 160, { width: 72, height: 72, radius: 36 });
    l.ui("button", 376, 176, { width: 140, text: "Change photo", props: { variant: "secondary" } });
    field(l, 280, 260, 480, "Full name", "Ada Lovelace");
    field(l, 280, 340, 480, "Email", "ada@example.com");
    l.text(280, 420, 480, "Bio", { fontSize: 14, fontWeight: 500 });
    l.ui("textarea", 280, 446, { width: 480, text: "A few words about you" });
    l.text(860, 260, 400, "Notifications", { fontSize: 18, fontWeight: 600 });
    l.ui("toggle", 860, 300, { width: 400, text: "Email me when someone mentions me" });
    l.ui("toggle", 860, 340, { width: 400, text: "Weekly summary", props: { on: false } });
    l.ui("toggle", 860, 380, { width: 400, text: "Product news", props: { on: false } });
    l.ui("button", 280, 580, { width: 160, text: "Save changes" });
    l.ui("button", 456, 580, { width: 120, text: "Cancel", props: { variant: "secondary" } });
  },
  pricing: (l) => {
    l.ui("navbar", 0, 0, { width: 1440 });
    l.heading(320, 120, 800, "Simple pricing for every team", 40, "center");
    l.text(320, 180, 800, "Start free for 14 days. Change or cancel your plan at any time.", { ...muted, fontSize: 18, align: "center" });
    const plans: [string, string, string][] = [
      ["Starter", "€9", "3 projects\n5 members\n5 GB storage"],
      ["Professional", "€29", "Unlimited projects\n25 members\n50 GB storage\nPriority support"],
      ["Enterprise", "€99", "Unlimited everything\nSingle sign-on\nAudit log\nA named contact"],
    ];
    plans.forEach(([name, price, features], i) => {
      const x = 180 + i * 370;
      const featured = i === 1;
      l.group(name, (g) => {
        l.add("rectangle", {
          x,
          y: 250,
          width: 340,
          height: 520,
          fill: featured ? SUBTLE : "#ffffff",
          stroke: featured ? INK : LINE,
          strokeWidth: featured ? 2 : 1,
          radius: 12,
          parentId: g,
          name: "Card",
        });
        if (featured) l.ui("badge", x + 230, 274, { width: 90, text: "Popular", parentId: g });
        l.text(x + 30, 280, 200, name, { fontSize: 20, fontWeight: 600 }, g);
        l.text(x + 30, 320, 280, `${price} / month`, { fontSize: 32, fontWeight: 700 }, g);
        l.ui("list", x + 30, 390, { width: 280, height: 200, text: features, parentId: g, stroke: null, fill: null });
        l.ui("button", x + 30, 690, {
          width: 280,
          text: `Choose ${name}`,
          props: { variant: featured ? "primary" : "secondary" },
          parentId: g,
        });
      });
    });
  },
  landing: (l) => {
    l.ui("navbar", 0, 0, { width: 1440 });
    l.heading(120, 180, 560, "Plan the work and sketch the screens in one place", 48);
    l.text(120, 380, 520, "Boards for the cards, wireframes for the screens they build, and live editing for the whole team.", {
      ...muted,
      fontSize: 18,
      lineHeight: 1.5,
    });
    l.ui("button", 120, 480, { width: 160, height: 48, text: "Start free" });
    l.ui("button", 296, 480, { width: 160, height: 48, text: "See a demo", props: { variant: "secondary" } });
    l.add("image-placeholder", { x: 760, y: 140, width: 560, height: 420, name: "Hero picture", radius: 12 });
    const features: [string, string, string][] = [
      ["grid", "Boards", "Cards, columns and labels that the whole team keeps up to date."],
      ["edit", "Wireframes", "Real UI components, layers and templates, next to the cards."],
      ["users", "Together", "See each other's changes and selections as they happen."],
    ];
    features.forEach(([icon, title, body], i) => {
      const x = 120 + i * 410;
      l.group(title, (g) => {
        l.add("icon", { x, y: 640, width: 32, height: 32, icon, parentId: g });
        l.text(x, 690, 360, title, { fontSize: 20, fontWeight: 600 }, g);
        l.text(x, 726, 360, body, { ...muted, fontSize: 15, lineHeight: 1.5 }, g);
      });
    });
  },
  "mobile-onboarding": (l) => {
    l.text(300, 56, 66, "Skip", { fontSize: 15, fontWeight: 500, align: "right" });
    l.add("image-placeholder", { x: 40, y: 120, width: 310, height: 300, radius: 24, name: "Illustration" });
    l.heading(32, 460, 326, "Welcome to Brand", 28, "center");
    l.text(32, 510, 326, "Plan your week, share it with your team and see what changed at a glance.", {
      ...muted,
      fontSize: 16,
      align: "center",
      lineHeight: 1.5,
    });
    l.group("Steps", (g) => {
      [0, 1, 2].forEach((i) =>
        l.add("ellipse", {
          x: 171 + i * 18,
          y: 620,
          width: 10,
          height: 10,
          fill: i === 0 ? INK : LINE,
          stroke: null,
          parentId: g,
          name: `Step ${i + 1}`,
        }),
      );
    });
    l.ui("button", 32, 700, { width: 326, height: 52, text: "Get started", radius: 26 });
    l.text(32, 772, 326, "I already have an account", { ...muted, align: "center" });
  },
};

/** A fresh screen of `templateId` (new ids) and its elements; `order` places it among the wireframe's screens. */
export function templateScreen(
  templateId: TemplateId,
  order: string = keyBetween(null, null),
): { screen: Screen; elements: WireframeElement[] } {
  const info = templateInfo(templateId);
  const size = DEVICE_SIZES[info.device];
  const screen = newScreen(info.device, size, info.name, order);
  const layout = new Layout(screen);
  BUILDERS[templateId](layout);
  return { screen, elements: layout.elements };
}

/** A new wireframe's document made of one template screen. */
export function templateDocument(templateId: TemplateId): WireframeDocument {
  const { screen, elements } = templateScreen(templateId);
  return { schemaVersion: SCHEMA_VERSION, screens: { [screen.id]: screen }, elements: Object.fromEntries(elements.map((e) => [e.id, e])) };
}
