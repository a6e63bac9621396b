import { getFormProps } from "@conform-to/react";
import { Form, Link, useLocation, useRouteLoaderData } from "@remix-run/react";
import { MenuError } from "~/components/board/board-menu";
import { inputAttrs, otherMessages, selectAttrs } from "~/components/board/form-attrs";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { CYCLE_STATUS_LABELS, formatPoints, type BoardPlanning, type DependencyView } from "~/lib/cycles";
import { failureReply, type BoardFailure } from "~/lib/forms/board";
import { addDependencySchema, setCardCycleSchema, setEstimateSchema } from "~/lib/forms/cycles";

/**
 * Estimates, dependencies and cycles on the board (issue 10). On a card's face: its points and
 * a "Blocked" mark while one of its blockers is open. In the card's panel: the estimate, the
 * cycle the card is in, and what blocks it and what it blocks, each a plain form that works
 * without JavaScript. Viewers see them without the controls.
 *
 * The data comes with the board page's loader (`planning`), read here rather than passed
 * through the board's props.
 */
const BOARD_ROUTE = "routes/_app.projects.$id";

type BoardData = { planning?: BoardPlanning; project?: { id: string } };

function useBoard() {
  return useRouteLoaderData<BoardData>(BOARD_ROUTE);
}

const pointsLabel = (p: number) => `${formatPoints(p)} ${p === 1 ? "point" : "points"}`;

/** The card face's marks: points (when estimated) and "Blocked" (when an open card blocks it). */
export function CardPlanningMarks({ cardId }: { cardId: string }) {
  const planning = useBoard()?.planning;
  if (!planning) return null;
  const points = planning.points[cardId];
  const blocked = planning.blocked.includes(cardId);
  return (
    <>
      {blocked ? (
        <span
          data-testid="blocked-mark"
          title="Blocked by an open card"
          className="rounded bg-red-50 px-1.5 py-0.5 font-semibold text-red-800 ring-1 ring-inset ring-red-200"
        >
          Blocked
        </span>
      ) : null}
      {points !== undefined ? (
        <span
          data-testid="points-mark"
          title={pointsLabel(points)}
          className="rounded bg-slate-100 px-1.5 py-0.5 font-medium text-slate-700"
        >
          {formatPoints(points)}
          <span aria-hidden="true"> pt</span>
          <span className="sr-only"> {points === 1 ? "point" : "points"}</span>
        </span>
      ) : null}
    </>
  );
}

/** The card panel's "Planning" section (rendered only on the board page, for the open card). */
export function CardPlanning({ cardId, canEdit, error }: { cardId: string; canEdit: boolean; error: BoardFailure | null }) {
  const board = useBoard();
  const open = board?.planning?.card;
  if (!open || open.cardId !== cardId || !board?.project) return null;
  const projectId = board.project.id;
  const removeFailure = error?.intent === "remove-dependency" ? error : null;
  const cycle = open.cycles.find((c) => c.id === open.cycleId) ?? null;
  return (
    <section aria-labelledby="planning-h" className="space-y-4">
      <h3 id="planning-h" className="text-sm font-semibold text-slate-800">
        Planning
      </h3>
      {canEdit ? (
        <div className="grid gap-3 sm:grid-cols-2">
          <EstimateForm key={`estimate-${cardId}-${open.estimate ?? ""}`} cardId={cardId} estimate={open.estimate} error={error} />
          <CycleForm key={`cycle-${cardId}-${open.cycleId ?? ""}`} cardId={cardId} planning={open} projectId={projectId} error={error} />
        </div>
      ) : (
        <dl className="grid grid-cols-2 gap-2 text-sm">
          <dt className="text-slate-600">Estimate</dt>
          <dd className="text-slate-900">{open.estimate === null ? "None" : pointsLabel(open.estimate)}</dd>
          <dt className="text-slate-600">Cycle</dt>
          <dd className="text-slate-900">
            {cycle ? cycle.name : "None"}{" "}
            <Link to={`/projects/${projectId}/cycles`} className="text-brand-700 hover:underline">
              Cycles
            </Link>
          </dd>
        </dl>
      )}
      {removeFailure ? (
        <p role="alert" className="rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {removeFailure.message}
        </p>
      ) : null}
      <div className="grid gap-3 sm:grid-cols-2">
        <DependencyList title="Blocked by" cards={open.blockedBy} cardId={cardId} side="blocker" canEdit={canEdit} />
        <DependencyList title="Blocks" cards={open.blocks} cardId={cardId} side="blocked" canEdit={canEdit} />
      </div>
      {canEdit ? (
        <DependencyForm
          key={`dependency-${cardId}-${open.blockedBy.length}-${open.blocks.length}`}
          cardId={cardId}
          suggestions={open.suggestions}
          error={error}
        />
      ) : null}
    </section>
  );
}

