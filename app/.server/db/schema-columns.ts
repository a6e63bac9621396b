import { timestamp } from "drizzle-orm/pg-core";

/** Column helpers every schema file uses (a module of its own, so the schema files import no one but it). */

/** `timestamptz`, read as a Date. */
export const ts = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
