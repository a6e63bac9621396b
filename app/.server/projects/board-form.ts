import { boardIntentSchema, type BoardFailure } from "~/lib/forms/board";
import type { UserError } from "../errors";
import { parseFormData } from "../http/submission";

/**
 * What the board's two ways in share (the page's forms, `app/routes/_app.projects.$id.server.ts`,
 * and the JSON API, `app/routes/api.projects.$id.board.server.ts`): the one parse of a post's
 * fields by the board's schema, and what a post that cannot be run is refused with. The page
 * renders a refusal with conform's reply; the API answers it as problem details.
 */
export type BoardSubmission = ReturnType<typeof parseBoardForm>;

/** A refusal before any service ran: which intent, the status, the message and its field. */
export type BoardRefusal = Omit<BoardFailure, "reply">;

/** The board's one schema over a post's fields, as they are (an empty field means something: see app/lib/forms/board.ts). */
export function parseBoardForm(form: FormData | URLSearchParams) {
  return parseFormData(form, boardIntentSchema, { disableAutoCoercion: true });
}

/** Every field's messages of a failed parse (conform's errors without the empty entries). */
export function fieldErrorsOf(submission: BoardSubmission): { field: string; message: string }[] {
  const errors: Record<string, string[] | null> = (submission.status === "error" ? submission.error : null) ?? {};
  return Object.entries(errors).flatMap(([field, messages]) => (messages ?? []).map((message) => ({ field, message })));
}

/** A failed parse as a refusal: the first message (and its field) names it. */
export function invalidIntent(submission: BoardSubmission): BoardRefusal {
  const [first] = fieldErrorsOf(submission);
  const posted = submission.payload.intent;
  return {
    ok: false,
    intent: typeof posted === "string" ? posted : "unknown",
    status: 400,
    message: !first ? "Check the form and try again." : first.field === "intent" ? "Unknown action." : first.message,
    ...(first?.field ? { field: first.field } : {}),
  };
}

/** A body the upload form could not send (too large, unreadable): the upload's refusal. */
export function uploadRefusal(error: UserError): BoardRefusal {
  return {
    ok: false,
    intent: "upload-attachment",
    status: error.status,
    message: error.message,
    ...(error.field ? { field: error.field } : {}),
  };
}
