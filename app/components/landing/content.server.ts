/**
 * The landing page's words, sent by its loader. Content rather than code: kept out of the
 * page's JavaScript bundle, which has a budget (see server/landing-bundle.ts).
 */
import { PLANS } from "~/lib/plans";
import type { AboutContent, CallToActionContent } from "./closing";
import type { Feature } from "./features";
import type { HeroContent } from "./hero";
import type { DemoContent } from "./product-demo";

// The six claims of spec section 1, each with a line icon (24×24 SVG path).
const FEATURES: Feature[] = [
  {
    title: "AI Insights",
    text: "Spot blocked work, risky deadlines and overloaded teammates early, with suggestions drawn from your boards.",
    icon: "M9.8 17l-.8 3-1-1m5-17v2m6.4.6-1.4 1.4M22 12h-2M4 12H2m3.1-6.9L6.5 6.5M12 6a6 6 0 00-3.5 10.9c.3.2.5.6.5 1V19h6v-1.1c0-.4.2-.8.5-1A6 6 0 0012 6z",
  },
  {
    title: "Team Collaboration",
    text: "Invite your team, give each person a role and control who can view, edit or manage every workspace.",
    icon: "M17 20h5v-2a3 3 0 00-5.4-1.8M17 20H7m10 0v-2c0-.7-.1-1.3-.4-1.8M7 20H2v-2a3 3 0 015.4-1.8M7 20v-2c0-.7.1-1.3.4-1.8m0 0a5 5 0 019.2 0M15 7a3 3 0 11-6 0 3 3 0 016 0z",
  },
  {
    title: "Analytics",
    text: "Follow velocity, cycle time and review progress on live dashboards your whole team can read.",
    icon: "M3 3v18h18M7 15l4-4 3 3 6-6",
  },
  {
    title: "Enterprise Security",
    text: "Hashed credentials, server-side sessions you can end at any time, strict security headers and role-based access.",
    icon: "M12 3l8 3v6c0 5-3.4 8.3-8 9-4.6-.7-8-4-8-9V6l8-3zm-3 9l2 2 4-4",
  },
  {
    title: "Integrations",
    text: "Connect the tools you already use through the Atelier API gateway, with a documented JSON API.",
    icon: "M14 7h3a5 5 0 010 10h-3m-4 0H7A5 5 0 017 7h3m-2 5h8",
  },
  {
    title: "Performance",
    text: "Pages render on the server and stay fast on any connection — they even work before JavaScript loads.",
    icon: "M13 2L4 14h7l-1 8 9-12h-7l1-8z",
  },
];

const HERO: HeroContent = {
  eyebrow: "AI-assisted project management and design",
  title: "Plan, design and ship —",
  highlight: "together",
  lead: "Atelier brings kanban projects, wireframes, prototypes and a living design system into one workspace, with AI insights that keep your whole team moving.",
};

const DEMO: DemoContent = {
  label: "See it in action",
  claim: "From idea to shipped in one place",
  columns: [
    { name: "To do", cards: ["Onboarding flow", "Empty states"] },
    { name: "In review", cards: ["Pricing page"] },
    { name: "Done", cards: ["Design tokens v2", "Navigation audit"] },
  ],
  moving: { title: "Checkout redesign", note: "AI: ready for review" },
  steps: [
    { title: "Plan on the board", text: "Break work into cards, assign owners and set the order." },
    { title: "Sketch and review", text: "Wireframes and prototypes sit next to the cards they belong to." },
    { title: "Ship with confidence", text: "Analytics and AI insights show what moved and what is stuck." },
  ],
  caption: "A card moves from To do to Done as the team works through it.",
};

const ABOUT: AboutContent = {
  label: "About",
  claim: "Made for teams who design and ship",
  paragraphs: [
    "Atelier started from a simple frustration: plans lived in one tool, designs in another and decisions in a chat thread nobody could find. We put them side by side.",
    "Projects, wireframes, prototypes and your design system share one workspace, with roles and permissions that fit how your team already works — from a three-person studio to an enterprise.",
  ],
};

const CALL_TO_ACTION: CallToActionContent = {
  title: "Ready to bring your team together?",
  lead: "Try Atelier free with your team. No card needed to start.",
  salesEmail: "sales@atelier.app",
};

// Illustrative team names: the strip the spec asks for, until real customers agree to be named.
const TRUSTED_BY = ["Northwind", "Lumen Labs", "Foundry & Co", "Parallax", "Brightline", "Hexa Studio"];

export function landingContent() {
  const plans = PLANS.map(({ id, name, description, price, popular, features }) => ({
    id,
    name,
    description,
    price,
    popular,
    features: features.slice(0, 4),
  }));
  return {
    hero: HERO,
    demo: DEMO,
    trustedBy: TRUSTED_BY,
    features: {
      label: "Features",
      claim: "Everything your team needs to build",
      lead: "One workspace for planning, design and delivery, so nothing falls between tools.",
      items: FEATURES,
    },
    pricing: {
      label: "Pricing",
      claim: "Plans that grow with your team",
      lead: "Start with a free trial. Pay yearly and save 20%.",
      plans,
    },
    about: ABOUT,
    callToAction: CALL_TO_ACTION,
  };
}
