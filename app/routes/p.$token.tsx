import type { MetaFunction } from "@remix-run/react";
import { Form, Link, useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { GuestFeedbackPanel, PinLayer } from "~/components/prototypes/panels";
import { EmptyPrototype, PlayerFrame, PlayerStage, replyErrors, withQuery } from "~/components/prototypes/player";
import { buttonClass } from "~/components/ui/button-styles";
import type { action, loader } from "./p.$token.server";

export { action, loader } from "./p.$token.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: data && "name" in data ? `${data.name} · Prototype` : "Prototype link · Atelier" },
  // A shared link is private to whoever has it.
  { name: "robots", content: "noindex, nofollow" },
  { name: "referrer", content: "no-referrer" },
];

const KEEP = ["zoom", "feedback"] as const;

/** /p/{token}: a shared prototype, read-only, for anyone with the link. */
export default function SharedPrototype() {
  const data = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>();
  const { search } = useLocation();
  const [spot, setSpot] = useState<{ x: number; y: number } | null>(null);
  const screenId = data.state === "playing" ? data.view?.screen.id : undefined;
  useEffect(() => setSpot(null), [screenId]);
  if (data.state === "refused") return <Refused status={data.status} message={data.message} />;
  if (data.state === "locked") return <Locked name={data.name} reply={reply} />;
  const view = data.view;
  const title = (
    <h1 className="truncate font-semibold text-slate-900">
      {data.name}
      {data.authorName ? <span className="ml-2 font-normal text-slate-500">by {data.authorName}</span> : null}
    </h1>
  );
  if (!view)
    return (
      <div className="fixed inset-0 z-40 flex flex-col bg-slate-200">
        <header className="flex items-center gap-2 border-b border-slate-200 bg-white px-3 py-2 text-sm">{title}</header>
        <EmptyPrototype />
      </div>
    );
  const close = withQuery(search, { feedback: null });
  const actions = (
    <>
      {data.sent ? (
        <p role="status" className="text-emerald-700">
          Thanks, your feedback was sent.
        </p>
      ) : null}
      {data.allowFeedback ? (
        <Link
          to={data.feedback ? close : withQuery(search, { feedback: "1", sent: null })}
          className={`rounded-md px-3 py-1.5 font-medium ${data.feedback ? "bg-brand-600 text-white" : "text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50"}`}
          aria-pressed={data.feedback}
        >
          Leave feedback
        </Link>
      ) : null}
    </>
  );
  return (
    <PlayerFrame
      title={title}
      view={view}
      search={search}
      keepKeys={KEEP}
      fit={data.fit}
      actions={actions}
      panel={
        data.feedback ? (
          <GuestFeedbackPanel screen={view.screen} src={view.src} spot={spot} onSpot={setSpot} reply={reply} closeHref={close} />
        ) : null
      }
    >
      <PlayerStage
        data={{ ...data, view }}
        search={search}
        keepKeys={KEEP}
        placing={data.feedback ? setSpot : undefined}
        pinLayer={data.feedback && spot ? <PinLayer pins={[]} screen={view.screen} newSpot={spot} /> : null}
      />
    </PlayerFrame>
  );
}

function Centered({ children }: { children: React.ReactNode }) {
  return (
    <main id="main" className="flex min-h-full items-center justify-center bg-slate-100 p-4">
      <div className="w-full max-w-sm rounded-xl bg-white p-6 text-slate-700 shadow">{children}</div>
    </main>
  );
}

function Refused({ status, message }: { status: number; message: string }) {
  const heading = status === 410 ? "This link no longer works" : status === 429 ? "Too many tries" : "Link not found";
  return (
    <Centered>
      <h1 className="text-lg font-semibold text-slate-900">{heading}</h1>
      <p className="mt-2 text-sm">{message}</p>
      <Link to="/" className="mt-4 inline-block text-sm font-semibold text-brand-700 underline">
        Go to Atelier
      </Link>
    </Centered>
  );
}

function Locked({ name, reply }: { name: string; reply: unknown }) {
  const error = replyErrors(reply, "password") ?? replyErrors(reply, "");
  return (
    <Centered>
      <h1 className="text-lg font-semibold text-slate-900">{name}</h1>
      <p className="mt-2 text-sm">This prototype is protected. Enter the password you were given.</p>
      <Form method="post" className="mt-4">
        <input type="hidden" name="intent" value="unlock" />
        <label htmlFor="unlock-password" className="block text-sm font-medium text-slate-700">
          Password
        </label>
        <input
          id="unlock-password"
          name="password"
          type="password"
          required
          autoComplete="current-password"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? "unlock-password-error" : undefined}
          className="mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900"
        />
        {error ? (
          <p id="unlock-password-error" className="mt-1 text-sm text-red-600">
            {error}
          </p>
        ) : null}
        <button type="submit" className={buttonClass("primary", "md", "mt-4 w-full")}>
          Open prototype
        </button>
      </Form>
    </Centered>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
