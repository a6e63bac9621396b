// The change-event cases, by family: each a mutation by the app's own service and what it must
// write (the wireframe and design family is in test-cases-wireframes.ts). events.board.test.ts,
// events.wireframes.test.ts and events.workspace.test.ts run them; events.test.ts checks that
// together they cover every kind.
import { eq } from "drizzle-orm";
import { makeUser, memberOf } from "../../../tests/support/factories";
import {
  addCardToCycle,
  closeCycle,
  createCycle,
  deleteCycle,
  moveUnfinished,
  removeCardFromCycle,
  renameCycle,
  setCardCycle,
} from "../cycles/cycles";
import { setEstimate } from "../cycles/estimates";
import { rescheduleCycle } from "../cycles/schedule";
import { changePassword, confirmEmailChange, requestEmailChange, updateProfile } from "../account/profile";
import type { CurrentSession } from "../auth/session";
import { outbox } from "../mail";
import { db, schema } from "../db";
import { deleteAttachment, uploadAttachment } from "../files/attachment-actions";
import { setAssignee } from "../projects/assignees";
import { addChecklistItem, setChecklistItem } from "../projects/checklist";
import { createLabel, setCardLabel } from "../projects/labels";
import { createCard, deleteCard, moveCard, updateCard } from "../projects/cards";
import { addColumn, deleteColumn, shiftColumn, updateColumn } from "../projects/columns";
import { addComment, deleteComment, editComment } from "../projects/comments";
import { addDependency, removeDependency } from "../projects/dependencies";
import { createProject, deleteProject, setProjectArchived, updateProject } from "../projects/projects";
import type { MemberContext } from "../workspaces";
import { acceptOpenInvitationsFor, inviteMember } from "../workspaces/invitations";
import { changeRole, removeMember } from "../workspaces/members";
import { updateWorkspace } from "../workspaces/settings";
import { INTEGRATION_CASES } from "./test-cases-integrations";
import { WIREFRAME_AND_DESIGN_CASES } from "./test-cases-wireframes";
import { card, itemOf, newCycle, someoneWith, w, type Case } from "./test-support";

const { cardAttachments } = schema;

/** A user's session as the profile's services take it (no cookie: the services read the user and the session's hash). */
type Person = { id: string; email: string; fullName: string };
const sessionOf = (user: Person) =>
  ({
    user: { ...user, avatarUrl: null, role: null, emailVerifiedAt: new Date(), theme: "system" },
    idHash: "no-session",
  }) as CurrentSession;

