import type { BoardIntent } from "~/lib/forms/board";
import type { ProblemCode } from "~/lib/problem";
import { setCardCycle } from "../cycles/cycles";
import { setEstimate } from "../cycles/estimates";
import { isUserError } from "../errors";
import { deleteAttachment, uploadAttachment } from "../files/attachment-actions";
import { linkScreen, unlinkScreen } from "../wireframes/links";
import type { MemberContext } from "../workspaces";
import { addChecklistItem, setChecklistItem } from "./checklist";
import { createLabel, setCardLabel } from "./labels";
import { setAssignee } from "./assignees";
import { addComment, deleteComment, editComment, watchCard } from "./comments";
import { createCard, deleteCard, moveCard, updateCard } from "./cards";
import { addColumn, deleteColumn, shiftColumn, updateColumn } from "./columns";
import { addDependency, removeDependency } from "./dependencies";
import { deleteProject, setProjectArchived, updateProject } from "./projects";

/**
 * The one place a board intent (parsed by `boardIntentSchema`, app/lib/forms/board.ts)
 * becomes a service call, for the board page and the JSON API alike. The services check
 * the member's role and the workspace's read-only mode themselves; a refusal they throw
 * (a UserError) comes back as `{ ok: false, status, message, field, code }` (the JSON API
 * answers it as problem details with that code).
 */
export type BoardActionResult =
  | {
      ok: true;
      intent: string;
      message?: string;
      warning?: string | null;
      redirectTo?: string;
      cardId?: string;
      attachmentId?: string;
      /** The card's version after the change ("update-card"): the card panel knows its save is in what it reads next. */
      version?: number;
    }
  | { ok: false; intent: string; status: number; message: string; field?: string; code: ProblemCode };

export async function runBoardIntent(member: MemberContext, projectId: string, intent: BoardIntent): Promise<BoardActionResult> {
  try {
    return await run(member, projectId, intent);
  } catch (error) {
    if (!isUserError(error)) throw error;
    return {
      ok: false,
      intent: intent.intent,
      status: error.status,
      message: error.message,
      ...(error.field ? { field: error.field } : {}),
      code: error.code,
    };
  }
}