function EstimateForm({ cardId, estimate, error }: { cardId: string; estimate: number | null; error: BoardFailure | null }) {
  const [form, fields] = useSchemaForm(setEstimateSchema, {
    disableAutoCoercion: true,
    id: `estimate-${cardId}`,
    lastResult: failureReply(error, "set-estimate", { cardId }),
    defaultValue: { estimate: formatPoints(estimate) },
    shouldValidate: "onSubmit",
  });
  return (
    <Form method="post" preventScrollReset aria-label="Estimate" className="rounded-lg border border-slate-200 p-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="set-estimate" />
      <input type="hidden" name="cardId" value={cardId} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-xs font-medium text-slate-600">
          Estimate (points)
          <input
            {...inputAttrs(fields.estimate, "text")}
            inputMode="decimal"
            placeholder="None"
            className="mt-1 block w-24 rounded border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Save estimate
        </button>
      </div>
      <MenuError id={fields.estimate.errorId} message={messageOf(fields.estimate)} />
      <MenuError message={otherMessages(form, ["estimate"])} />
    </Form>
  );
}

function CycleForm({
  cardId,
  planning,
  projectId,
  error,
}: {
  cardId: string;
  planning: NonNullable<BoardPlanning["card"]>;
  projectId: string;
  error: BoardFailure | null;
}) {
  const [form, fields] = useSchemaForm(setCardCycleSchema, {
    disableAutoCoercion: true,
    id: `card-cycle-${cardId}`,
    lastResult: failureReply(error, "set-card-cycle", { cardId }),
    defaultValue: { cycleId: planning.cycleId ?? "" },
  });
  return (
    <Form method="post" preventScrollReset aria-label="Cycle" className="rounded-lg border border-slate-200 p-3" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="set-card-cycle" />
      <input type="hidden" name="cardId" value={cardId} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-xs font-medium text-slate-600">
          Cycle
          <select {...selectAttrs(fields.cycleId)} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm">
            <option value="">No cycle</option>
            {planning.cycles.map((c) => (
              <option key={c.id} value={c.id}>
                {`${c.name} (${CYCLE_STATUS_LABELS[c.status].toLowerCase()})`}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Save cycle
        </button>
      </div>
      <MenuError id={fields.cycleId.errorId} message={messageOf(fields.cycleId)} />
      <MenuError message={otherMessages(form, ["cycleId"])} />
      <p className="mt-1 text-xs text-slate-500">
        <Link to={`/projects/${projectId}/cycles`} className="text-brand-700 hover:underline">
          Manage cycles
        </Link>
      </p>
    </Form>
  );
}

function DependencyList({
  title,
  cards,
  cardId,
  side,
  canEdit,
}: {
  title: string;
  cards: DependencyView[];
  cardId: string;
  /** Which end of the block the listed cards are. */
  side: "blocker" | "blocked";
  canEdit: boolean;
}) {
  const location = useLocation();
  const href = (id: string) => {
    const params = new URLSearchParams(location.search);
    params.set("task", id);
    return `${location.pathname}?${params.toString()}`;
  };
  return (
    <div>
      <h4 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h4>
      {cards.length === 0 ? (
        <p className="mt-1 text-sm text-slate-500">None</p>
      ) : (
        <ul className="mt-1 space-y-1" aria-label={title}>
          {cards.map((c) => (
            <li key={c.id} className="flex items-center gap-2 text-sm">
              <Link to={href(c.id)} preventScrollReset className="min-w-0 flex-1 truncate text-brand-700 hover:underline">
                #{c.number} {c.title}
              </Link>
              {c.open ? null : <span className="text-xs text-slate-500">done</span>}
              {canEdit ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="intent" value="remove-dependency" />
                  <input type="hidden" name="cardId" value={cardId} />
                  <input type="hidden" name="blockerCardId" value={side === "blocker" ? c.id : cardId} />
                  <input type="hidden" name="blockedCardId" value={side === "blocker" ? cardId : c.id} />
                  <button type="submit" className="rounded px-1 text-xs text-slate-600 hover:text-red-700">
                    Remove<span className="sr-only">{` the block ${side === "blocker" ? "by" : "of"} #${c.number}`}</span>
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DependencyForm({ cardId, suggestions, error }: { cardId: string; suggestions: string[]; error: BoardFailure | null }) {
  const [form, fields] = useSchemaForm(addDependencySchema, {
    disableAutoCoercion: true,
    id: `dependency-${cardId}`,
    lastResult: failureReply(error, "add-dependency", { cardId }),
    defaultValue: { direction: "blocked-by", other: "" },
    shouldValidate: "onSubmit",
  });
  const listId = `dependency-cards-${cardId}`;
  return (
    <Form
      method="post"
      preventScrollReset
      aria-label="Add a block"
      className="rounded-lg border border-slate-200 p-3"
      {...getFormProps(form)}
    >
      <input type="hidden" name="intent" value="add-dependency" />
      <input type="hidden" name="cardId" value={cardId} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="text-xs font-medium text-slate-600">
          This card
          <select {...selectAttrs(fields.direction)} className="mt-1 block rounded border border-slate-300 px-2 py-1 text-sm">
            <option value="blocked-by">is blocked by</option>
            <option value="blocks">blocks</option>
          </select>
        </label>
        <label className="min-w-0 flex-1 text-xs font-medium text-slate-600">
          Card (number or title)
          <input
            {...inputAttrs(fields.other, "text")}
            list={listId}
            placeholder="#12 or a title"
            autoComplete="off"
            className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
          />
        </label>
        <datalist id={listId}>
          {suggestions.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <button type="submit" className="rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50">
          Add block
        </button>
      </div>
      <MenuError id={fields.other.errorId} message={messageOf(fields.other)} />
      <MenuError message={otherMessages(form, ["other", "direction"])} />
    </Form>
  );
}