export const BOARD_CASES: Case[] = [
  { kind: "project.created", run: () => createProject(w.member, { name: "Second" }), activity: 1, live: 0 },
  {
    kind: "project.updated",
    run: () => updateProject(w.member, w.project.id, { name: "Website 2", description: "New" }),
    activity: 2,
    live: 0,
  },
  {
    kind: "project.archived",
    prepare: () => createProject(w.member, { name: "Old" }),
    run: (p: { id: string }) => setProjectArchived(w.member, p.id, true),
    activity: 1,
    live: 0,
  },
  {
    kind: "project.restored",
    prepare: async () => setProjectArchived(w.member, (await createProject(w.member, { name: "Back" })).id, true),
    run: (p: { id: string }) => setProjectArchived(w.member, p.id, false),
    activity: 1,
    live: 0,
  },
  {
    kind: "project.deleted",
    prepare: () => createProject(w.member, { name: "Gone" }),
    run: (p: { id: string }) => deleteProject(w.member, p.id),
    activity: 1,
    live: 0,
  },

  { kind: "column.added", run: () => addColumn(w.member, w.project.id, "QA", "started"), activity: 1, live: 1 },
  {
    kind: "column.updated",
    run: () => updateColumn(w.member, w.project.id, w.col("QA"), { name: "Review", wipLimit: 3 }),
    activity: 1,
    live: 1,
  },
  { kind: "column.shifted", run: () => shiftColumn(w.member, w.project.id, w.col("Review"), -1), activity: 0, live: 1 },
  {
    kind: "column.deleted",
    prepare: () => w.newCard("In review", "Review"),
    run: () => deleteColumn(w.member, w.project.id, w.col("Review"), w.col("Backlog")),
    activity: 1,
    live: 1,
  },

  {
    kind: "card.created",
    run: () => createCard(w.member, w.project.id, { columnId: w.col("Backlog"), title: "New", priority: "high" }),
    activity: 1,
    live: 1,
    carries: { subject: { title: "New" }, change: { column: { name: "Backlog" }, priority: "high", dueDate: null } },
  },
  {
    kind: "card.moved",
    prepare: card("Mover"),
    run: (c: { id: string }) => moveCard(w.member, w.project.id, { cardId: c.id, toColumnId: w.col("Done") }),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.updated",
    prepare: card("Edited"),
    run: (c: { id: string }) => updateCard(w.member, w.project.id, c.id, 1, { title: "Edited!", description: "Over to @Sam Lee" }),
    activity: 2,
    live: 1,
    notified: 1,
  },
  {
    kind: "card.deleted",
    prepare: card("Doomed"),
    run: (c: { id: string }) => deleteCard(w.member, w.project.id, c.id),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.assigned",
    prepare: card("Assign me"),
    run: (c: { id: string }) => setAssignee(w.member, w.project.id, c.id, w.sam.id, true),
    activity: 1,
    live: 1,
    notified: 1,
  },
  {
    kind: "card.unassigned",
    prepare: async () => {
      const c = await w.newCard("Unassign me");
      await setAssignee(w.member, w.project.id, c.id, w.sam.id, true);
      return c;
    },
    run: (c: { id: string }) => setAssignee(w.member, w.project.id, c.id, w.sam.id, false),
    activity: 1,
    live: 1,
  },
  {
    kind: "label.created",
    run: () => createLabel(w.member, w.project.id, "Bug", "red"),
    activity: 0,
    live: 1,
  },
  {
    kind: "card.labelled",
    prepare: async () => ({ card: await w.newCard("Label me"), label: await createLabel(w.member, w.project.id, "Feature", "blue") }),
    run: (p: { card: { id: string }; label: { id: string } }) => setCardLabel(w.member, w.project.id, p.card.id, p.label.id, true),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.unlabelled",
    prepare: async () => {
      const c = await w.newCard("Unlabel me");
      const label = await createLabel(w.member, w.project.id, "Chore", "slate");
      await setCardLabel(w.member, w.project.id, c.id, label.id, true);
      return { card: c, label };
    },
    run: (p: { card: { id: string }; label: { id: string } }) => setCardLabel(w.member, w.project.id, p.card.id, p.label.id, false),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.estimated",
    prepare: card("Estimate me"),
    run: (c: { id: string }) => setEstimate(w.member, w.project.id, c.id, 3),
    activity: 1,
    live: 1,
  },

  {
    kind: "checklist.added",
    prepare: card("List"),
    run: (c: { id: string }) => addChecklistItem(w.member, w.project.id, c.id, "Step"),
    activity: 1,
    live: 1,
  },
  ...(["checklist.checked", "checklist.unchecked", "checklist.removed"] as const).map((kind): Case => ({
    kind,
    prepare: async () => {
      const c = await w.newCard(kind);
      await addChecklistItem(w.member, w.project.id, c.id, "Step");
      if (kind === "checklist.unchecked") await setChecklistItem(w.member, w.project.id, c.id, await itemOf(c.id), { done: true });
      return { card: c, item: await itemOf(c.id) };
    },
    run: (p: { card: { id: string }; item: string }) =>
      setChecklistItem(
        w.member,
        w.project.id,
        p.card.id,
        p.item,
        kind === "checklist.removed" ? { remove: true } : { done: kind === "checklist.checked" },
      ),
    activity: 1,
    live: 1,
  })),

  {
    kind: "comment.created",
    prepare: card("Discuss"),
    run: (c: { id: string }) => addComment(w.member, w.project.id, c.id, "What do you think, @Sam Lee?"),
    activity: 1,
    live: 1,
    notified: 1,
  },
  {
    kind: "comment.edited",
    prepare: async () => {
      const c = await w.newCard("Discuss again");
      return { card: c, comment: (await addComment(w.member, w.project.id, c.id, "First thoughts")).comment };
    },
    run: (p: { card: { id: string }; comment: { id: string } }) =>
      editComment(w.member, w.project.id, p.card.id, p.comment.id, "First thoughts, @Sam Lee"),
    activity: 0,
    live: 1,
    notified: 1,
  },
  {
    kind: "comment.deleted",
    prepare: async () => {
      const c = await w.newCard("Discuss no more");
      return { card: c, comment: (await addComment(w.member, w.project.id, c.id, "Oops")).comment };
    },
    run: (p: { card: { id: string }; comment: { id: string } }) => deleteComment(w.member, w.project.id, p.card.id, p.comment.id),
    activity: 1,
    live: 1,
  },

  {
    kind: "attachment.added",
    prepare: card("Files"),
    run: (c: { id: string }) =>
      uploadAttachment(w.member, w.project.id, c.id, Object.assign(new Blob(["hello"], { type: "text/plain" }), { name: "notes.txt" })),
    activity: 1,
    live: 1,
  },
  {
    kind: "attachment.removed",
    prepare: async () => {
      const c = await w.newCard("Files again");
      await uploadAttachment(w.member, w.project.id, c.id, Object.assign(new Blob(["hi"], { type: "text/plain" }), { name: "a.txt" }));
      const [file] = await db().select({ id: cardAttachments.id }).from(cardAttachments).where(eq(cardAttachments.cardId, c.id));
      return { card: c, file: file!.id };
    },
    run: (p: { card: { id: string }; file: string }) => deleteAttachment(w.member, w.project.id, p.card.id, p.file),
    activity: 1,
    live: 1,
  },

  {
    kind: "dependency.added",
    prepare: async () => ({ a: await w.newCard("Blocker"), b: await w.newCard("Blocked") }),
    run: (p: { a: { number: number }; b: { id: string } }) =>
      addDependency(w.member, w.project.id, { cardId: p.b.id, other: `#${p.a.number}`, direction: "blocked-by" }),
    activity: 1,
    live: 1,
  },
  {
    kind: "dependency.removed",
    prepare: async () => {
      const a = await w.newCard("Blocker 2");
      const b = await w.newCard("Blocked 2");
      await addDependency(w.member, w.project.id, { cardId: b.id, other: `#${a.number}`, direction: "blocked-by" });
      return { a, b };
    },
    run: (p: { a: { id: string }; b: { id: string } }) =>
      removeDependency(w.member, w.project.id, { blockerCardId: p.a.id, blockedCardId: p.b.id }),
    activity: 1,
    live: 1,
  },

  {
    kind: "cycle.created",
    run: () => createCycle(w.member, w.project.id, { name: "Cycle 1", startsOn: "2026-01-05", endsOn: "2026-01-16" }),
    activity: 0,
    live: 0,
  },
  {
    kind: "cycle.renamed",
    prepare: () => newCycle("Cycle 2"),
    run: (c: { id: string }) => renameCycle(w.member, w.project.id, c.id, "Cycle two"),
    activity: 0,
    live: 0,
  },
  {
    kind: "cycle.rescheduled",
    prepare: () => newCycle("Cycle 2b"),
    run: (c: { id: string }) => rescheduleCycle(w.member, w.project.id, c.id, { startsOn: "2026-02-02", endsOn: "2026-02-20" }),
    activity: 0,
    live: 0,
  },
  {
    kind: "card.cycle_changed",
    prepare: async () => ({ card: await w.newCard("Cycled"), cycle: await newCycle("Cycle 3") }),
    run: (p: { card: { id: string }; cycle: { id: string } }) => setCardCycle(w.member, w.project.id, p.card.id, p.cycle.id),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.cycle_changed",
    prepare: async () => ({ card: await w.newCard("Added by number"), cycle: await newCycle("Cycle 4") }),
    run: (p: { card: { number: number }; cycle: { id: string } }) =>
      addCardToCycle(w.member, w.project.id, p.cycle.id, `#${p.card.number}`),
    activity: 1,
    live: 1,
  },
  {
    kind: "card.cycle_changed",
    prepare: async () => {
      const c = await w.newCard("Taken out");
      const cycle = await newCycle("Cycle 5");
      await setCardCycle(w.member, w.project.id, c.id, cycle.id);
      return { card: c, cycle };
    },
    run: (p: { card: { id: string }; cycle: { id: string } }) => removeCardFromCycle(w.member, w.project.id, p.cycle.id, p.card.id),
    activity: 1,
    live: 1,
  },
  {
    kind: "cycle.closed",
    prepare: () => newCycle("Cycle 6"),
    run: (c: { id: string }) => closeCycle(w.member, w.project.id, c.id),
    activity: 0,
    live: 0,
    carries: {
      subject: { name: "Cycle 6" },
      change: { startsOn: "2026-02-02", endsOn: "2026-02-13", completed: { cards: 0 }, carriedOver: { cards: 0 } },
    },
  },
  {
    kind: "cycle.deleted",
    prepare: async () => {
      const cycle = await newCycle("Cycle 7");
      for (const title of ["Held 1", "Held 2"]) await setCardCycle(w.member, w.project.id, (await w.newCard(title)).id, cycle.id);
      return cycle;
    },
    run: (c: { id: string }) => deleteCycle(w.member, w.project.id, c.id),
    activity: 2,
    live: 1,
  },
  {
    kind: "cycle.unfinished_moved",
    prepare: async () => {
      const from = await newCycle("Cycle 8");
      const to = await newCycle("Cycle 9");
      for (const title of ["Open 1", "Open 2"]) await setCardCycle(w.member, w.project.id, (await w.newCard(title)).id, from.id);
      return { from, to };
    },
    run: (p: { from: { id: string }; to: { id: string } }) => moveUnfinished(w.member, w.project.id, p.from.id, p.to.id),
    activity: 2,
    live: 1,
  },
];

