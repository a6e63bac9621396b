import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import type { Intro } from "./section-intro";

export type AboutContent = Intro & { paragraphs: string[] };
export type CallToActionContent = { title: string; lead: string; salesEmail: string };

export function About({ content }: { content: AboutContent }) {
  return (
    <section id="about" aria-labelledby="about-title" className="lp-section bg-slate-50">
      <div className="lp-container grid gap-10 lg:grid-cols-2">
        <div>
          <h2 id="about-title" className="lp-label">
            {content.label}
          </h2>
          <p className="lp-claim">{content.claim}</p>
        </div>
        <div className="space-y-4 text-lg text-slate-600">
          {content.paragraphs.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </div>
      </div>
    </section>
  );
}

export function CallToAction({ content }: { content: CallToActionContent }) {
  return (
    <section aria-labelledby="cta-title" className="lp-container py-16 sm:py-24">
      <div className="lp-cta">
        <h2 id="cta-title" className="lp-claim mt-0 text-white">
          {content.title}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-lg text-brand-100">{content.lead}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          <Link to="/auth?mode=signup" className={buttonClass("inverse", "lg")}>
            Start Your Free Trial
          </Link>
          <a href={`mailto:${content.salesEmail}`} className={buttonClass("inverseOutline", "lg")}>
            Contact Sales
          </a>
        </div>
      </div>
    </section>
  );
}
