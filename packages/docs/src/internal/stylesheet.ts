/** The site's one stylesheet (`style.css`): readable on a phone and in dark mode, no web fonts. */
export const STYLESHEET = `:root { color-scheme: light dark; --fg: #1b1f24; --bg: #fff; --muted: #59636e; --line: #d1d9e0; --code: #f6f8fa; --accent: #0b5cad; }
@media (prefers-color-scheme: dark) { :root { --fg: #e6edf3; --bg: #0d1117; --muted: #9198a1; --line: #3d444d; --code: #151b23; --accent: #58a6ff; } }
* { box-sizing: border-box; }
body { margin: 0; font: 16px/1.55 system-ui, sans-serif; color: var(--fg); background: var(--bg); }
a { color: var(--accent); }
header.site { display: flex; flex-wrap: wrap; gap: 0.5rem 1.5rem; align-items: baseline; padding: 0.75rem 1rem; border-bottom: 1px solid var(--line); }
header.site .brand { font-weight: 700; text-decoration: none; }
header.site nav a { margin-right: 1rem; }
.columns { display: flex; flex-wrap: wrap; max-width: 80rem; margin: 0 auto; }
nav.guides { flex: 0 0 15rem; padding: 1rem; }
nav.guides h2 { font-size: 1rem; margin: 0 0 0.5rem; }
nav.guides ul { list-style: none; padding: 0; margin: 0; }
nav.guides li { margin: 0.25rem 0; }
main { flex: 1 1 20rem; min-width: 0; padding: 1rem; overflow-wrap: break-word; }
h1 code, h2 code, h3 code, p code, li code, td code { overflow-wrap: anywhere; }
pre, code { font: 0.9em/1.45 ui-monospace, SFMono-Regular, Menlo, monospace; background: var(--code); }
code { padding: 0.1em 0.3em; border-radius: 4px; }
pre { padding: 0.75rem; overflow-x: auto; max-width: 100%; border: 1px solid var(--line); border-radius: 6px; }
.code-block { position: relative; }
.code-block pre { padding-right: 4.5rem; }
button.copy { position: absolute; top: 0.4rem; right: 0.4rem; font: 0.8rem system-ui, sans-serif; padding: 0.2rem 0.5rem; color: var(--fg); background: var(--bg); border: 1px solid var(--line); border-radius: 4px; cursor: pointer; }
pre code { padding: 0; background: none; }
table { border-collapse: collapse; }
.table-scroll { overflow-x: auto; max-width: 100%; margin: 0.75rem 0; }
@media (max-width: 40rem) { nav.guides { flex-basis: 100%; } header.site nav a { margin-right: 0.6rem; } }
th, td { border: 1px solid var(--line); padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
.method { font-weight: 700; text-transform: uppercase; }
.operation, .schema { border-top: 1px solid var(--line); padding-top: 0.5rem; margin-top: 1.5rem; }
.muted { color: var(--muted); }
`;
