import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { BetaQueue } from "~/components/beta/beta-queue";
import type { loader } from "./admin.beta.server";

// /admin/beta: the beta queue; its server side is ./admin.beta.server.ts.
export { action, loader } from "./admin.beta.server";

export const meta: MetaFunction = () => [{ title: "Beta requests · Atelier admin" }];

export default function AdminBeta() {
  return <BetaQueue {...useLoaderData<typeof loader>()} />;
}
