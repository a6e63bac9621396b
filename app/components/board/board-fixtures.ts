import type { BoardCardView } from "~/lib/board";

/** A plain card for the board's unit tests: no assignees, labels, checklist or comments. */
export function testCard(id: string, columnId: string, title = id): BoardCardView {
  return {
    id,
    number: 1,
    title,
    priority: "none",
    dueDate: null,
    columnId,
    assigneeIds: [],
    labelIds: [],
    checklistDone: 0,
    checklistTotal: 0,
    commentCount: 0,
    attachmentCount: 0,
  };
}
