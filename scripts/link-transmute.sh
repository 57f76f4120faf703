#!/usr/bin/env bash
# Puts `transmute` on PATH for this checkout (called by scripts/install.sh; safe to run again):
# writes .toolchain/bin/transmute, which runs the built CLI (packages/cli/dist, made by `pnpm build`
# or scripts/serve.sh) or, before any build, the CLI's sources, on the pinned Node when install.sh
# unpacked one; then links it into TRANSMUTE_BIN_DIR, by default /usr/local/bin as root and
# ~/.local/bin otherwise. A `transmute` there that is not such a link is left alone. Relative paths
# given to it resolve against the caller's directory, as with any command.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
launcher="$root/.toolchain/bin/transmute"
mkdir -p "$root/.toolchain/bin"
cat > "$launcher" <<'LAUNCHER'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
root="$(dirname "$(dirname "$here")")"
node=node
if [ -x "$here/node" ]; then node="$here/node"; fi
if [ -f "$root/packages/cli/dist/bin.js" ]; then exec "$node" "$root/packages/cli/dist/bin.js" "$@"; fi
exec "$node" --conditions=development --import "$root/node_modules/tsx/dist/loader.mjs" "$root/packages/cli/src/bin.ts" "$@"
LAUNCHER
chmod +x "$launcher"

if [ "$(id -u)" = "0" ]; then default_dir=/usr/local/bin; else default_dir="$HOME/.local/bin"; fi
bin_dir="${TRANSMUTE_BIN_DIR:-$default_dir}"
mkdir -p "$bin_dir"
link="$bin_dir/transmute"
if [ -e "$link" ] && ! { [ -L "$link" ] && readlink "$link" | grep -q '/\.toolchain/bin/transmute$'; }; then
  echo "!! $link exists and is not a link to a checkout's .toolchain/bin/transmute: left as it is"
  echo "   (run $launcher, or link it yourself)"
  exit 0
fi
ln -sfn "$launcher" "$link"
echo "== transmute -> $link"
case ":$PATH:" in
  *":$bin_dir:"*) ;;
  *) echo "   $bin_dir is not on PATH: add it (export PATH=\"$bin_dir:\$PATH\") or run $launcher" ;;
esac