async function run(member: MemberContext, projectId: string, intent: BoardIntent): Promise<BoardActionResult> {
  const done = { ok: true as const, intent: intent.intent };
  switch (intent.intent) {
    case "create-card": {
      const card = await createCard(member, projectId, intent);
      return { ...done, message: `Card #${card.number} created.`, cardId: card.id };
    }
    case "move-card": {
      const r = await moveCard(member, projectId, intent);
      return { ...done, message: `Moved to ${r.column.name}.`, warning: r.wipWarning, cardId: intent.cardId };
    }
    case "update-card": {
      const { cardId, version, intent: _intent, baseTitle, baseDescription, basePriority, baseDueDate, ...patch } = intent;
      const base = { title: baseTitle, description: baseDescription, priority: basePriority, dueDate: baseDueDate };
      const card = await updateCard(member, projectId, cardId, version, patch, base);
      return { ...done, message: "Card saved.", cardId, version: card.version };
    }
    case "delete-card":
      await deleteCard(member, projectId, intent.cardId);
      return { ...done, message: "Card deleted." };
    case "set-assignee":
      await setAssignee(member, projectId, intent.cardId, intent.userId, intent.assigned);
      return { ...done, cardId: intent.cardId };
    case "set-label":
      await setCardLabel(member, projectId, intent.cardId, intent.labelId, intent.on);
      return { ...done, cardId: intent.cardId };
    case "create-label": {
      const label = await createLabel(member, projectId, intent.name, intent.color);
      if (intent.cardId) await setCardLabel(member, projectId, intent.cardId, label.id, true);
      return { ...done, message: `Label "${label.name}" created.`, cardId: intent.cardId ?? undefined };
    }
    case "add-checklist-item":
      await addChecklistItem(member, projectId, intent.cardId, intent.text);
      return { ...done, cardId: intent.cardId };
    case "toggle-checklist-item":
      await setChecklistItem(member, projectId, intent.cardId, intent.itemId, { done: intent.done });
      return { ...done, cardId: intent.cardId };
    case "remove-checklist-item":
      await setChecklistItem(member, projectId, intent.cardId, intent.itemId, { remove: true });
      return { ...done, cardId: intent.cardId };
    case "upload-attachment": {
      const file = await uploadAttachment(member, projectId, intent.cardId, intent.file);
      return { ...done, message: `Attached ${file.fileName}.`, cardId: intent.cardId, attachmentId: file.id };
    }
    case "delete-attachment": {
      const file = await deleteAttachment(member, projectId, intent.cardId, intent.attachmentId);
      return { ...done, message: `Deleted ${file.fileName}.`, cardId: intent.cardId };
    }
    case "add-comment":
      await addComment(member, projectId, intent.cardId, intent.body);
      return { ...done, message: "Comment added.", cardId: intent.cardId };
    case "edit-comment":
      await editComment(member, projectId, intent.cardId, intent.commentId, intent.body);
      return { ...done, message: "Comment updated.", cardId: intent.cardId };
    case "watch-card":
      await watchCard(member, projectId, intent.cardId, intent.watching);
      return {
        ...done,
        message: intent.watching ? "You are watching this card." : "You stopped watching this card.",
        cardId: intent.cardId,
      };
    case "delete-comment":
      await deleteComment(member, projectId, intent.cardId, intent.commentId);
      return { ...done, message: "Comment deleted.", cardId: intent.cardId };
    case "link-screen":
      await linkScreen(member, { projectId, cardId: intent.cardId, ...intent.screen });
      return { ...done, message: "Screen linked.", cardId: intent.cardId };
    case "unlink-screen":
      await unlinkScreen(member, { projectId, cardId: intent.cardId, ...intent.screen });
      return { ...done, message: "Screen unlinked.", cardId: intent.cardId };
    case "set-estimate":
      await setEstimate(member, projectId, intent.cardId, intent.estimate);
      return { ...done, message: intent.estimate === null ? "Estimate removed." : "Estimate saved.", cardId: intent.cardId };
    case "add-dependency": {
      const { blocker, blocked } = await addDependency(member, projectId, intent);
      return { ...done, message: `#${blocker.number} now blocks #${blocked.number}.`, cardId: intent.cardId };
    }
    case "remove-dependency":
      await removeDependency(member, projectId, intent);
      return { ...done, message: "Block removed.", cardId: intent.cardId };
    case "set-card-cycle":
      await setCardCycle(member, projectId, intent.cardId, intent.cycleId);
      return { ...done, message: intent.cycleId ? "Card added to the cycle." : "Card taken out of its cycle.", cardId: intent.cardId };
    case "add-column":
      await addColumn(member, projectId, intent.name, intent.stateGroup);
      return { ...done, message: `Column "${intent.name}" added.` };
    case "update-column":
      await updateColumn(member, projectId, intent.columnId, {
        name: intent.name,
        wipLimit: intent.wipLimit,
        stateGroup: intent.stateGroup,
      });
      return { ...done, message: "Column saved." };
    case "shift-column":
      await shiftColumn(member, projectId, intent.columnId, intent.direction === "left" ? -1 : 1);
      return done;
    case "delete-column":
      await deleteColumn(member, projectId, intent.columnId, intent.moveTo ?? null);
      return { ...done, message: "Column deleted." };
    case "update-project":
      await updateProject(member, projectId, intent);
      return { ...done, message: "Project saved." };
    case "archive-project":
      await setProjectArchived(member, projectId, true);
      return { ...done, message: "Project archived. Restore it from the archived projects list.", redirectTo: "/projects" };
    case "restore-project":
      await setProjectArchived(member, projectId, false);
      return { ...done, message: "Project restored." };
    case "delete-project": {
      const project = await deleteProject(member, projectId, intent.confirm);
      if (!project) return { ok: false, intent: intent.intent, status: 404, message: "That project was not found.", code: "not_found" };
      return { ...done, message: `Project "${project.name}" deleted.`, redirectTo: "/projects" };
    }
  }
}
