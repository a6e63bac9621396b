import type { LoaderFunctionArgs } from "@remix-run/node";
import { attachmentDownload } from "~/.server/files/download";

/** A card's file: a resource route (no UI), members only. */
export const loader = ({ request, params }: LoaderFunctionArgs) => attachmentDownload(request, params.id, params.attachmentId);
