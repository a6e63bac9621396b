import { Form, Link, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { formatDay } from "~/lib/dates";
import type { PlayerScreen } from "~/lib/wireframes/player";
import { useTimeZone } from "~/components/time-zone";
import { buttonClass } from "~/components/ui/button-styles";
import { replyErrors } from "./player";

/**
 * The player's side panels: feedback pins (members), share links (members who can edit) and
 * a link viewer's feedback form. Plain forms that post to the page; the server's reply
 * (its messages per field) shows under each field, with or without JavaScript.
 */

export type PinView = {
  id: string;
  screenId: string;
  x: number;
  y: number;
  resolved: boolean;
  comments: { id: string; body: string; authorName: string; guest: boolean; createdAt: string | Date }[];
};

export type LinkView = {
  id: string;
  createdAt: string | Date;
  createdByName: string | null;
  expiresAt: string | Date | null;
  hasPassword: boolean;
  allowFeedback: boolean;
  openCount: number;
  state: "active" | "expired" | "revoked";
};

/** The share form's expiry choices (the server's schema, app/lib/forms/prototypes.ts, takes 1, 7 or 30; kept here so no zod reaches the player). */
const EXPIRY_CHOICES = [
  { value: "", label: "Never" },
  { value: "1", label: "In 1 day" },
  { value: "7", label: "In 7 days" },
  { value: "30", label: "In 30 days" },
] as const;

const inputCls = "mt-1 block w-full rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm text-slate-900";
const labelCls = "block text-sm font-medium text-slate-700";

function Panel({ title, closeHref, children }: { title: string; closeHref: string; children: React.ReactNode }) {
  return (
    <aside
      aria-label={title}
      className="max-h-[50dvh] w-full shrink-0 overflow-y-auto border-t border-slate-200 bg-white p-4 text-sm text-slate-700 md:max-h-none md:w-80 md:border-t-0 md:border-l"
    >
      <div className="mb-3 flex items-center justify-between">
        <h2 className="text-base font-semibold text-slate-900">{title}</h2>
        <Link to={closeHref} className="rounded-md px-2 py-1 text-slate-600 hover:bg-slate-100" aria-label={`Close ${title.toLowerCase()}`}>
          ✕
        </Link>
      </div>
      {children}
    </aside>
  );
}

function FieldError({ reply, field, id }: { reply: unknown; field: string; id: string }) {
  const message = replyErrors(reply, field);
  return message ? (
    <p id={id} className="mt-1 text-sm text-red-600">
      {message}
    </p>
  ) : null;
}

function FormError({ reply }: { reply: unknown }) {
  const message = replyErrors(reply, "");
  return message ? (
    <p role="alert" className="mb-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

/** What a pin form needs: the screen, its drawing (the form's picture), the marked spot and the server's reply. */
type PinFormProps = {
  screen: PlayerScreen;
  /** The screen's drawing (the form's picture). */
  src: string;
  spot: { x: number; y: number } | null;
  onSpot: (spot: { x: number; y: number }) => void;
  reply: unknown;
};

/** The width of the screen's picture in the pin forms (px); its clicks are scaled up to the screen's px. */
const PICKER_WIDTH = 256;

/**
 * Where the pin goes: a click on the screen's picture. Without JavaScript the picture is the
 * form's image button (<input type="image" name="spot">): the click sends the form with its
 * x and y (spot.x, spot.y in the picture's px; spotScale turns them into the screen's). With
 * JavaScript a click there, or on the screen itself, marks the spot and the form's button sends it.
 */
function SpotPicker({ screen, src, spot, onSpot, reply }: PinFormProps) {
  const width = Math.min(PICKER_WIDTH, screen.width);
  const scale = screen.width / width;
  const height = Math.round(screen.height / scale);
  const error = replyErrors(reply, "spot") ?? replyErrors(reply, "x") ?? replyErrors(reply, "y");
  return (
    <fieldset className="mt-2">
      <legend className={labelCls}>Spot on “{screen.name}”</legend>
      <p id="spot-help" className="text-xs text-slate-500">
        Click where the pin goes, on the screen or on this picture of it.
        <noscript> A click on the picture sends the comment.</noscript>
      </p>
      <input type="hidden" name="spotScale" value={scale.toFixed(4)} />
      {spot ? (
        <>
          <input type="hidden" name="x" value={spot.x} />
          <input type="hidden" name="y" value={spot.y} />
        </>
      ) : null}
      <div className="relative mt-1 w-fit">
        <input
          type="image"
          name="spot"
          src={src}
          alt={`${screen.name}: click where the pin goes`}
          width={width}
          height={height}
          style={{ width, height }}
          className="block max-w-none cursor-crosshair rounded border border-slate-300 bg-white"
          aria-describedby={error ? "spot-help spot-error" : "spot-help"}
          data-spot-picker
          onClick={(e) => {
            // With JavaScript the click marks the spot; the form's button sends it.
            e.preventDefault();
            const box = e.currentTarget.getBoundingClientRect();
            const x = Math.round(((e.clientX - box.left) / box.width) * screen.width);
            const y = Math.round(((e.clientY - box.top) / box.height) * screen.height);
            if (x >= 0 && y >= 0 && x <= screen.width && y <= screen.height) onSpot({ x, y });
          }}
        />
        {spot ? (
          <span
            aria-hidden
            className="pointer-events-none absolute h-5 w-5 -translate-x-1/2 -translate-y-full rounded-full rounded-bl-none border-2 border-white bg-amber-500 shadow"
            style={{ left: spot.x / scale, top: spot.y / scale }}
            data-spot-marker
          />
        ) : null}
      </div>
      {spot ? (
        <p className="mt-1 text-xs text-slate-600">
          Pin at {spot.x}, {spot.y} px.
        </p>
      ) : null}
      {error ? (
        <p id="spot-error" className="mt-1 text-sm text-red-600">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/**
 * With JavaScript, Enter in a field sends the form through its first button, the picture:
 * send it through the form's own button instead (the spot comes from the marked click).
 */
function throughButton(e: React.FormEvent<HTMLFormElement>) {
  const submitter = (e.nativeEvent as SubmitEvent).submitter;
  if (submitter?.getAttribute("type") !== "image") return;
  e.preventDefault();
  const button = e.currentTarget.querySelector<HTMLButtonElement>("button[type=submit]");
  if (button) e.currentTarget.requestSubmit(button);
}

function Pending({ idle, busy }: { idle: string; busy: string }) {
  const navigation = useNavigation();
  return <>{navigation.state === "submitting" ? busy : idle}</>;
}

/**
 * A new pin: a member's comment or a link viewer's feedback. `fields` come before the
 * comment (the guest's name); the comment, the spot and the button are the same for both.
 */
function PinForm({
  label,
  className,
  body,
  submit,
  fields,
  ...pin
}: PinFormProps & {
  label: string;
  className?: string;
  body: { id: string; label: string; className: string };
  submit: { idle: string; busy: string };
  fields?: React.ReactNode;
}) {
  return (
    <Form method="post" className={className} aria-label={label} onSubmit={throughButton}>
      <input type="hidden" name="intent" value="pin" />
      <input type="hidden" name="screenId" value={pin.screen.id} />
      <FormError reply={pin.reply} />
      {fields}
      <label htmlFor={body.id} className={body.className}>
        {body.label}
      </label>
      <textarea id={body.id} name="body" rows={3} required maxLength={5000} className={inputCls} />
      <FieldError reply={pin.reply} field="body" id={`${body.id}-error`} />
      <SpotPicker {...pin} />
      <button type="submit" className={buttonClass("primary", "sm", "mt-3")}>
        <Pending {...submit} />
      </button>
    </Form>
  );
}

/** Pins on the screen: numbered, each linking to its thread. */
export function PinLayer({ pins, screen, newSpot }: { pins: PinView[]; screen: PlayerScreen; newSpot: { x: number; y: number } | null }) {
  return (
    <div className="pointer-events-none absolute inset-0" data-testid="pin-layer">
      {pins.map((p, i) => (
        <a
          key={p.id}
          href={`#pin-${p.id}`}
          className={`pointer-events-auto absolute flex h-7 w-7 -translate-x-1/2 -translate-y-full items-center justify-center rounded-full rounded-bl-none text-xs font-semibold text-white shadow ${
            p.resolved ? "bg-slate-400" : "bg-brand-600"
          }`}
          style={{ left: `${(p.x / screen.width) * 100}%`, top: `${(p.y / screen.height) * 100}%` }}
          aria-label={`Comment ${i + 1}${p.resolved ? " (resolved)" : ""}: ${p.comments[0]?.body ?? ""}`}
          data-pin
        >
          {i + 1}
        </a>
      ))}
      {newSpot ? (
        <span
          className="absolute h-7 w-7 -translate-x-1/2 -translate-y-full rounded-full rounded-bl-none border-2 border-white bg-amber-500 shadow"
          style={{ left: `${(newSpot.x / screen.width) * 100}%`, top: `${(newSpot.y / screen.height) * 100}%` }}
          aria-hidden
        />
      ) : null}
    </div>
  );
}

export function CommentsPanel({
  pins,
  reply,
  closeHref,
  canResolve,
  ...pin
}: PinFormProps & { pins: PinView[]; closeHref: string; canResolve: boolean }) {
  const zone = useTimeZone();
  const forNew = (reply as { initialValue?: { intent?: string } } | null)?.initialValue?.intent === "pin" ? reply : null;
  return (
    <Panel title="Comments" closeHref={closeHref}>
      <PinForm
        {...pin}
        reply={forNew}
        label="New comment"
        className="rounded-lg border border-slate-200 p-3"
        body={{ id: "pin-body", label: "New comment", className: labelCls }}
        submit={{ idle: "Add comment", busy: "Adding…" }}
      />
      {pins.length === 0 ? (
        <p className="mt-4 text-slate-500">No comments on this screen yet.</p>
      ) : (
        <ol className="mt-4 space-y-3">
          {pins.map((p, i) => (
            <li key={p.id} id={`pin-${p.id}`} className="rounded-lg border border-slate-200 p-3" data-testid="pin-thread">
              <div className="flex items-center justify-between gap-2">
                <span className="font-semibold text-slate-900">
                  #{i + 1} {p.resolved ? <span className="font-normal text-slate-500">Resolved</span> : null}
                </span>
                {canResolve ? (
                  <Form method="post">
                    <input type="hidden" name="intent" value={p.resolved ? "reopen" : "resolve"} />
                    <input type="hidden" name="pinId" value={p.id} />
                    <button type="submit" className="text-sm font-medium text-brand-700 hover:underline">
                      {p.resolved ? "Reopen" : "Resolve"}
                    </button>
                  </Form>
                ) : null}
              </div>
              <ul className="mt-2 space-y-2">
                {p.comments.map((c) => (
                  <li key={c.id}>
                    <p className="text-xs text-slate-500">
                      {c.authorName}
                      {c.guest ? " (guest)" : ""} · {formatDay(c.createdAt, zone)}
                    </p>
                    <p className="whitespace-pre-wrap text-slate-800">{c.body}</p>
                  </li>
                ))}
              </ul>
              <Form method="post" className="mt-2">
                <input type="hidden" name="intent" value="reply" />
                <input type="hidden" name="pinId" value={p.id} />
                <label htmlFor={`reply-${p.id}`} className="sr-only">
                  Reply to comment {i + 1}
                </label>
                <textarea id={`reply-${p.id}`} name="body" rows={2} required maxLength={5000} placeholder="Reply" className={inputCls} />
                <button type="submit" className={buttonClass("secondary", "sm", "mt-2")}>
                  Reply
                </button>
              </Form>
            </li>
          ))}
        </ol>
      )}
    </Panel>
  );
}

export function SharePanel({ links, reply, closeHref }: { links: LinkView[]; reply: unknown; closeHref: string }) {
  const zone = useTimeZone();
  const shareUrl = (reply as { shareUrl?: string } | null)?.shareUrl;
  const forShare = (reply as { initialValue?: { intent?: string } } | null)?.initialValue?.intent === "share" ? reply : null;
  const [copied, setCopied] = useState(false);
  return (
    <Panel title="Share" closeHref={closeHref}>
      {shareUrl ? (
        <div className="mb-4 rounded-lg bg-emerald-50 p-3 text-emerald-900" role="status">
          <label htmlFor="share-url" className="block font-semibold">
            Your new link (shown once)
          </label>
          <input
            id="share-url"
            readOnly
            value={shareUrl}
            className={inputCls}
            onFocus={(e) => e.currentTarget.select()}
            data-testid="share-url"
          />
          <button
            type="button"
            className={buttonClass("secondary", "sm", "mt-2")}
            onClick={() => void navigator.clipboard?.writeText(shareUrl).then(() => setCopied(true))}
          >
            {copied ? "Copied" : "Copy link"}
          </button>
        </div>
      ) : null}
      <Form method="post" className="rounded-lg border border-slate-200 p-3" aria-label="New share link">
        <input type="hidden" name="intent" value="share" />
        <FormError reply={forShare} />
        <label htmlFor="share-expiry" className={labelCls}>
          Expires
        </label>
        <select id="share-expiry" name="expiresInDays" className={inputCls} defaultValue="">
          {EXPIRY_CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
        <label htmlFor="share-password" className={`${labelCls} mt-2`}>
          Password (optional)
        </label>
        <input id="share-password" name="password" type="password" autoComplete="new-password" className={inputCls} />
        <FieldError reply={forShare} field="password" id="share-password-error" />
        <label className="mt-2 flex items-center gap-2">
          <input type="checkbox" name="allowFeedback" value="on" className="h-4 w-4" />
          Allow feedback from people with the link
        </label>
        <button type="submit" className={buttonClass("primary", "sm", "mt-3")}>
          <Pending idle="Create link" busy="Creating…" />
        </button>
      </Form>
      <h3 className="mt-4 font-semibold text-slate-900">Links</h3>
      {links.length === 0 ? (
        <p className="mt-1 text-slate-500">No links yet. Anyone with a link can play this prototype, and see nothing else.</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {links.map((l) => (
            <li key={l.id} className="rounded-lg border border-slate-200 p-3" data-testid="share-link">
              <p className="text-slate-900">
                <span className="font-medium">{l.state === "active" ? "Active" : l.state === "expired" ? "Expired" : "Revoked"}</span> ·
                Opened {l.openCount} {l.openCount === 1 ? "time" : "times"}
              </p>
              <p className="text-xs text-slate-500">
                {formatDay(l.createdAt, zone)}
                {l.createdByName ? ` by ${l.createdByName}` : ""}
                {l.expiresAt ? ` · expires ${formatDay(l.expiresAt, zone)}` : ""}
                {l.hasPassword ? " · password" : ""}
                {l.allowFeedback ? " · feedback on" : ""}
              </p>
              {l.state === "active" ? (
                <Form method="post" className="mt-1">
                  <input type="hidden" name="intent" value="revoke" />
                  <input type="hidden" name="linkId" value={l.id} />
                  <button type="submit" className="text-sm font-medium text-red-700 hover:underline">
                    Revoke
                  </button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}

/** A link viewer's feedback: their name, the spot and the comment. */
export function GuestFeedbackPanel({ closeHref, ...pin }: PinFormProps & { closeHref: string }) {
  return (
    <Panel title="Feedback" closeHref={closeHref}>
      <PinForm
        {...pin}
        label="Leave feedback"
        body={{ id: "guest-body", label: "Comment", className: `${labelCls} mt-2` }}
        submit={{ idle: "Send feedback", busy: "Sending…" }}
        fields={
          <>
            <label htmlFor="guest-name" className={labelCls}>
              Your name
            </label>
            <input id="guest-name" name="name" required maxLength={80} autoComplete="name" className={inputCls} />
            <FieldError reply={pin.reply} field="name" id="guest-name-error" />
          </>
        }
      />
    </Panel>
  );
}
