import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { handleApiV1 } from "~/.server/api-v1/router";

/**
 * /api/v1/*, the public API: one resource route hands every method to the API's router
 * (app/.server/api-v1/), whose list of operations also generates /api/v1/openapi.json.
 */
export const loader = ({ request }: LoaderFunctionArgs) => handleApiV1(request);
export const action = ({ request }: ActionFunctionArgs) => handleApiV1(request);
