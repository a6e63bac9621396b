import { getFormProps } from "@conform-to/react";
import { Form, Link, useRouteLoaderData } from "@remix-run/react";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { linkScreenSchema } from "~/lib/forms/card-links";
import { failureReply, type BoardFailure } from "~/lib/forms/board";
import { screenRef, type BoardScreenLinks, type CardScreenLinkView, type LinkableWireframe } from "~/lib/wireframes/card-links";
import { MenuError } from "./board-menu";
import { otherMessages, selectAttrs } from "./form-attrs";

/**
 * The wireframe screens a card links (issue 8): on the card's face a count, in the card's
 * panel a "Wireframes" section with each screen's thumbnail (SVG drawn on the server, so
 * the board's JavaScript carries no renderer) linking to the editor at that screen, an
 * unlink button, and a form to link another screen: one select of "wireframe — screen"
 * options, a plain form that works without JavaScript. Viewers see the links, no controls.
 *
 * The data comes with the board page's loader (`screenLinks`: the counts, and the open
 * card's links and choices only), read here rather than passed through the board's props.
 */
const BOARD_ROUTE = "routes/_app.projects.$id";

function useBoardScreenLinks(): BoardScreenLinks | undefined {
  return useRouteLoaderData<{ screenLinks?: BoardScreenLinks }>(BOARD_ROUTE)?.screenLinks;
}

const plural = (n: number) => `${n} linked ${n === 1 ? "screen" : "screens"}`;

/** The card face's indicator: how many screens the card links (nothing when none). */
export function ScreenLinkCount({ cardId }: { cardId: string }) {
  const n = useBoardScreenLinks()?.counts[cardId] ?? 0;
  if (n === 0) return null;
  return (
    <span title={plural(n)} data-testid="screen-link-count" className="inline-flex items-center gap-0.5">
      <FrameIcon /> {n}
      <span className="sr-only"> {n === 1 ? "linked screen" : "linked screens"}</span>
    </span>
  );
}

function FrameIcon() {
  return (
    <svg aria-hidden="true" viewBox="0 0 16 16" className="h-3.5 w-3.5" fill="none" stroke="currentColor" strokeWidth="1.5">
      <rect x="1.75" y="2.75" width="12.5" height="10.5" rx="1.5" />
      <path d="M1.75 5.75h12.5M5.5 5.75v7.5" />
    </svg>
  );
}

/** The card panel's "Wireframes" section (rendered only on the board page, for the open card). */
export function CardWireframeLinks({ cardId, canEdit, error }: { cardId: string; canEdit: boolean; error: BoardFailure | null }) {
  const open = useBoardScreenLinks()?.card;
  if (!open || open.cardId !== cardId) return null;
  // The link form shows its own refusals beside its select; an unlink's shows here.
  const failure = error?.intent === "unlink-screen" ? error : null;
  return (
    <section aria-labelledby="wireframes-h">
      <h3 id="wireframes-h" className="text-sm font-semibold text-slate-800">
        Wireframes {open.links.length ? `(${open.links.length})` : ""}
      </h3>
      {failure ? (
        <p role="alert" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.message}
        </p>
      ) : null}
      {open.links.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No screens linked yet.</p>
      ) : (
        <ul className="mt-2 grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Linked screens">
          {open.links.map((link) => (
            <LinkedScreen key={`${link.wireframeId}/${link.screenId}`} cardId={cardId} link={link} canEdit={canEdit} />
          ))}
        </ul>
      )}
      {canEdit ? <LinkScreenForm key={cardId} cardId={cardId} links={open.links} choices={open.choices} error={error} /> : null}
    </section>
  );
}

function LinkedScreen({ cardId, link, canEdit }: { cardId: string; link: CardScreenLinkView; canEdit: boolean }) {
  return (
    <li className="flex flex-col overflow-hidden rounded-lg border border-slate-200" data-linked-screen={link.screenId}>
      {/* The read-only view (no JavaScript) has an anchor per screen; the editor opens at `?screen=`. */}
      <Link to={`${link.href}#screen-${encodeURIComponent(link.screenId)}`} className="group block hover:bg-slate-50">
        <span
          aria-hidden="true"
          className="block bg-slate-100 p-2 [&>svg]:mx-auto [&>svg]:h-auto [&>svg]:max-h-32 [&>svg]:w-full"
          // Server-rendered by React (renderToStaticMarkup): every text in it is escaped.
          dangerouslySetInnerHTML={{ __html: link.svg }}
        />
        <span className="block px-3 pt-2 text-sm">
          <span className="block truncate font-medium text-brand-700 group-hover:underline">{link.screenName}</span>
          <span className="block truncate text-xs text-slate-600">{link.wireframeName}</span>
          <span className="sr-only"> (open in the wireframe editor)</span>
        </span>
      </Link>
      {canEdit ? (
        <Form method="post" preventScrollReset className="mt-auto px-3 pb-2 pt-1 text-right">
          <input type="hidden" name="intent" value="unlink-screen" />
          <input type="hidden" name="cardId" value={cardId} />
          <input type="hidden" name="screen" value={screenRef(link.wireframeId, link.screenId)} />
          <button type="submit" className="rounded px-1 text-xs text-slate-600 hover:text-red-700">
            Unlink<span className="sr-only"> {`${link.screenName} of ${link.wireframeName}`}</span>
          </button>
        </Form>
      ) : (
        <span className="pb-2" />
      )}
    </li>
  );
}

function LinkScreenForm({
  cardId,
  links,
  choices,
  error,
}: {
  cardId: string;
  links: CardScreenLinkView[];
  choices: LinkableWireframe[];
  error: BoardFailure | null;
}) {
  const [form, fields] = useSchemaForm(linkScreenSchema, {
    disableAutoCoercion: true,
    id: `link-screen-${cardId}`,
    lastResult: failureReply(error, "link-screen", { cardId }),
    defaultValue: { screen: "" },
  });
  const linked = new Set(links.map((l) => screenRef(l.wireframeId, l.screenId)));
  const groups = choices
    .map((w) => ({ ...w, screens: w.screens.filter((s) => !linked.has(screenRef(w.id, s.id))) }))
    .filter((w) => w.screens.length > 0);
  if (choices.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600">
        This workspace has no wireframes yet.{" "}
        <Link to="/wireframes/editor" className="font-medium text-brand-700 hover:underline">
          Start a wireframe
        </Link>{" "}
        to link its screens here.
      </p>
    );
  }
  if (groups.length === 0)
    return <p className="mt-2 text-sm text-slate-600">Every screen of this workspace&apos;s wireframes is linked.</p>;
  return (
    <Form method="post" preventScrollReset className="mt-3" aria-label="Link a screen" {...getFormProps(form)}>
      <input type="hidden" name="intent" value="link-screen" />
      <input type="hidden" name="cardId" value={cardId} />
      <div className="flex flex-wrap items-end gap-2">
        <label className="min-w-0 flex-1 text-xs font-medium text-slate-600">
          Screen to link
          <select {...selectAttrs(fields.screen)} className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm">
            <option value="">Choose a screen</option>
            {groups.map((w) => (
              <optgroup key={w.id} label={`${w.name} (${w.projectName})`}>
                {w.screens.map((s) => (
                  <option key={s.id} value={screenRef(w.id, s.id)}>
                    {`${w.name} — ${s.name}`}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
        <button type="submit" className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50">
          Link screen
        </button>
      </div>
      <MenuError id={fields.screen.errorId} message={messageOf(fields.screen)} />
      <MenuError message={otherMessages(form, ["screen"])} />
    </Form>
  );
}
