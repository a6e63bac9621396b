import { Form, useNavigation } from "@remix-run/react";
import { ShellIcon } from "~/components/shell/icons";
import { formatDay } from "~/lib/dates";
import { useTimeZone } from "~/components/time-zone";
import { formatBytes, MAX_ATTACHMENT_BYTES, tooLargeMessage } from "~/lib/file-size";
import type { AttachmentView } from "~/lib/board";
import type { BoardFailure } from "~/lib/forms/board";
import { useClearAfterPost } from "./use-clear-after-post";

export const ATTACHMENT_INTENTS = ["upload-attachment", "delete-attachment"];

/**
 * The card's files: download links, a delete with a confirmation step, and a plain
 * multipart form to upload one, so it all works without JavaScript. With JavaScript the
 * same form posts through Remix, says "Uploading…", and refuses a file over the size
 * limit before sending it.
 */
export function CardAttachments({
  cardId,
  attachments,
  canEdit,
  error,
}: {
  cardId: string;
  attachments: AttachmentView[];
  canEdit: boolean;
  error: BoardFailure | null;
}) {
  const zone = useTimeZone();
  const navigation = useNavigation();
  const uploading = navigation.state === "submitting" && navigation.formData?.get("intent") === "upload-attachment";
  const failure = error && ATTACHMENT_INTENTS.includes(error.intent) ? error : null;
  const uploadForm = useClearAfterPost("upload-attachment", error);
  return (
    <section aria-labelledby="attachments-h">
      <h3 id="attachments-h" className="text-sm font-semibold text-slate-800">
        Attachments {attachments.length ? `(${attachments.length})` : ""}
      </h3>
      {failure ? (
        <p role="alert" id="attachment-error" className="mt-2 rounded-md bg-red-50 px-3 py-2 text-sm text-red-800">
          {failure.message}
        </p>
      ) : null}
      {attachments.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No files yet.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label="Files">
          {attachments.map((a) => (
            <li key={a.id} className="flex items-start gap-3 px-3 py-2 text-sm">
              <span className="mt-0.5 text-slate-500">
                <ShellIcon name="paperclip" className="size-4" />
              </span>
              <div className="min-w-0 flex-1">
                {/* A plain link: the file is a download, not a page of the app. */}
                <a href={a.url} className="break-words font-medium text-brand-700 hover:underline">
                  {a.fileName}
                </a>
                <p className="text-xs text-slate-600">
                  {formatBytes(a.sizeBytes)} · {a.uploaderName ?? "Former member"} ·{" "}
                  <time dateTime={new Date(a.createdAt).toISOString()}>{formatDay(a.createdAt, zone)}</time>
                </p>
              </div>
              {canEdit ? (
                <details className="shrink-0 text-right">
                  <summary className="cursor-pointer list-none rounded px-1 text-xs text-slate-600 hover:text-red-700">
                    Delete<span className="sr-only"> {a.fileName}</span>
                  </summary>
                  <Form method="post" preventScrollReset className="mt-1 w-48 text-left">
                    <input type="hidden" name="intent" value="delete-attachment" />
                    <input type="hidden" name="cardId" value={cardId} />
                    <input type="hidden" name="attachmentId" value={a.id} />
                    <p className="text-xs text-slate-600">The file is deleted for everyone. This cannot be undone.</p>
                    <button type="submit" className="mt-1 rounded bg-red-600 px-2 py-1 text-xs font-semibold text-white hover:bg-red-700">
                      Yes, delete<span className="sr-only"> {a.fileName}</span>
                    </button>
                  </Form>
                </details>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {canEdit ? (
        // Emptied once the upload has landed (not on a teammate's change, which would drop the chosen file).
        <Form
          ref={uploadForm}
          method="post"
          encType="multipart/form-data"
          preventScrollReset
          className="mt-2 flex flex-wrap items-end gap-2"
          aria-label="Upload a file to this card"
        >
          <input type="hidden" name="intent" value="upload-attachment" />
          <input type="hidden" name="cardId" value={cardId} />
          <div className="min-w-0 flex-1">
            <label htmlFor="attachment-file" className="block text-xs font-medium text-slate-600">
              Attach a file
            </label>
            <input
              id="attachment-file"
              name="file"
              type="file"
              required
              aria-describedby={failure ? "attachment-hint attachment-error" : "attachment-hint"}
              aria-invalid={failure?.intent === "upload-attachment" || undefined}
              onChange={(e) => {
                const file = e.currentTarget.files?.[0];
                e.currentTarget.setCustomValidity(file && file.size > MAX_ATTACHMENT_BYTES ? tooLargeMessage() : "");
              }}
              className="mt-1 block w-full text-sm text-slate-700 file:mr-2 file:rounded file:border file:border-slate-300 file:bg-white file:px-2 file:py-1 file:text-xs file:font-medium"
            />
            <p id="attachment-hint" className="mt-1 text-xs text-slate-600">
              Up to {formatBytes(MAX_ATTACHMENT_BYTES)} a file.
            </p>
          </div>
          <button
            type="submit"
            disabled={uploading}
            className="rounded border border-slate-300 px-2 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60"
          >
            {uploading ? "Uploading…" : "Upload"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
