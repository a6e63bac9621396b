import { redirect } from "@remix-run/node";

// Any unknown path goes to the landing page (spec section 2); /api/... has its own screen (api.$.tsx).
export const loader = () => redirect("/");
export const action = () => redirect("/");
