/**
 * The in-page demo behind 'Watch Demo': a short animated walk through a board, drawn in
 * HTML and CSS (no video to download; the keyframes are in landing.css). Still when the
 * visitor prefers reduced motion.
 */
import { SectionIntro, type Intro } from "./section-intro";

export type DemoContent = Intro & {
  columns: { name: string; cards: string[] }[];
  moving: { title: string; note: string };
  steps: { title: string; text: string }[];
  caption: string;
};

export function ProductDemo({ content }: { content: DemoContent }) {
  return (
    <section id="demo" aria-labelledby="demo-title" className="lp-section bg-white">
      <div className="lp-container">
        <SectionIntro id="demo-title" {...content} />
        <div className="mt-12 grid items-center gap-10 lg:grid-cols-5">
          <ol className="space-y-3 lg:col-span-2">
            {content.steps.map((s, i) => (
              <li key={s.title} className="lp-demo-step flex gap-4 rounded-lg p-3">
                <span aria-hidden="true" className="lp-demo-tint" style={{ animationDelay: `${i * 3}s` }} />
                <span className="lp-step-number">{i + 1}</span>
                <div>
                  <p className="font-semibold text-slate-900">{s.title}</p>
                  <p className="mt-1 text-sm text-slate-600">{s.text}</p>
                </div>
              </li>
            ))}
          </ol>
          <figure className="lg:col-span-3">
            <div className="overflow-hidden rounded-2xl border border-slate-200 bg-slate-50 shadow-xl">
              <div className="flex items-center gap-1.5 border-b border-slate-200 bg-white px-4 py-3" aria-hidden="true">
                <span className="size-3 rounded-full bg-red-300" />
                <span className="size-3 rounded-full bg-amber-300" />
                <span className="size-3 rounded-full bg-emerald-300" />
              </div>
              <div className="relative grid grid-cols-3 gap-4 p-4" aria-hidden="true">
                {content.columns.map((col) => (
                  <div key={col.name} className="min-w-0 rounded-xl bg-slate-100 p-3 pb-24">
                    <p className="truncate text-xs font-semibold text-slate-600 uppercase">{col.name}</p>
                    <div className="mt-3 space-y-2">
                      {col.cards.map((c) => (
                        <div key={c} className="lp-board-card">
                          {c}
                        </div>
                      ))}
                    </div>
                  </div>
                ))}
                {/* Over the free space at the foot of the first column; each step moves it one column on. */}
                <div className="absolute bottom-7 left-7 w-[calc((100%-4rem)/3-1.5rem)]">
                  <div className="lp-board-card lp-demo-card shadow-lg ring-2 ring-brand-500">
                    <p className="font-medium text-slate-900">{content.moving.title}</p>
                    <p className="mt-1 text-xs text-brand-600">{content.moving.note}</p>
                  </div>
                </div>
              </div>
            </div>
            <figcaption className="mt-3 text-center text-sm text-slate-500">{content.caption}</figcaption>
          </figure>
        </div>
      </div>
    </section>
  );
}
