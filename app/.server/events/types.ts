import type { CardTally } from "~/lib/cycles";
import type { Role } from "~/lib/permissions";
import type { Op } from "~/lib/wireframes/document";

/**
 * The domain events: one kind per mutation the app has, each emitted once by the service that
 * made the change, inside its transaction (./bus.ts). An event says who did what to which
 * thing: the workspace, the project when there is one, the actor, the subject and the change.
 * Its `id` and `at` let a reader (the coming webhooks, an API client) name it later.
 *
 * The shapes are plain JSON values (dates as ISO strings, names as the user saw them then), so
 * an event can leave the process as it is.
 */

/** Who made the change: the signed-in member (`name` as notifications write it), or null for the system. */
export type Actor = { id: string; name: string | null } | null;

type Named = { id: string; name: string };
/** A card as the event saw it: its id, its number in the project and its title. */
export type CardRef = { id: string; number: number; title: string };
type Cycle = Named;
type Screen = { wireframeId: string; screenId: string };
/** A feedback pin on a screen of a wireframe's prototype. */
type Pin = { id: string } & Screen;
type DesignVersion = { id: string; version: string };
type ShareLink = { id: string; allowFeedback: boolean; hasPassword: boolean; expiresAt: string | null };

/** A field edit of a card: the field, its value before and after. */
export type FieldChange = { field: string; from: unknown; to: unknown };

/** For each kind: what it is about (`subject`) and what changed (`change`). */
export type EventShapes = {
  "project.created": { subject: Named; change: { name: string } };
  "project.updated": { subject: Named; change: { fields: FieldChange[] } };
  "project.archived": { subject: Named; change: Record<string, never> };
  "project.restored": { subject: Named; change: Record<string, never> };
  "project.deleted": { subject: Named; change: Record<string, never> };

  "column.added": { subject: Named; change: { stateGroup: string } };
  "column.updated": {
    subject: Named;
    change: { name?: { from: string; to: string }; wipLimit?: number | null; stateGroup?: { from: string; to: string } };
  };
  "column.shifted": { subject: Named; change: { direction: -1 | 1 } };
  "column.deleted": { subject: Named; change: { cardsMovedTo: Named | null; cardCount: number } };

  /** The new card's column and the fields it was made with. */
  "card.created": { subject: CardRef; change: { column: Named; priority: string; dueDate: string | null } };
  "card.moved": { subject: CardRef; change: { from: Named; to: Named; position: string } };
  /** `fields` may be empty: the writer sent what the card already held. `mentioned`: people newly @-named in the description. */
  "card.updated": { subject: CardRef; change: { fields: FieldChange[]; mentioned: string[] } };
  "card.deleted": { subject: CardRef; change: Record<string, never> };
  "card.assigned": { subject: CardRef; change: { user: { id: string; name: string } } };
  "card.unassigned": { subject: CardRef; change: { user: { id: string; name: string } } };
  "card.labelled": { subject: CardRef; change: { label: Named } };
  "card.unlabelled": { subject: CardRef; change: { label: Named } };
  "card.estimated": { subject: CardRef; change: { from: number | null; to: number | null } };
  /** The card left a cycle (`from`), joined one (`to`), or both. */
  "card.cycle_changed": { subject: CardRef; change: { from: Cycle | null; to: Cycle | null } };
  "card.screen_linked": { subject: CardRef; change: Screen };
  "card.screen_unlinked": { subject: CardRef; change: Screen };

  "label.created": { subject: Named; change: { color: string } };

  "checklist.added": { subject: CardRef; change: { item: { id: string; text: string } } };
  "checklist.checked": { subject: CardRef; change: { item: { id: string; text: string } } };
  "checklist.unchecked": { subject: CardRef; change: { item: { id: string; text: string } } };
  "checklist.removed": { subject: CardRef; change: { item: { id: string; text: string } } };

  /** `text`: the comment as written (mentions by name); `mentioned`: the people it names. */
  "comment.created": { subject: CardRef; change: { commentId: string; text: string; mentioned: string[] } };
  /** `mentioned`: the people named now who were not before. */
  "comment.edited": { subject: CardRef; change: { commentId: string; text: string; mentioned: string[] } };
  "comment.deleted": { subject: CardRef; change: { commentId: string; text: string } };

  "attachment.added": { subject: CardRef; change: { attachment: { id: string; fileName: string; sizeBytes: number } } };
  "attachment.removed": { subject: CardRef; change: { attachment: { id: string; fileName: string } } };

  /** The subject is the blocked card. */
  "dependency.added": { subject: CardRef; change: { blocker: CardRef } };
  "dependency.removed": { subject: CardRef; change: { blocker: { id: string; number: number | null } } };

  "cycle.created": { subject: Cycle; change: { startsOn: string; endsOn: string } };
  "cycle.renamed": { subject: Cycle; change: { from: string; to: string } };
  /** An open cycle's first and last days changed. */
  "cycle.rescheduled": { subject: Cycle; change: { from: { startsOn: string; endsOn: string }; to: { startsOn: string; endsOn: string } } };
  /** Closed with its report frozen: its dates and what it completed and carried over. */
  "cycle.closed": {
    subject: Cycle;
    change: { closedAt: string; startsOn: string; endsOn: string; completed: CardTally; carriedOver: CardTally };
  };
  /** The cards it held leave it (they stay on the board). */
  "cycle.deleted": { subject: Cycle; change: { cards: CardRef[] } };
  /** A cycle's unfinished cards, moved to another open cycle in one step. */
  "cycle.unfinished_moved": { subject: Cycle; change: { to: Cycle; cards: CardRef[] } };

  /** A patch applied to a wireframe, in the server's order (`seq`); `ops` as applied (those naming something gone are left out). */
  "wireframe.patched": { subject: Named; change: { seq: number; clientId: string; patchId: string | null; ops: Op[] } };
  "wireframe.deleted": { subject: Named; change: Record<string, never> };
  /** A new wireframe: blank, from a template, imported from a file, or a copy of another (`copyOf`). */
  "wireframe.created": {
    subject: Named;
    change: { source: "blank" | "template" | "import" | "copy"; template: string | null; copyOf: Named | null; screenCount: number };
  };
  "wireframe.renamed": { subject: Named; change: { from: string; to: string } };
  /** An image uploaded for the wireframe's canvas (the patch that places it is a `wireframe.patched` of its own). */
  "wireframe.image_added": { subject: Named; change: { image: { id: string; fileName: string; contentType: string; sizeBytes: number } } };
  /** A share link made for the wireframe's prototype (the token itself is never in an event). */
  "wireframe.shared": { subject: Named; change: { link: ShareLink } };
  "wireframe.share_revoked": { subject: Named; change: { link: { id: string } } };

  /** Feedback on a prototype: the pin (on a screen of the wireframe) and its first comment; `guest` names a link viewer's pin. */
  "feedback.pin_created": { subject: Pin; change: { commentId: string; text: string; x: number; y: number; guest: string | null } };
  "feedback.replied": { subject: Pin; change: { commentId: string; text: string } };
  "feedback.resolved": { subject: Pin; change: Record<string, never> };
  "feedback.reopened": { subject: Pin; change: Record<string, never> };
  /** A main component saved ("Save as component"). */
  "component.created": { subject: Named; change: { version: number } };
  /** A main component renamed or redrawn (every instance follows); `version` is its new one. */
  "component.updated": { subject: Named; change: { version: number; renamed: boolean; redrawn: boolean } };
  /** A main component deleted: its instances were detached (`detached`), and the components that held one were redrawn (`redrawn`, with their new versions). */
  "component.deleted": { subject: Named; change: { detached: number; redrawn: { id: string; version: number }[] } };
  /** A design system's tokens changed (the workspace's base, or a project's own); `action` names the kind of change. */
  "design.tokens.changed": { subject: { scope: "workspace" | "project" }; change: { action: string } };
  /** A design system's version published: the number, its note and the scope (the document is the version's, read by its id). */
  "design.version_published": { subject: DesignVersion; change: { note: string; scope: "workspace" | "project" } };
  /** A download link of a version made or turned off (the token itself is never in an event). */
  "design.download_link_created": { subject: DesignVersion; change: { linkId: string } };
  "design.download_link_revoked": { subject: DesignVersion; change: { linkId: string } };

  "member.invited": { subject: { email: string }; change: { role: Role; resent: boolean } };
  "member.joined": { subject: { userId: string; email: string }; change: { role: Role; invitedBy: string | null } };
  "member.role_changed": { subject: { userId: string }; change: { from: Role; to: Role } };
  "member.removed": { subject: { userId: string; email: string }; change: { role: Role } };
  "member.left": { subject: { userId: string; email: string }; change: { role: Role } };

  /**
   * An integration connected (again, `reconnected`) or disconnected: Slack for a project (its
   * channel; `name` is the project's), Figma for the member who connected it in the workspace
   * (`name` is their Figma handle). No token or URL is ever in the event.
   */
  "integration.connected": { subject: Integration; change: { reconnected: boolean } };
  "integration.disconnected": { subject: Integration; change: Record<string, never> };

  /** The workspace's own settings (its name, its address); `fields` holds those that changed. */
  "workspace.updated": { subject: { id: string; name: string; slug: string }; change: { fields: FieldChange[] } };

  /**
   * A person's own account (see `AccountKind`): their name or picture (`fields`: `fullName`,
   * `avatarUrl`, before and after), their sign-in address (confirmed from the new address),
   * their password (never in the event, nor its hash).
   */
  "account.updated": { subject: Account; change: { fields: FieldChange[] } };
  "account.email_changed": { subject: Account; change: { from: string; to: string } };
  "account.password_changed": { subject: Account; change: { otherSessionsEnded: boolean } };
};

