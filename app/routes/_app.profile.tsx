import type { MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { ProfilePage } from "~/components/account/profile-page";
import { GeneralErrorBoundary } from "~/components/errors/error-boundary";
import type { ProfileReply } from "~/lib/forms/account";
import type { loader } from "./_app.profile.server";

// /profile: its server side is ./_app.profile.server.ts.
export { action, loader } from "./_app.profile.server";

export const meta: MetaFunction = () => [{ title: "Profile · Atelier" }];

export default function ProfileRoute() {
  return <ProfilePage data={useLoaderData<typeof loader>()} reply={useActionData<ProfileReply>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
