import { describe, expect, it } from "vitest";
import { describeActivity, type ActivityFacts } from "./activity-text";

const row = (r: Partial<ActivityFacts> & { action: string }): ActivityFacts => ({ field: null, oldValue: null, newValue: null, ...r });
const onCard = { cardNumber: 2, cardTitle: "Fix login" };

describe("describeActivity", () => {
  it("says who was invited and with which role, and who joined", () => {
    expect(describeActivity(row({ action: "member.invited", newValue: { email: "maya@example.com", role: "member" } }))).toBe(
      "invited maya@example.com as a member",
    );
    expect(describeActivity(row({ action: "member.invited", newValue: { email: "ada@example.com", role: "admin" } }))).toBe(
      "invited ada@example.com as an admin",
    );
    expect(describeActivity(row({ action: "member.joined", newValue: { role: "member" } }))).toBe("joined as a member");
    expect(describeActivity(row({ action: "member.removed", oldValue: { email: "x@example.com", role: "viewer" } }))).toBe(
      "removed x@example.com from the workspace",
    );
  });

  it("says which integration was connected or disconnected", () => {
    expect(describeActivity(row({ action: "integration.connected", newValue: { provider: "slack", name: "Launch" } }))).toBe(
      "connected Slack to “Launch”",
    );
    expect(describeActivity(row({ action: "integration.disconnected", oldValue: { provider: "slack", name: "Launch" } }))).toBe(
      "disconnected Slack from “Launch”",
    );
    expect(describeActivity(row({ action: "integration.connected", newValue: { provider: "figma", name: "Ada" } }))).toBe(
      "connected Figma as Ada",
    );
  });

  it("names the card by number and title in mixed lists, and as 'the card' in its own panel", () => {
    const moved = row({ action: "card.moved", field: "column", oldValue: "Backlog", newValue: "To do", ...onCard });
    expect(describeActivity(moved, { withCard: true })).toBe("moved #2 “Fix login” from Backlog to To do");
    expect(describeActivity(moved)).toBe("moved the card from Backlog to To do");
    expect(describeActivity(row({ action: "comment.added", ...onCard }), { withCard: true })).toBe("commented on #2 “Fix login”");
    expect(
      describeActivity(row({ action: "card.created", newValue: { title: "Fix login", column: "To do" }, ...onCard }), { withCard: true }),
    ).toBe("created #2 “Fix login” in To do");
  });

  it("speaks of due dates as readable days, set or removed", () => {
    const due = (oldValue: string | null, newValue: string | null) =>
      describeActivity(row({ action: "card.updated", field: "dueDate", oldValue, newValue }));
    expect(due(null, "2026-11-20")).toBe("set the due date to Nov 20, 2026");
    expect(due("2026-11-20", null)).toBe("removed the due date");
    expect(due("2026-11-20", "2026-12-01")).toBe("changed the due date from Nov 20, 2026 to Dec 1, 2026");
  });

  it("quotes titles and keeps the priority sentence", () => {
    expect(describeActivity(row({ action: "card.updated", field: "title", oldValue: "Lena's", newValue: "Maya's" }))).toBe(
      "changed the title from “Lena's” to “Maya's”",
    );
    expect(describeActivity(row({ action: "card.updated", field: "priority", oldValue: "none", newValue: "high" }))).toBe(
      "changed priority from none to high",
    );
    expect(describeActivity(row({ action: "card.updated", field: "description", oldValue: "", newValue: "Some text" }))).toBe(
      "added a description",
    );
    expect(describeActivity(row({ action: "card.deleted", oldValue: { title: "Old", number: 7 } }))).toBe("deleted card #7 “Old”");
  });

  it("tells of wireframes, their share links, design versions and the workspace's settings", () => {
    expect(describeActivity(row({ action: "wireframe.created", newValue: { name: "Checkout", source: "blank" } }))).toBe(
      "added the wireframe “Checkout”",
    );
    expect(describeActivity(row({ action: "wireframe.renamed", field: "name", oldValue: "Flow", newValue: "Checkout" }))).toBe(
      "renamed the wireframe “Flow” to “Checkout”",
    );
    expect(describeActivity(row({ action: "wireframe.shared", newValue: { name: "Checkout" } }))).toBe(
      "shared the wireframe “Checkout” by link",
    );
    expect(describeActivity(row({ action: "wireframe.share_revoked", oldValue: { name: "Checkout" } }))).toBe(
      "turned off a share link of the wireframe “Checkout”",
    );
    expect(describeActivity(row({ action: "design.version_published", newValue: { version: "1.2.0", note: "" } }))).toBe(
      "published version 1.2.0 of the design system",
    );
    expect(describeActivity(row({ action: "workspace.updated", field: "name", oldValue: "Acme", newValue: "Acme Co" }))).toBe(
      "renamed the workspace from “Acme” to “Acme Co”",
    );
    expect(describeActivity(row({ action: "workspace.updated", field: "slug", oldValue: "acme", newValue: "acme-co" }))).toBe(
      "changed the workspace's address from acme to acme-co",
    );
  });
});
