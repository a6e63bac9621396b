import { formatDay } from "./dates";

/** One activity row as the browser gets it (the fields the sentence needs). */
export type ActivityFacts = {
  action: string;
  field: string | null;
  oldValue: unknown;
  newValue: unknown;
  cardTitle?: string | null;
  cardNumber?: number | null;
};

const ROLE_ARTICLE: Record<string, string> = { owner: "an owner", admin: "an admin", member: "a member", viewer: "a viewer" };

function text(x: unknown): string {
  if (x === null || x === undefined) return "";
  if (typeof x === "object") return JSON.stringify(x);
  return String(x);
}

function truncate(s: string, n = 60) {
  return s.length > n ? `${s.slice(0, n - 1)}…` : s;
}

const quoted = (x: unknown) => `“${truncate(text(x))}”`;
const asRole = (role: unknown) => ROLE_ARTICLE[text(role)] ?? `a ${text(role) || "member"}`;
const field = (x: unknown, key: string) => (x && typeof x === "object" ? (x as Record<string, unknown>)[key] : undefined);

/**
 * The activity row as the rest of a sentence whose subject is the person who acted:
 * "moved #2 “Fix login” from Backlog to To do", "invited maya@example.com as a member".
 * In a card's own panel (`withCard` false) the card is "the card"; in a list that mixes
 * cards, it is named by number and title.
 */
export function describeActivity(a: ActivityFacts, { withCard = false }: { withCard?: boolean } = {}): string {
  const named = withCard && a.cardNumber ? `#${a.cardNumber}${a.cardTitle ? ` ${quoted(a.cardTitle)}` : ""}` : null;
  const card = named ?? "the card";
  const on = named ? ` on ${named}` : "";
  const of = named ? ` of ${named}` : "";
  const to = named ? ` to ${named}` : "";
  const from = named ? ` from ${named}` : "";
  switch (a.action) {
    case "card.created": {
      const column = field(a.newValue, "column");
      return `created ${named ?? "the card"}${column ? ` in ${text(column)}` : ""}`;
    }
    case "card.moved":
      return `moved ${card} from ${text(a.oldValue) || "another column"} to ${text(a.newValue)}`;
    case "card.updated":
      return describeFieldChange(a, named);
    case "card.assigned":
      return `assigned ${text(a.newValue)}${to}`;
    case "card.unassigned":
      return `unassigned ${text(a.oldValue)}${from}`;
    case "card.labelled":
      return `added the label ${quoted(a.newValue)}${to}`;
    case "card.unlabelled":
      return `removed the label ${quoted(a.oldValue)}${from}`;
    case "checklist.added":
      return `added ${quoted(a.newValue)} to the checklist${of}`;
    case "checklist.checked":
      return `checked off ${quoted(a.oldValue)}${on}`;
    case "checklist.unchecked":
      return `unchecked ${quoted(a.oldValue)}${on}`;
    case "checklist.removed":
      return `removed ${quoted(a.oldValue)} from the checklist${of}`;
    case "comment.added":
      return named ? `commented on ${named}` : "commented";
    case "attachment.added":
      return `attached ${truncate(text(a.newValue))}${to}`;
    case "attachment.removed":
      return `deleted the file ${truncate(text(a.oldValue))}${from}`;
    case "card.deleted": {
      const number = field(a.oldValue, "number");
      const title = field(a.oldValue, "title");
      return `deleted ${number ? `card #${text(number)}` : "a card"}${title ? ` ${quoted(title)}` : ""}`;
    }
    case "dependency.added":
      return `marked ${card} as blocked by ${truncate(text(a.newValue))}`;
    case "dependency.removed":
      return `removed the block of ${card} by ${truncate(text(a.oldValue))}`;
    case "project.created":
      return "created the project";
    case "project.updated":
      return a.field === "name"
        ? `renamed the project from ${quoted(a.oldValue)} to ${quoted(a.newValue)}`
        : "changed the project's description";
    case "project.archived":
      return "archived the project";
    case "project.restored":
      return "restored the project";
    case "project.deleted": {
      const name = field(a.oldValue, "name");
      return name ? `deleted the project ${quoted(name)}` : "deleted a project";
    }
    case "column.added":
      return `added the column ${quoted(a.newValue)}`;
    case "column.renamed":
      return `renamed the column ${quoted(a.oldValue)} to ${quoted(a.newValue)}`;
    case "column.deleted":
      return `deleted the column ${quoted(a.oldValue)}`;
    case "member.invited": {
      const email = field(a.newValue, "email");
      return `invited ${email ? text(email) : "someone"} as ${asRole(field(a.newValue, "role"))}`;
    }
    case "member.joined":
      return `joined as ${asRole(field(a.newValue, "role"))}`;
    case "member.role_changed":
      return `changed a member's role from ${text(a.oldValue)} to ${text(a.newValue)}`;
    case "member.left":
      return "left the workspace";
    case "member.removed": {
      const email = field(a.oldValue, "email");
      return `removed ${email ? text(email) : "a member"} from the workspace`;
    }
    case "wireframe.created":
      return `added the wireframe ${quoted(field(a.newValue, "name"))}`;
    case "wireframe.renamed":
      return `renamed the wireframe ${quoted(a.oldValue)} to ${quoted(a.newValue)}`;
    case "wireframe.shared":
      return `shared the wireframe ${quoted(field(a.newValue, "name"))} by link`;
    case "wireframe.share_revoked":
      return `turned off a share link of the wireframe ${quoted(field(a.oldValue, "name"))}`;
    case "design.version_published":
      return `published version ${text(field(a.newValue, "version"))} of the design system`;
    case "integration.connected":
      return field(a.newValue, "provider") === "slack"
        ? `connected Slack to ${quoted(field(a.newValue, "name"))}`
        : `connected Figma as ${text(field(a.newValue, "name"))}`;
    case "integration.disconnected":
      return field(a.oldValue, "provider") === "slack"
        ? `disconnected Slack from ${quoted(field(a.oldValue, "name"))}`
        : "disconnected Figma";
    case "workspace.updated":
      return a.field === "slug"
        ? `changed the workspace's address from ${text(a.oldValue)} to ${text(a.newValue)}`
        : `renamed the workspace from ${quoted(a.oldValue)} to ${quoted(a.newValue)}`;
    default:
      return a.action.replace(/[._]/g, " ");
  }
}

