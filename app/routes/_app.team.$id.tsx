import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import { MemberPage } from "~/components/team/member-page";
import type { action, loader } from "./_app.team.$id.server";

export { action, loader } from "./_app.team.$id.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.person.fullName || data?.person.email || "Member"} · Team · Atelier` },
];

export default function MemberRoute() {
  return <MemberPage data={useLoaderData<typeof loader>()} reply={useActionData<typeof action>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
