import { z } from "zod";
import { THEMES } from "~/lib/theme";

/** The theme form in /profile (POST /preferences/theme): one of System, Light, Dark; `redirectTo` says where to go back. */
export const themePreferenceSchema = z.object({
  theme: z.enum(THEMES, { error: "Choose System, Light or Dark." }),
  redirectTo: z.string().optional(),
});
