import type { LinksFunction } from "@remix-run/node";
import href from "./landing.css?url";

/** `links` of every public page built from these components (the landing and legal pages). */
export const landingLinks: LinksFunction = () => [{ rel: "stylesheet", href }];
