/** Writes app/styles/dark.css from app/styles/dark-theme.ts: `npx tsx app/styles/write-dark-css.ts`. */
import { readFileSync, writeFileSync } from "node:fs";
import { appPalette, darkThemeCss } from "./dark-theme";

const palette = await appPalette(readFileSync("app/tailwind.css", "utf8"));
writeFileSync("app/styles/dark.css", darkThemeCss(palette));
console.log("app/styles/dark.css written");
