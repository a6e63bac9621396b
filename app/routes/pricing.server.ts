import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { parseInterval } from "~/lib/plans";
import { getUser } from "~/.server/auth/session";
import { pickerStateOf } from "~/.server/billing/checkout";
import { handleCheckoutPost } from "~/.server/routes/checkout";
import { readForm } from "~/.server/http/body";
import { getMemberContext } from "~/.server/workspaces";

/**
 * /pricing: the plan picker for everyone. `?canceled=true` is where an abandoned checkout
 * returns; a workspace with a live subscription sees its plan marked.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  const member = (await getUser(request)) ? await getMemberContext(request) : null;
  return {
    interval: parseInterval(url.searchParams.get("interval")),
    canceled: url.searchParams.get("canceled") === "true",
    ...(await pickerStateOf(member)),
  };
}

export const action = async ({ request }: ActionFunctionArgs) => handleCheckoutPost(request, await readForm(request), "/pricing");
