import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { ROTATION_OVERLAP_MS } from "./endpoints";
import { signingSecrets } from "./secrets";
import { newWebhookSecret, signedHeaders } from "./signing";

// Our signatures, checked by the Standard Webhooks reference library (its own Webhook.verify).
describe("webhook signing", () => {
  const body = JSON.stringify({ type: "card.created", timestamp: "2026-11-29T05:00:00.000Z", data: { object: { id: "c1" } } });

  it("makes whsec_ secrets of 32 random bytes", () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(secret.slice(6), "base64")).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });

  it("signs so that standardwebhooks' Webhook.verify accepts the delivery and returns its payload", () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], "msg_abc", body);
    expect(headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    expect(new Webhook(secret).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("is refused by verify with another secret, another body or another id", () => {
    const secret = newWebhookSecret();
    const headers = signedHeaders([secret], "msg_abc", body);
    expect(() => new Webhook(newWebhookSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(secret).verify(body.replace("c1", "c2"), headers)).toThrow();
    expect(() => new Webhook(secret).verify(body, { ...headers, "webhook-id": "msg_other" })).toThrow();
  });

  it("during a rotation carries two signatures, and a receiver with either secret verifies", () => {
    const [current, previous] = [newWebhookSecret(), newWebhookSecret()];
    const headers = signedHeaders([current, previous], "msg_rot", body);
    expect(headers["webhook-signature"].split(" ")).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
  });

  it("signs with the previous secret only during the 24 hours after a rotation", () => {
    const now = new Date("2026-11-29T05:00:00Z");
    const row = { secret: "whsec_new", previousSecret: "whsec_old", previousExpiresAt: new Date(now.getTime() + ROTATION_OVERLAP_MS) };
    expect(signingSecrets(row, now)).toEqual(["whsec_new", "whsec_old"]);
    expect(signingSecrets(row, new Date(now.getTime() + ROTATION_OVERLAP_MS))).toEqual(["whsec_new"]);
    expect(signingSecrets({ secret: "whsec_new", previousSecret: null, previousExpiresAt: null }, now)).toEqual(["whsec_new"]);
  });

  it("uses the time of sending, which a receiver checks against its clock", () => {
    const secret = newWebhookSecret();
    const old = signedHeaders([secret], "msg_old", body, new Date(Date.now() - 60 * 60_000));
    expect(() => new Webhook(secret).verify(body, old)).toThrow(/timestamp/i);
  });
});
