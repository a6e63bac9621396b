import { z } from "zod";
import "zod-openapi";
import { INSIGHT_TYPES, SEVERITIES } from "~/lib/insights";

/**
 * The schemas of the API's analytics and insights: the figures the analytics page shows,
 * each with its unit in its description (the reference shows them), and the insights list.
 */

const uuid = z.uuid();
const timestamp = z.iso.datetime({ offset: true }).meta({ description: "An RFC 3339 time (UTC)." });
const day = z.iso.date().meta({ description: "A calendar day (UTC), YYYY-MM-DD." });
const cards = (what: string) => z.int().meta({ description: `${what} (cards).` });
const days = (what: string) => z.number().meta({ description: `${what} (days, one decimal).` });

export const projectOverviewSchema = z
  .object({
    object: z.literal("project_overview"),
    projectId: uuid,
    name: z.string(),
    throughput4w: cards("Cards finished in the last 28 days"),
    wip: cards("Cards in started columns now"),
    overdue: cards("Unfinished cards past their due date"),
  })
  .meta({ id: "ProjectOverview" });

const percentiles = (what: string) =>
  z
    .object({
      p50: days("Half the cards took at most this"),
      p85: days("85 % took at most this"),
      p95: days("95 % took at most this"),
      count: cards("How many finished cards they rest on"),
    })
    .nullable()
    .meta({ description: `${what}, nearest-rank percentiles in days; null when no card finished in the range.` });

const cfdPoint = z.object({
  day,
  backlog: cards("In backlog columns at the day's end"),
  unstarted: cards("In not-started columns"),
  started: cards("In started columns"),
  completed: cards("In completed columns"),
  cancelled: cards("In cancelled columns"),
});

const burnPoint = z.object({
  day,
  scopeCards: cards("In scope that day"),
  doneCards: cards("Finished by that day"),
  scopePoints: z.number().meta({ description: "The scope's estimate (points)." }),
  donePoints: z.number().meta({ description: "The finished cards' estimate (points)." }),
});

const distribution = z.array(
  z.object({ key: z.string().meta({ description: "An id, a priority, or `none`." }), name: z.string(), count: cards("Open cards") }),
);

export const projectAnalyticsSchema = z
  .object({
    object: z.literal("project_analytics"),
    projectId: uuid,
    from: day,
    to: day,
    throughput: z
      .array(z.object({ week: day.meta({ description: "The week's Monday." }), completed: cards("Finished that week") }))
      .meta({ description: "Cards finished per week (cards per week)." }),
    cumulativeFlow: z.array(cfdPoint).meta({ description: "Each day's cards by state group (cards)." }),
    cycleTime: percentiles("From first started to finished"),
    leadTime: percentiles("From created to finished"),
    finished: z
      .array(
        z.object({
          cardId: uuid,
          title: z.string(),
          completedAt: timestamp,
          leadDays: days("Created to finished"),
          cycleDays: days("Started to finished").nullable(),
        }),
      )
      .meta({ description: "The cards finished in the range, in the order they finished." }),
    aging: z
      .array(
        z.object({
          columnId: uuid,
          name: z.string(),
          cards: z.array(
            z.object({
              cardId: uuid,
              number: z.int(),
              title: z.string(),
              ageDays: days("Since first started"),
              overP85: z.boolean().meta({ description: "Older than the range's 85th percentile cycle time." }),
            }),
          ),
        }),
      )
      .meta({ description: "Work in progress now, by started column, with each card's age." }),
    burn: z
      .object({
        cycleId: uuid.nullable().meta({ description: "The cycle asked for; null: the date range." }),
        unit: z.enum(["cards", "points"]).meta({ description: "What the burn-up and burndown count: points when any card is estimated." }),
        days: z.array(burnPoint),
      })
      .meta({ description: "The burn-up's and burndown's numbers, per day." }),
    forecast: z
      .object({
        remaining: cards("Unfinished cards now"),
        status: z.enum(["ok", "no-work", "not-enough-history", "no-throughput"]),
        p50: z.string().nullable().meta({ description: "The day by which half of the simulated runs finish (or `never`)." }),
        p85: z.string().nullable(),
        p95: z.string().nullable(),
        history: z.string().meta({ description: "The weekly throughput the forecast rests on, in one sentence." }),
        cycles: z.array(
          z.object({
            cycleId: uuid,
            name: z.string(),
            endsOn: day,
            remaining: cards("Unfinished cards of the cycle"),
            probability: z
              .number()
              .nullable()
              .meta({ description: "The chance (0 to 1) of finishing them by the cycle's end; null without enough history." }),
          }),
        ),
      })
      .meta({ description: "Monte Carlo forecasts from recent weekly throughput, as the page shows them." }),
    openCards: z
      .object({ total: cards("Open cards"), byAssignee: distribution, byLabel: distribution, byPriority: distribution })
      .meta({ description: "The open cards' distributions." }),
  })
  .meta({ id: "ProjectAnalytics" });

export const projectAnalyticsQuery = z.object({
  from: day.optional().meta({ description: "The range's first day (default: 55 days before `to`). At most two years." }),
  to: day.optional().meta({ description: "The range's last day (default: today, UTC)." }),
  cycle: uuid.optional().meta({ description: "A cycle of the project: the burn-up and burndown are its own." }),
});

export const analyticsProjectParams = z.object({ projectId: uuid });

export const insightSchema = z
  .object({
    object: z.literal("insight"),
    id: z.string().meta({ description: "Stable across runs: the type and its subject (`overdue:<project>`)." }),
    type: z.enum(INSIGHT_TYPES),
    severity: z.enum(SEVERITIES),
    title: z.string(),
    action: z.string().meta({ description: "What to do about it." }),
    evidence: z.array(
      z.object({ label: z.string(), href: z.string().meta({ description: "Where it leads in the app (a path)." }), value: z.string() }),
    ),
    projectId: uuid,
    projectName: z.string(),
    state: z
      .enum(["open", "dismissed", "snoozed"])
      .nullable()
      .meta({ description: "For a personal key, how its owner left it; null for a workspace key (no one person)." }),
    snoozedUntil: timestamp.nullable(),
  })
  .meta({ id: "Insight" });

export const insightListQuery = z.object({ project: uuid.optional().meta({ description: "Only this project's insights." }) });

export type ApiProjectAnalytics = z.infer<typeof projectAnalyticsSchema>;
export type ApiInsight = z.infer<typeof insightSchema>;
