import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import {
  changePassword,
  profileOf,
  requestEmailChange,
  signOutOtherSessions,
  signOutSession,
  updateProfile,
} from "~/.server/account/profile";
import { requireSession } from "~/.server/auth/session";
import { redirectWithToast } from "~/.server/http/flash";
import { saveTimeZone, timeZoneFor } from "~/.server/preferences/time-zone";
import { invalid, parseSubmission, replyUserError } from "~/.server/http/submission";
import { timeZoneNames } from "~/lib/dates";
import { profileFormSchema } from "~/lib/forms/account";
import { PASSWORD_FIELDS } from "~/lib/forms/auth";
import type { ToastInput } from "~/lib/toast";

/** /profile: the signed-in user's name, time zone, sign-in details and sessions. */
export async function loader({ request }: LoaderFunctionArgs) {
  const current = await requireSession(request);
  // The zones are listed by the server and sent along, so the browser renders the same options.
  const timeZone = await timeZoneFor(current.user, request.headers.get("Cookie"));
  return { ...(await profileOf(current)), timeZone, timeZones: timeZoneNames() };
}

const hideFields = PASSWORD_FIELDS;
const done = (toast: ToastInput) => redirectWithToast("/profile", toast, { status: 303 });

/** Each of the page's forms posts its `intent`; a success goes back to /profile with a toast. */
export async function action({ request }: ActionFunctionArgs) {
  const current = await requireSession(request);
  const submission = await parseSubmission(request, profileFormSchema);
  if (submission.status !== "success") return invalid(submission, { hideFields });
  const input = submission.value;
  try {
    switch (input.intent) {
      case "update-profile":
        await updateProfile(current, input);
        return done({ variant: "success", title: "Profile saved" });
      case "update-time-zone":
        await saveTimeZone(current.user.id, input.timeZone);
        return done({ variant: "success", title: "Time zone saved", description: `Dates are shown in ${input.timeZone} time.` });
      case "change-password":
        await changePassword(current, input);
        return done({ variant: "success", title: "Password changed", description: "You were signed out everywhere else." });
      case "change-email":
        await requestEmailChange(current, input);
        return done({ variant: "info", title: "Check your new inbox", description: `We sent a confirmation link to ${input.email}.` });
      case "sign-out-others":
        await signOutOtherSessions(current);
        return done({ variant: "success", title: "Signed out everywhere else" });
      case "sign-out-session":
        await signOutSession(current, input.sessionId);
        return done({ variant: "success", title: "Session signed out" });
    }
  } catch (error) {
    return replyUserError(submission, error, { hideFields });
  }
}
