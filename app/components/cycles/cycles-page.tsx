import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { ChartFigure } from "~/components/analytics/chart-figure";
import { EmptyState, ScreenHeader, Breadcrumb } from "~/components/shell/screen";
import { buttonClass } from "~/components/ui/button-styles";
import { fieldProps, FormErrors, useSchemaForm } from "~/components/ui/conform";
import { Field } from "~/components/ui/form";
import type { Chart } from "~/lib/analytics-charts";
import { CYCLE_STATUS_LABELS, formatPoints, type BurnPoint, type CardTally, type CycleReport, type CycleStatus } from "~/lib/cycles";
import { formatDay } from "~/lib/dates";
import { addCycleCardSchema, createCycleSchema } from "~/lib/forms/cycles";
import type { StateGroup } from "~/lib/board";
import { ManageCycle } from "./cycle-manage";

/**
 * A project's cycles (/projects/:id/cycles): the list, a form to create one, and the chosen
 * cycle: its cards (add by number or title, take out), its burn-up and burndown, closing it
 * (its report is frozen then), moving its unfinished cards to another cycle in one step, and
 * renaming or deleting it (./cycle-manage.tsx).
 * Every control is a plain form; viewers see everything without them.
 */
type CycleRow = {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  status: CycleStatus;
  cardCount: number;
  doneCount: number;
};
type CycleCard = {
  id: string;
  number: number;
  title: string;
  points: number | null;
  stateGroup: StateGroup;
  done: boolean;
  columnName: string;
};
type Detail = {
  id: string;
  name: string;
  startsOn: string;
  endsOn: string;
  status: CycleStatus;
  cards: CycleCard[];
  series: BurnPoint[];
  report: CycleReport | null;
};

export type CyclesPageData = {
  project: { id: string; name: string };
  cycles: CycleRow[];
  cycle: Detail | null;
  charts: Chart[];
  suggestions: string[];
  canEdit: boolean;
};

type Reply = { intent: string; reply: SubmissionResult<string[]> } | undefined;

const STATUS_STYLE: Record<CycleStatus, string> = {
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  upcoming: "bg-sky-50 text-sky-800 ring-sky-200",
  ended: "bg-amber-50 text-amber-900 ring-amber-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-200",
};

