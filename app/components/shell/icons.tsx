/** Line icons of the shell (24×24, stroke). Decorative: always aria-hidden. */
const paths = {
  dashboard: "M4 5a1 1 0 011-1h5v7H4V5zm10-1h5a1 1 0 011 1v3h-6V4zM4 15h6v5H5a1 1 0 01-1-1v-4zm10-3h6v7a1 1 0 01-1 1h-5v-8z",
  projects: "M3 7a2 2 0 012-2h4l2 2h8a2 2 0 012 2v8a2 2 0 01-2 2H5a2 2 0 01-2-2V7z",
  wireframes: "M4 4h16v16H4V4zm0 5h16M9 9v11",
  design:
    "M12 3a9 9 0 100 18c.8 0 1.5-.7 1.5-1.5 0-.4-.1-.7-.4-1-.2-.3-.4-.6-.4-1 0-.8.7-1.5 1.5-1.5H16a5 5 0 005-5c0-4.4-4-8-9-8zM7.5 12a1 1 0 100-2 1 1 0 000 2zm3-4a1 1 0 100-2 1 1 0 000 2zm5 0a1 1 0 100-2 1 1 0 000 2z",
  analytics: "M4 20V10m6 10V4m6 16v-7m4 7H2",
  team: "M17 20h5v-2a3 3 0 00-5.4-1.8M17 20H7m10 0v-2c0-.7-.1-1.3-.4-1.8M7 20H2v-2a3 3 0 015.4-1.8M7 20v-2c0-.7.1-1.3.4-1.8m0 0a5 5 0 019.2 0M15 7a3 3 0 11-6 0 3 3 0 016 0z",
  settings:
    "M10.3 4.3c.4-1.8 3-1.8 3.4 0a1.7 1.7 0 002.6 1.1c1.5-1 3.4.8 2.4 2.4a1.7 1.7 0 001 2.5c1.9.5 1.9 3.1 0 3.5a1.7 1.7 0 00-1 2.6c1 1.5-.9 3.4-2.4 2.4a1.7 1.7 0 00-2.6 1c-.4 1.9-3 1.9-3.4 0a1.7 1.7 0 00-2.6-1c-1.5 1-3.4-.9-2.4-2.4a1.7 1.7 0 00-1-2.6c-1.9-.4-1.9-3 0-3.5a1.7 1.7 0 001-2.5c-1-1.6.9-3.4 2.4-2.4 1 .6 2.3 0 2.6-1.1zM15 12a3 3 0 11-6 0 3 3 0 016 0z",
  search: "M21 21l-5.2-5.2M17 10.5a6.5 6.5 0 11-13 0 6.5 6.5 0 0113 0z",
  bell: "M15 17h5l-1.4-1.4A2 2 0 0118 14.2V11a6 6 0 00-4-5.7V5a2 2 0 10-4 0v.3A6 6 0 006 11v3.2a2 2 0 01-.6 1.4L4 17h5m6 0v1a3 3 0 11-6 0v-1m6 0H9",
  help: "M8.2 9a4 4 0 017.6 1c0 2-3 2.5-3 4.5M12 18h.01M21 12a9 9 0 11-18 0 9 9 0 0118 0z",
  menu: "M4 6h16M4 12h16M4 18h16",
  close: "M6 18L18 6M6 6l12 12",
  logout: "M17 16l4-4m0 0l-4-4m4 4H7m6 4v1a3 3 0 01-3 3H6a3 3 0 01-3-3V7a3 3 0 013-3h4a3 3 0 013 3v1",
  collapse: "M11 19l-7-7 7-7m8 14l-7-7 7-7",
  expand: "M13 5l7 7-7 7M5 5l7 7-7 7",
  chevronDown: "M19 9l-7 7-7-7",
  plus: "M12 5v14m-7-7h14",
  sparkles: "M5 3v4M3 5h4M6 17v4m-2-2h4m5-16l2.3 6.9L21 12l-5.7 2.1L13 21l-2.3-6.9L5 12l5.7-2.1L13 3z",
  user: "M16 7a4 4 0 11-8 0 4 4 0 018 0zM12 14a7 7 0 00-7 7h14a7 7 0 00-7-7z",
  card: "M3 10h18M7 15h1m4 0h1m-7 4h12a3 3 0 003-3V8a3 3 0 00-3-3H6a3 3 0 00-3 3v8a3 3 0 003 3z",
  play: "M14.8 10.9l-4.4-2.6A1.3 1.3 0 008.5 9.4v5.2a1.3 1.3 0 001.9 1.1l4.4-2.6a1.3 1.3 0 000-2.2zM21 12a9 9 0 11-18 0 9 9 0 0118 0z",
  download: "M4 16v2a2 2 0 002 2h12a2 2 0 002-2v-2M7 10l5 5 5-5M12 15V3",
  library: "M4 5h6v6H4V5zm10 0h6v6h-6V5zM4 15h6v4H4v-4zm10 0h6v4h-6v-4z",
  clock: "M12 8v4l3 3m6-3a9 9 0 11-18 0 9 9 0 0118 0z",
  // The card face's counts (issue 11: emoji there came out as missing-glyph boxes).
  checklist: "M4 5h16v14H4V5zm4 7 3 3 5-6",
  comment: "M4 5h16v10H9l-5 4V5z",
  paperclip: "M16 7l-7.5 7.5a2 2 0 0 0 2.8 2.8L19 9.6a4 4 0 0 0-5.7-5.7L5.6 11.6a6 6 0 0 0 8.5 8.5L20 14",
} as const;

export type Icon = keyof typeof paths;

export function ShellIcon({ name, className = "size-5" }: { name: Icon; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      className={`shrink-0 ${className}`}
    >
      <path d={paths[name]} />
    </svg>
  );
}
