import type { Chart } from "~/lib/analytics-charts";
import { ChartFigure } from "./chart-figure";
import { ForecastPanel, type ForecastPanelData } from "./forecast-panel";

/** The project page's forecast, histograms, work in progress and distributions (after the flow charts). */
export function MoreCharts({
  charts,
  forecast,
  csvHref,
}: {
  charts: Chart[];
  forecast: ForecastPanelData;
  csvHref: (id: string) => string;
}) {
  return (
    <>
      <ForecastPanel forecast={forecast} />
      {charts.map((chart) => (
        <ChartFigure key={chart.id} chart={chart} csvHref={csvHref(chart.id)} />
      ))}
    </>
  );
}