function StatusBadge({ status }: { status: CycleStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${STATUS_STYLE[status]}`}>
      {CYCLE_STATUS_LABELS[status]}
    </span>
  );
}

const replyFor = (data: Reply, intent: string) => (data?.intent === intent ? data.reply : undefined);
const formMessage = (data: Reply, intent: string) => {
  const reply = replyFor(data, intent);
  const errors = reply?.error ? Object.values(reply.error).flatMap((m) => m ?? []) : [];
  return errors.length ? errors.join(" ") : null;
};

export function CyclesPage({ data, reply }: { data: CyclesPageData; reply: Reply }) {
  const { project, cycles, cycle, canEdit } = data;
  const base = `/projects/${project.id}/cycles`;
  return (
    <>
      <ScreenHeader
        eyebrow={<Breadcrumb to={`/projects/${project.id}`} label={project.name} />}
        title="Cycles"
        description="Time-boxed cycles of this project's cards: what was planned, what was added, what got done."
      />
      <div className="grid gap-6 lg:grid-cols-[18rem_1fr]">
        <div className="space-y-6">
          {cycles.length ? (
            <nav aria-label="Cycles">
              <ul className="space-y-2">
                {cycles.map((c) => (
                  <li key={c.id}>
                    <Link
                      to={`${base}?cycle=${c.id}`}
                      aria-current={cycle?.id === c.id ? "page" : undefined}
                      className={`block rounded-xl border px-3 py-2 text-sm ${cycle?.id === c.id ? "border-brand-500 bg-brand-50" : "border-slate-200 bg-white hover:border-slate-300"}`}
                    >
                      <span className="flex items-center justify-between gap-2">
                        <span className="font-medium text-slate-900">{c.name}</span>
                        <StatusBadge status={c.status} />
                      </span>
                      <span className="mt-1 block text-xs text-slate-600">
                        {formatDay(c.startsOn)} – {formatDay(c.endsOn)} · {c.doneCount} of {c.cardCount} done
                      </span>
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {canEdit ? <CreateCycleForm key={cycles.length} reply={replyFor(reply, "create-cycle")} /> : null}
        </div>
        <div className="min-w-0">
          {cycle ? (
            <CycleDetail data={data} cycle={cycle} reply={reply} />
          ) : (
            <EmptyState icon="analytics" title="No cycles yet">
              <p>
                A cycle is a time box (a week or two) holding the cards the team means to finish in it. Its burn-up shows scope added along
                the way, and its report is kept as it was when the cycle closed.
              </p>
              {canEdit ? <p>Create the first one with the form.</p> : <p>Members of this workspace can create one.</p>}
            </EmptyState>
          )}
        </div>
      </div>
    </>
  );
}

function CreateCycleForm({ reply }: { reply: SubmissionResult<string[]> | undefined }) {
  const [form, fields] = useSchemaForm(createCycleSchema, { id: "create-cycle", lastResult: reply, shouldValidate: "onSubmit" });
  return (
    <Form method="post" className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm" {...getFormProps(form)}>
      <h2 className="text-base font-semibold text-slate-900">New cycle</h2>
      <input type="hidden" name="intent" value="create-cycle" />
      <FormErrors form={form} />
      <Field label="Name" {...fieldProps(fields.name, { type: "text" })} placeholder="Sprint 12" />
      <div className="grid grid-cols-2 gap-3">
        <Field label="Starts" {...fieldProps(fields.startsOn, { type: "date" })} />
        <Field label="Ends" {...fieldProps(fields.endsOn, { type: "date" })} />
      </div>
      <button type="submit" className={buttonClass("primary", "md", "w-full")}>
        Create cycle
      </button>
    </Form>
  );
}

function CycleDetail({ data, cycle, reply }: { data: CyclesPageData; cycle: Detail; reply: Reply }) {
  const { project, canEdit } = data;
  const closed = cycle.status === "closed";
  const unfinished = cycle.cards.filter((c) => !c.done && c.stateGroup !== "cancelled");
  const targets = data.cycles.filter((c) => c.id !== cycle.id && c.status !== "closed");
  const alert = formMessage(reply, "close-cycle") ?? formMessage(reply, "remove-card") ?? formMessage(reply, "delete-cycle");
  return (
    <section aria-labelledby="cycle-title" className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <div>
          <h2 id="cycle-title" className="flex flex-wrap items-center gap-2 text-lg font-semibold text-slate-900">
            {cycle.name} <StatusBadge status={cycle.status} />
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            {formatDay(cycle.startsOn)} to {formatDay(cycle.endsOn)} ·{" "}
            <Link to={`/analytics?project=${project.id}&cycle=${cycle.id}#burn`} className="font-medium text-brand-700 hover:underline">
              In analytics
            </Link>
          </p>
        </div>
        {canEdit ? (
          <div className="flex flex-wrap items-start gap-2">
            <ManageCycle
              cycle={{ id: cycle.id, name: cycle.name, closed }}
              cardCount={cycle.cards.length}
              renameReply={replyFor(reply, "rename-cycle")}
            />
            {!closed ? (
              <Form method="post" aria-label="Close cycle">
                <input type="hidden" name="intent" value="close-cycle" />
                <input type="hidden" name="cycleId" value={cycle.id} />
                <button type="submit" className={buttonClass("secondary", "md")}>
                  Close cycle
                </button>
              </Form>
            ) : null}
          </div>
        ) : null}
      </div>
      {alert ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {alert}
        </p>
      ) : null}
      {cycle.report ? <FrozenReport report={cycle.report} /> : null}
      {canEdit && closed && unfinished.length > 0 ? (
        <MoveUnfinishedForm
          cycleId={cycle.id}
          count={unfinished.length}
          targets={targets}
          message={formMessage(reply, "move-unfinished")}
        />
      ) : null}
      <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
        <h3 className="text-base font-semibold text-slate-900">{closed ? "Cards still held by this cycle" : "Cards in this cycle"}</h3>
        {cycle.cards.length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">
            {closed ? "None: its unfinished cards have moved on." : "No cards yet. Add one below or from a card's panel."}
          </p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100" aria-label="Cards in the cycle">
            {cycle.cards.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center gap-2 py-2 text-sm">
                <Link to={`/projects/${project.id}?task=${c.id}`} className="min-w-0 flex-1 text-slate-900 hover:underline">
                  <span className="text-slate-500">#{c.number}</span> {c.title}
                </Link>
                <span className="text-xs text-slate-600">{c.columnName}</span>
                {c.points !== null ? <span className="text-xs text-slate-600">{formatPoints(c.points)} pt</span> : null}
                {c.done ? <span className="text-xs font-medium text-emerald-700">Done</span> : null}
                {canEdit && !closed ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-card" />
                    <input type="hidden" name="cycleId" value={cycle.id} />
                    <input type="hidden" name="cardId" value={c.id} />
                    <button type="submit" className="rounded px-1 text-xs text-slate-600 hover:text-red-700">
                      Remove<span className="sr-only"> #{c.number} from the cycle</span>
                    </button>
                  </Form>
                ) : null}
              </li>
            ))}
          </ul>
        )}
        {canEdit && !closed ? (
          <AddCardForm key={cycle.cards.length} cycleId={cycle.id} suggestions={data.suggestions} reply={replyFor(reply, "add-card")} />
        ) : null}
      </div>
      <div className="grid grid-cols-1 gap-6 xl:grid-cols-2">
        {data.charts.map((chart) => (
          <ChartFigure
            key={chart.id}
            chart={chart}
            csvHref={`/analytics/export?${new URLSearchParams({ project: project.id, cycle: cycle.id, chart: chart.id }).toString()}`}
          />
        ))}
      </div>
    </section>
  );
}

