import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import { StatusDots, type SystemStatus } from "./status-dots";

export type HeroContent = { eyebrow: string; title: string; highlight: string; lead: string };

export function Hero({ content, status, signUpHref }: { content: HeroContent; status: SystemStatus; signUpHref: string }) {
  return (
    <section aria-labelledby="hero-title" className="lp-hero">
      <div aria-hidden="true" className="lp-glow" />
      <div className="mx-auto max-w-4xl px-4 pt-20 pb-16 text-center sm:px-6 sm:pt-28 lg:px-8">
        <p className="lp-pill">
          <span aria-hidden="true">✦</span> {content.eyebrow}
        </p>
        <h1 id="hero-title" className="lp-title">
          {content.title} <span className="text-brand-600">{content.highlight}</span>
        </h1>
        <p className="lp-lead mx-auto mt-6 max-w-2xl">{content.lead}</p>
        <div className="mt-10 flex flex-wrap items-center justify-center gap-4">
          <Link to={signUpHref} className={buttonClass("primary", "lg")}>
            Start Free Trial
          </Link>
          <Link to="#demo" className={buttonClass("secondary", "lg")}>
            <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 text-brand-600">
              <path d="M10 18a8 8 0 100-16 8 8 0 000 16zM8.6 6.7A.6.6 0 007.7 7.2v5.6a.6.6 0 00.9.5l4.7-2.8a.6.6 0 000-1L8.6 6.7z" />
            </svg>
            Watch Demo
          </Link>
        </div>
        <div className="mt-10">
          <StatusDots initial={status} />
        </div>
      </div>
    </section>
  );
}