/** A connection to an outside service: which one, and what it is named by (the project, the Figma handle). */
type Integration = { provider: "slack" | "figma"; name: string };

/** The person an account event is about; `email` is the address they sign in with now. */
type Account = { userId: string; email: string };

/**
 * The kinds about a person's own account. An account belongs to no workspace (a person may be
 * in several), so these events have no workspace and no project; a subscriber that speaks to
 * workspaces (a teammate's page, a workspace's webhooks) reaches each workspace the person is
 * in itself. Every other kind belongs to exactly one workspace.
 */
export type AccountKind = Extract<keyof EventShapes, `account.${string}`>;

export type EventKind = keyof EventShapes;

type Envelope<K extends EventKind> = {
  /** Names this event for good (a webhook delivery, an API read). */
  id: string;
  /** When it was emitted, inside its transaction (ISO 8601). */
  at: string;
  /** The workspace it happened in; null for a person's own account (`AccountKind`). */
  workspaceId: K extends AccountKind ? null : string;
  /** The project it happened in; null for workspace and account events (a deleted project names itself here still). */
  projectId: K extends AccountKind ? null : string | null;
  actor: Actor;
};

export type EventOf<K extends EventKind> = Envelope<K> & { kind: K } & EventShapes[K];
export type DomainEvent = { [K in EventKind]: EventOf<K> }[EventKind];

/** What a service emits: the event without the `id` and `at` the bus gives it. */
export type EventDraft = { [K in EventKind]: Omit<EventOf<K>, "id" | "at"> }[EventKind];
