import type { MetaFunction } from "@remix-run/react";
import { Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { CommentsPanel, PinLayer, SharePanel } from "~/components/prototypes/panels";
import { EmptyPrototype, PlayerFrame, PlayerStage, withQuery } from "~/components/prototypes/player";
import type { action, loader } from "./_app.prototypes.$id.server";

export { action, loader } from "./_app.prototypes.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: `${data?.name ?? "Prototype"} · Prototype · Atelier` }];

/** What a hotspot's link keeps from the current address: the zoom and an open panel. */
const KEEP = ["zoom", "comments", "share"] as const;

export default function PrototypePlayer() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { search } = useLocation();
  const [spot, setSpot] = useState<{ x: number; y: number } | null>(null);
  const view = data.view;
  useEffect(() => setSpot(null), [view?.screen.id]);
  const editHref = `/wireframes/editor/${data.id}`;
  const title = (
    <>
      <Link
        to={editHref}
        className="rounded-md px-2 py-1 font-medium text-brand-700 hover:bg-slate-100"
        aria-label={`Back to the editor of ${data.name}`}
      >
        ←
      </Link>
      <h1 className="truncate font-semibold text-slate-900">{data.name}</h1>
    </>
  );
  if (!view)
    return (
      <div className="fixed inset-0 z-40 flex flex-col bg-slate-200">
        <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 text-sm">{title}</header>
        <EmptyPrototype editHref={editHref} />
      </div>
    );
  const closePanel = withQuery(search, { comments: null, share: null });
  const toggle = (key: "comments" | "share") =>
    data.panel === key ? closePanel : withQuery(search, { comments: key === "comments" ? "1" : null, share: key === "share" ? "1" : null });
  const pillCls = (on: boolean) =>
    `rounded-md px-3 py-1.5 font-medium ${on ? "bg-brand-600 text-white" : "text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"}`;
  const actions = (
    <>
      <Link to={toggle("comments")} className={pillCls(data.panel === "comments")} aria-pressed={data.panel === "comments"}>
        Comments
      </Link>
      {data.canShare ? (
        <Link to={toggle("share")} className={pillCls(data.panel === "share")} aria-pressed={data.panel === "share"}>
          Share
        </Link>
      ) : null}
    </>
  );
  const screenPins = data.pins.filter((p) => p.screenId === view.screen.id);
  const panel =
    data.panel === "comments" ? (
      <CommentsPanel
        pins={screenPins}
        screen={view.screen}
        src={view.src}
        spot={spot}
        onSpot={setSpot}
        reply={reply}
        closeHref={closePanel}
        canResolve={data.canEdit}
      />
    ) : data.panel === "share" && data.canShare ? (
      <SharePanel links={data.links} reply={reply} closeHref={closePanel} />
    ) : null;
  return (
    <PlayerFrame title={title} view={view} search={search} keepKeys={KEEP} fit={data.fit} actions={actions} panel={panel}>
      <PlayerStage
        data={{ ...data, view }}
        search={search}
        keepKeys={KEEP}
        placing={data.panel === "comments" ? setSpot : undefined}
        pinLayer={data.panel === "comments" ? <PinLayer pins={screenPins} screen={view.screen} newSpot={spot} /> : null}
      />
    </PlayerFrame>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
