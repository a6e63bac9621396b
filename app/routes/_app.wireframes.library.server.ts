import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { libraryActionSchema } from "~/lib/forms/wireframes";
import { redirectWithToast } from "~/.server/http/flash";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { deleteComponent, listComponents, updateComponent } from "~/.server/wireframes";
import { requireMember } from "~/.server/workspaces";
import { isReadOnly } from "~/.server/workspaces/limits";
import { permits } from "~/.server/access";

export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const [components, readOnly] = await Promise.all([listComponents(member), isReadOnly(member.workspace.id)]);
  return {
    components: components.map((c) => ({ id: c.id, name: c.name, version: c.version, updatedAt: c.updatedAt, definition: c.definition })),
    canEdit: permits(member, "wireframe", "change", { readOnly }),
    canDelete: permits(member, "wireframe", "delete", { readOnly }),
  };
}

/** Rename a main component, or delete it (its instances are detached, never broken). */
export async function action({ request }: ActionFunctionArgs) {
  const member = await requireMember(request, "wireframe");
  const submission = await parseSubmission(request, libraryActionSchema);
  if (submission.status !== "success") return invalid(submission);
  const input = submission.value;
  try {
    if (input.intent === "rename-component") {
      await updateComponent(member, input.componentId, { name: input.name });
      return redirectWithToast(
        "/wireframes/library",
        { variant: "success", title: "Component renamed", description: `It is now “${input.name}”.` },
        { status: 303 },
      );
    }
    await deleteComponent(member, input.componentId);
    return redirectWithToast(
      "/wireframes/library",
      { variant: "success", title: "Component deleted", description: "Its copies stay in their wireframes as plain groups." },
      { status: 303 },
    );
  } catch (error) {
    return replyUserError(submission, error);
  }
}
