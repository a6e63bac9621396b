import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { figmaImportSchema } from "~/lib/forms/integrations";
import { isUserError } from "~/.server/errors";
import { readForm } from "~/.server/http/body";
import { redirectWithToast } from "~/.server/http/flash";
import { parseFormData } from "~/.server/http/submission";
import { importFromFigma } from "~/.server/integrations/figma-import";
import { importToast } from "~/.server/wireframes/import";
import { requireMember } from "~/.server/workspaces";

/** Nothing to show here: the form lives on /wireframes. */
export const loader = () => redirect("/wireframes");

/**
 * "Import from Figma" on /wireframes (issue 22): the file's frames become a new wireframe; the
 * list then says what came in and what could not be mapped, as the file import does. A refusal
 * (not connected, a token Figma no longer takes, a file the member's Figma account cannot open)
 * comes back to the list as a message that stays, with the way out as its link.
 */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "wireframe", "change");
  const submission = parseFormData(await readForm(request), figmaImportSchema);
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {})
      .flat()
      .join(" ");
    return redirectWithToast(
      "/wireframes",
      { variant: "error", title: "Figma import not started", description: message, duration: 0 },
      { status: 303 },
    );
  }
  try {
    const result = await importFromFigma(member, submission.value);
    return redirectWithToast("/wireframes", importToast(result), { status: 303 });
  } catch (error) {
    if (!isUserError(error)) throw error;
    const reconnect = error.status === 401 || error.status === 409;
    return redirectWithToast(
      "/wireframes",
      {
        variant: "error",
        title: "Nothing was imported from Figma",
        description: error.message,
        duration: 0,
        ...(reconnect
          ? { action: { label: error.status === 401 ? "Reconnect Figma" : "Connect Figma", href: "/settings/integrations" } }
          : {}),
      },
      { status: 303 },
    );
  }
}
