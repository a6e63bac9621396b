import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { failureReply, type BoardFailure } from "~/lib/forms/board";
import { deleteProjectSchema, updateProjectSchema } from "~/lib/forms/projects";
import { BoardMenu, MenuError, MenuForm } from "./board-menu";
import { messageOf, useSchemaForm } from "~/components/ui/conform";
import { DraftRestored, useFormDraft } from "~/components/ui/use-form-draft";
import { inputAttrs, otherMessages, textareaAttrs } from "./form-attrs";

/** Intents of the "Project settings" menu: their refusals show inside it. */
export const PROJECT_MENU_INTENTS = ["update-project", "archive-project", "restore-project", "delete-project"];

/**
 * "Project settings" on the board: rename and describe the project, archive or restore
 * it, delete it (typing its name). A refusal keeps the menu open with the message beside
 * its field; without JavaScript the page that carries it renders the menu open.
 */
export function ProjectSettingsMenu({
  project,
  permissions,
  error,
}: {
  project: { name: string; description: string; archivedAt: string | Date | null };
  permissions: { updateProject: boolean; archive: boolean; deleteProject: boolean };
  error: BoardFailure | null;
}) {
  const mine = error && PROJECT_MENU_INTENTS.includes(error.intent) ? error : null;
  const archived = !!project.archivedAt;
  const [update, updateFields] = useSchemaForm(updateProjectSchema, {
    disableAutoCoercion: true,
    id: "update-project",
    lastResult: failureReply(mine, "update-project"),
    defaultValue: { name: project.name, description: project.description },
  });
  const draft = useFormDraft(
    "update-project",
    { name: project.name, description: project.description },
    { enabled: permissions.updateProject },
  );
  const [remove, removeFields] = useSchemaForm(deleteProjectSchema, {
    disableAutoCoercion: true,
    id: "delete-project",
    lastResult: failureReply(mine, "delete-project"),
  });
  const archiveError = mine?.intent === "archive-project" || mine?.intent === "restore-project" ? mine.message : null;
  return (
    <BoardMenu
      summary="Project settings"
      summaryClassName="rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50"
      panelClassName="z-30 mt-2 w-80 space-y-4 p-4"
      // Unsaved changes brought back after a reload are shown, not left in a closed menu.
      error={!!mine || draft.restored}
    >
      {permissions.updateProject ? (
        <Form method="post" className="space-y-2" {...getFormProps(update)}>
          <input type="hidden" name="intent" value="update-project" />
          <label className="block text-xs font-medium text-slate-600">
            Name
            <input
              {...inputAttrs(updateFields.name, "text")}
              required
              maxLength={200}
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
            />
          </label>
          <MenuError id={updateFields.name.errorId} message={messageOf(updateFields.name)} />
          <label className="block text-xs font-medium text-slate-600">
            Description
            <textarea
              {...textareaAttrs(updateFields.description)}
              rows={3}
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
            />
          </label>
          <MenuError id={updateFields.description.errorId} message={messageOf(updateFields.description)} />
          <MenuError message={otherMessages(update, ["name", "description"])} />
          <DraftRestored draft={draft} />
          <button type="submit" className="rounded bg-brand-600 px-3 py-1 text-xs font-semibold text-white">
            Save project
          </button>
        </Form>
      ) : null}
      {permissions.archive ? (
        <MenuForm
          intent={archived ? "restore-project" : "archive-project"}
          error={archiveError}
          submit={
            <button type="submit" className="rounded border border-slate-300 px-3 py-1 text-xs font-medium">
              {archived ? "Restore project" : "Archive project"}
            </button>
          }
        />
      ) : null}
      {permissions.deleteProject ? (
        <Form method="post" className="space-y-2 border-t border-slate-100 pt-3" {...getFormProps(remove)}>
          <input type="hidden" name="intent" value="delete-project" />
          <label className="block text-xs font-medium text-slate-600">
            Type <strong>{project.name}</strong> to delete the project and all its cards
            <input
              {...inputAttrs(removeFields.confirm, "text")}
              required
              autoComplete="off"
              className="mt-1 block w-full rounded border border-slate-300 px-2 py-1 text-sm"
            />
          </label>
          <MenuError id={removeFields.confirm.errorId} message={messageOf(removeFields.confirm)} />
          <MenuError message={otherMessages(remove, ["confirm"])} />
          <button type="submit" className="rounded bg-red-600 px-3 py-1 text-xs font-semibold text-white">
            Delete project
          </button>
        </Form>
      ) : null}
    </BoardMenu>
  );
}