export const WORKSPACE_CASES: Case[] = [
  { kind: "member.invited", run: () => inviteMember(w.member, "newcomer@example.test", "member"), activity: 1, live: 0 },
  {
    kind: "member.joined",
    prepare: async () => {
      const user = await makeUser({ email: "joiner@example.test" });
      await inviteMember(w.member, user.email, "viewer");
      return user;
    },
    run: (u: { id: string; email: string }) => acceptOpenInvitationsFor(u.id, u.email),
    activity: 1,
    live: 0,
    notified: 1,
    carries: { subject: { email: "joiner@example.test" }, change: { role: "viewer" } },
  },
  { kind: "member.role_changed", run: () => changeRole(w.member, w.sam.id, "admin"), activity: 1, live: 0, notified: 1 },
  {
    kind: "member.removed",
    prepare: () => someoneWith("member"),
    run: (u: { id: string }) => removeMember(w.member, u.id),
    activity: 1,
    live: 0,
  },
  {
    kind: "member.left",
    prepare: async () => memberOf((await someoneWith("viewer")).id),
    run: (m: MemberContext) => removeMember(m, m.user.id),
    activity: 1,
    live: 0,
  },
  // A new name and a new address: a row each in the workspace's history.
  {
    kind: "workspace.updated",
    run: () => updateWorkspace(w.member, { name: "Renamed Co", slug: "renamed-co" }),
    activity: 2,
    live: 0,
    carries: {
      subject: { name: "Renamed Co", slug: "renamed-co" },
      change: {
        fields: [
          { field: "name", to: "Renamed Co" },
          { field: "slug", to: "renamed-co" },
        ],
      },
    },
  },
];

