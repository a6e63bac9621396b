import { SectionIntro, type Intro } from "./section-intro";

/** `icon`: a 24×24 line-icon SVG path. */
export type Feature = { title: string; text: string; icon: string };
export type FeaturesContent = Intro & { items: Feature[] };

export function Features({ content }: { content: FeaturesContent }) {
  return (
    <section id="features" aria-labelledby="features-title" className="lp-section bg-slate-50">
      <div className="lp-container">
        <SectionIntro id="features-title" {...content} />
        <ul className="mt-12 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {content.items.map((f) => (
            <li key={f.title} className="lp-card">
              <span className="lp-tile">
                <svg
                  aria-hidden="true"
                  viewBox="0 0 24 24"
                  fill="none"
                  stroke="currentColor"
                  strokeWidth="1.8"
                  strokeLinecap="round"
                  strokeLinejoin="round"
                  className="size-6"
                >
                  <path d={f.icon} />
                </svg>
              </span>
              <h3 className="mt-5 text-lg font-semibold text-slate-900">{f.title}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{f.text}</p>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