function describeFieldChange(a: ActivityFacts, named: string | null): string {
  const of = named ? ` of ${named}` : "";
  const before = text(a.oldValue);
  const after = text(a.newValue);
  switch (a.field) {
    case "title":
      return `changed the title${of} from ${quoted(before)} to ${quoted(after)}`;
    case "description":
      if (!before) return `added a description${named ? ` to ${named}` : ""}`;
      if (!after) return `removed the description${named ? ` from ${named}` : ""}`;
      return `edited the description${of}`;
    case "dueDate":
      if (!after) return `removed the due date${of}`;
      if (!before) return `set the due date${of} to ${formatDay(after)}`;
      return `changed the due date${of} from ${formatDay(before)} to ${formatDay(after)}`;
    case "priority":
      return `changed priority${of} from ${before || "none"} to ${after || "none"}`;
    case "estimate":
      if (!after) return `removed the estimate${of}`;
      return before
        ? `changed the estimate${of} from ${before} to ${after} points`
        : `estimated${named ? ` ${named}` : " the card"} at ${after} points`;
    case "cycle":
      if (!after) return `took ${named ?? "the card"} out of ${quoted(before)}`;
      return before
        ? `moved ${named ?? "the card"} from ${quoted(before)} to ${quoted(after)}`
        : `added ${named ?? "the card"} to ${quoted(after)}`;
    default:
      return `changed ${a.field ?? "the card"}${of}`;
  }
}
