# Source this file (`source scripts/toolchain.sh`, from any directory) to put the project's pinned
# Node (.node-version) and pnpm (package.json `packageManager`) first on PATH. scripts/install.sh
# puts them into .toolchain/ (ignored by git) when the machine's own Node is older than 24; the
# machine's `node` is never replaced. Sourcing twice changes nothing.
# shellcheck shell=bash
_transmute_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
_transmute_bin="$_transmute_root/.toolchain/bin"
case ":$PATH:" in
  ":$_transmute_bin:"*) ;;
  *) PATH="$_transmute_bin:${PATH//:$_transmute_bin/}" ;;
esac
export PATH
# Native addons built from source (node-gyp) must compile against the headers of the Node that runs them: the
# machine's npm config says `nodedir=/usr` (the system Node's headers), which gives an ABI mismatch.
# Only while the toolchain's Node is the one in use (install.sh drops the link on a Node 24+ machine).
if [ -x "$_transmute_bin/node" ] && [ -d "$_transmute_root/.toolchain/node/include/node" ]; then
  export npm_config_nodedir="$_transmute_root/.toolchain/node"
else
  unset npm_config_nodedir
fi
hash -r 2>/dev/null || true
unset _transmute_root _transmute_bin
