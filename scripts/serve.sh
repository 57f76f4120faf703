#!/usr/bin/env bash
# The README's first command: install, build, and start the service on the embedded SQLite default.
# Extra arguments go to `transmute serve` (e.g. --port 9090, --data-dir /var/lib/transmute).
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/install.sh
echo "== pnpm build"
pnpm build >/dev/null
exec node packages/cli/dist/bin.js serve "$@"
