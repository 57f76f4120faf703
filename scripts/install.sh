#!/usr/bin/env bash
# Installs everything Transmute needs on a fresh Debian machine: the native tools of the plugins
# (.ci/apt-packages, when running as root), pnpm pinned to the workspace's version, and the
# dependencies exactly as the lockfile says. Used by .ci/run and by scripts/serve.sh.
set -euo pipefail
cd "$(dirname "$0")/.."

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

if [ "$(pnpm --version 2>/dev/null)" != "10.34.9" ]; then
  echo "== npm install -g pnpm@10.34.9"
  npm install -g pnpm@10.34.9 >/dev/null 2>&1
fi

echo "== pnpm install --frozen-lockfile"
pnpm install --frozen-lockfile
