import { z } from "zod";

/** The sidebar's collapse toggle (POST /preferences/sidebar): `collapsed`, and `redirectTo` from the no-JavaScript form. */
export const sidebarPreferenceSchema = z.object({
  collapsed: z.enum(["true", "false"], { error: "collapsed must be true or false" }),
  redirectTo: z.string().optional(),
});

/** The workspace switcher's buttons (POST /workspaces/switch). */
export const switchWorkspaceSchema = z.object({
  workspaceId: z.string({ error: "Choose a workspace." }),
  redirectTo: z.string().optional(),
});
