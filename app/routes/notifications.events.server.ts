import type { LoaderFunctionArgs } from "@remix-run/node";
import { userTopic } from "~/.server/notifications";
import { eventStream } from "~/.server/realtime/sse";
import { requireMember } from "~/.server/workspaces";

/** GET /notifications/events: an event each time one of the user's notifications is added or read. */
export async function loader({ request }: LoaderFunctionArgs) {
  const member = await requireMember(request);
  return eventStream(request, userTopic(member.user.id));
}
