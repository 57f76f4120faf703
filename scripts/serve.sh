#!/usr/bin/env bash
# The README's first command: install, build, and start the service on the embedded SQLite default.
# Extra arguments go to `transmute serve` (e.g. --port 9090, --data-dir /var/lib/transmute).
# Runs on the project's pinned Node (scripts/toolchain.sh), whatever the machine's own is.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
# shellcheck source=scripts/toolchain.sh
source scripts/toolchain.sh
echo "== pnpm build"
pnpm build >/dev/null
exec node packages/cli/dist/bin.js serve "$@"