/** A person's own account, changed by its owner (Sam): no workspace, e-mails instead of notifications. */
export const ACCOUNT_CASES: Case[] = [
  {
    kind: "account.updated",
    prepare: () => makeUser({ email: "renamed@example.test", fullName: "Ann Old" }),
    run: (user: Person) => updateProfile(sessionOf(user), { fullName: "Ann New" }),
    activity: 0,
    live: 0,
    account: true,
    mailed: [],
    carries: {
      subject: { email: "renamed@example.test" },
      change: { fields: [{ field: "fullName", from: "Ann Old", to: "Ann New" }] },
    },
  },
  {
    kind: "account.password_changed",
    prepare: () => makeUser({ email: "new-password@example.test" }),
    run: (user: Person) => changePassword(sessionOf(user), { password: "a new long passphrase 42" }),
    activity: 0,
    live: 0,
    account: true,
    mailed: ["new-password@example.test"],
    carries: { subject: { email: "new-password@example.test" }, change: { otherSessionsEnded: true } },
  },
  {
    kind: "account.email_changed",
    prepare: async () => {
      const user = await makeUser({ email: "old@example.test" });
      await requestEmailChange(sessionOf(user), { email: "new@example.test" });
      return new URL(outbox.at(-1)!.text.match(/https?:\/\/\S+/)![0]).searchParams.get("token")!;
    },
    run: (token: string) => confirmEmailChange(token),
    activity: 0,
    live: 0,
    account: true,
    // To the address that no longer signs in: the one way its owner hears of it.
    mailed: ["old@example.test"],
    carries: { subject: { email: "new@example.test" }, change: { from: "old@example.test", to: "new@example.test" } },
  },
];

/** Every case, in the order the tests number them. */
export const ALL_CASES: Case[] = [
  ...BOARD_CASES,
  ...WIREFRAME_AND_DESIGN_CASES,
  ...WORKSPACE_CASES,
  ...ACCOUNT_CASES,
  ...INTEGRATION_CASES,
];
