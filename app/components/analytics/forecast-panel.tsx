import type { CompletionForecast, OnTimeForecast } from "~/lib/forecast";
import { formatDay } from "~/lib/dates";

/**
 * The project's forecasts: when its open cards will be done (50, 85 and 95 % of 10,000
 * simulated runs) and each unfinished cycle's chance of finishing on time, with the history
 * they rest on; with too little history, it says so instead.
 */
export type ForecastPanelData = {
  completion: CompletionForecast;
  cycles: { id: string; name: string; startsOn: string; endsOn: string; forecast: OnTimeForecast }[];
  history: string;
};

const day = (d: string) => (d === "never" ? "not within ten years" : formatDay(d));

export function ForecastPanel({ forecast }: { forecast: ForecastPanelData }) {
  const c = forecast.completion;
  return (
    <section
      id="forecast"
      aria-labelledby="forecast-title"
      className="min-w-0 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 xl:col-span-2"
    >
      <h3 id="forecast-title" className="text-base font-semibold text-slate-900">
        Forecast
      </h3>
      {c.status === "no-work" ? (
        <p className="mt-2 text-sm text-slate-600">No open cards: nothing left to forecast.</p>
      ) : c.status !== "ok" ? (
        <p className="mt-2 text-sm text-slate-700" data-testid="forecast-message">
          {c.message}
        </p>
      ) : (
        <>
          <p className="mt-2 text-sm text-slate-700">
            When will the remaining {c.remaining} {c.remaining === 1 ? "card" : "cards"} be done? In {c.runs.toLocaleString("en-US")}{" "}
            simulated runs:
          </p>
          <dl className="mt-3 grid gap-2 sm:grid-cols-3" data-testid="forecast-dates">
            {(
              [
                ["50 % likely by", c.p50],
                ["85 % likely by", c.p85],
                ["95 % likely by", c.p95],
              ] as const
            ).map(([label, d]) => (
              <div key={label} className="flex flex-col-reverse rounded-lg bg-slate-50 px-3 py-2">
                <dt className="text-xs text-slate-600">{label}</dt>
                <dd className="font-semibold text-slate-900 tabular-nums">{day(d)}</dd>
              </div>
            ))}
          </dl>
        </>
      )}
      {forecast.cycles.length ? (
        <div className="mt-4">
          <h4 className="text-sm font-semibold text-slate-900">Cycles</h4>
          <ul className="mt-2 space-y-1 text-sm text-slate-700">
            {forecast.cycles.map((cy) => (
              <li key={cy.id}>
                <span className="font-medium">{cy.name}</span> (ends {formatDay(cy.endsOn)}):{" "}
                {cy.forecast.status === "ok"
                  ? cy.forecast.remaining === 0
                    ? "all its cards are done."
                    : `${Math.round(cy.forecast.probability * 100)} % chance of finishing its ${cy.forecast.remaining} open ${cy.forecast.remaining === 1 ? "card" : "cards"} on time.`
                  : cy.forecast.message}
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <p className="mt-3 text-xs text-slate-600">{forecast.history}</p>
    </section>
  );
}