function AddCardForm({
  cycleId,
  suggestions,
  reply,
}: {
  cycleId: string;
  suggestions: string[];
  reply: SubmissionResult<string[]> | undefined;
}) {
  const [form, fields] = useSchemaForm(addCycleCardSchema, { id: "add-cycle-card", lastResult: reply, shouldValidate: "onSubmit" });
  return (
    <Form method="post" aria-label="Add a card to the cycle" className="mt-3 flex flex-wrap items-start gap-2" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="add-card" />
      <input type="hidden" name="cycleId" value={cycleId} />
      <Field
        label="Add a card (number or title)"
        className="min-w-0 flex-1"
        list="cycle-card-choices"
        autoComplete="off"
        placeholder="#12 or a title"
        {...fieldProps(fields.card, { type: "text" })}
      />
      <datalist id="cycle-card-choices">
        {suggestions.map((s) => (
          <option key={s} value={s} />
        ))}
      </datalist>
      <button type="submit" className={buttonClass("secondary", "md", "mt-6")}>
        Add card
      </button>
      <div className="w-full">
        <FormErrors form={form} />
      </div>
    </Form>
  );
}

function MoveUnfinishedForm({
  cycleId,
  count,
  targets,
  message,
}: {
  cycleId: string;
  count: number;
  targets: { id: string; name: string; status: CycleStatus }[];
  message: string | null;
}) {
  if (targets.length === 0) {
    return (
      <p className="rounded-2xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-900">
        {count} unfinished {count === 1 ? "card is" : "cards are"} still in this cycle. Create the next cycle to move{" "}
        {count === 1 ? "it" : "them"} there in one step.
      </p>
    );
  }
  return (
    <Form
      method="post"
      aria-label="Move unfinished cards"
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-amber-200 bg-amber-50 p-4"
    >
      <input type="hidden" name="intent" value="move-unfinished" />
      <input type="hidden" name="cycleId" value={cycleId} />
      <label className="text-sm font-medium text-amber-950">
        Move the {count} unfinished {count === 1 ? "card" : "cards"} to
        <select name="toCycleId" className="mt-1 block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900">
          {targets.map((t) => (
            <option key={t.id} value={t.id}>
              {`${t.name} (${CYCLE_STATUS_LABELS[t.status].toLowerCase()})`}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className={buttonClass("primary", "md")}>
        Move unfinished cards
      </button>
      {message ? (
        <p role="alert" className="w-full text-sm text-red-800">
          {message}
        </p>
      ) : null}
    </Form>
  );
}

function tallyText(t: CardTally) {
  return `${t.cards} ${t.cards === 1 ? "card" : "cards"}${t.points ? ` · ${formatPoints(t.points)} pt` : ""}`;
}

/** The report frozen when the cycle closed: never recomputed. */
function FrozenReport({ report }: { report: CycleReport }) {
  const rows: [string, CardTally][] = [
    ["Scope at start", report.scopeAtStart],
    ["Scope added", report.scopeAdded],
    ["Scope removed", report.scopeRemoved],
    ["Completed", report.completed],
    ["Carried over", report.carriedOver],
  ];
  return (
    <section aria-labelledby="report-title" className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 id="report-title" className="text-base font-semibold text-slate-900">
        Report
      </h3>
      <p className="mt-1 text-sm text-slate-600">
        Frozen when the cycle closed on {formatDay(report.closedAt)}: later changes to its cards do not alter it.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-5" data-testid="cycle-report">
        {rows.map(([label, t]) => (
          <div key={label} className="rounded-lg bg-slate-50 p-3">
            <dt className="text-xs font-medium text-slate-600">{label}</dt>
            <dd className="mt-1 text-sm font-semibold text-slate-900">{tallyText(t)}</dd>
          </div>
        ))}
      </dl>
      {rows.some(([, t]) => t.points) ? (
        <p className="mt-2 text-xs text-slate-600">
          Points count re-estimates: a card estimated higher while in the cycle added scope, one estimated lower removed it.
        </p>
      ) : null}
      {report.cards.length ? (
        <table className="mt-3 w-full text-left text-sm">
          <caption className="sr-only">The cycle&apos;s cards at its close</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 font-medium">
                Card
              </th>
              <th scope="col" className="py-1 font-medium">
                Points
              </th>
              <th scope="col" className="py-1 font-medium">
                Outcome
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 text-slate-800">
            {report.cards.map((c) => (
              <tr key={c.id}>
                <th scope="row" className="py-1 font-normal">
                  #{c.number} {c.title}
                  {c.added ? <span className="ml-1 text-xs text-slate-500">(added)</span> : null}
                </th>
                <td className="py-1">{formatPoints(c.points) || "–"}</td>
                <td className="py-1">
                  {c.outcome === "completed" ? "Completed" : c.outcome === "carried-over" ? "Carried over" : "Removed"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
