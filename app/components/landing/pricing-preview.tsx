import { Link } from "@remix-run/react";
import { buttonClass } from "~/components/ui/button-styles";
import type { Plan } from "~/lib/plans";
import { SectionIntro, type Intro } from "./section-intro";

export type PlanSummary = Pick<Plan, "id" | "name" | "description" | "price" | "popular" | "features">;
export type PricingContent = Intro & { plans: PlanSummary[] };

/** A short look at the three plans; the plan picker on /signup has the yearly prices and checkout. */
export function PricingPreview({ content, signupHref }: { content: PricingContent; signupHref: string }) {
  return (
    <section id="pricing" aria-labelledby="pricing-title" className="lp-section bg-white">
      <div className="lp-container">
        <SectionIntro id="pricing-title" {...content} />
        <ul className="mx-auto mt-12 grid max-w-5xl gap-6 lg:grid-cols-3">
          {content.plans.map((plan) => (
            <li key={plan.id} className={`lp-card relative flex flex-col p-8 ${plan.popular ? "ring-2 ring-brand-600" : ""}`}>
              {plan.popular ? <p className="lp-badge">Most Popular</p> : null}
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <p className="mt-2 text-sm text-slate-600">{plan.description}</p>
              <p className="mt-6 text-sm text-slate-500">
                <span className="text-4xl font-bold tracking-tight text-slate-900">${plan.price}</span> /month
              </p>
              <ul className="mt-6 flex-1 list-inside list-['✓__'] space-y-2 text-sm text-slate-700 marker:text-brand-600">
                {plan.features.map((f) => (
                  <li key={f}>{f}</li>
                ))}
              </ul>
              <Link to={signupHref} className={buttonClass(plan.popular ? "primary" : "secondary", "md", "mt-8 w-full")}>
                Choose {plan.name}
              </Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
