#!/usr/bin/env bash
# Installs libedit's development files (Debian's libedit-dev) when pkg-config
# cannot find them: the streamlab REPL links against libedit.
set -euo pipefail
if pkg-config --exists libedit 2>/dev/null; then
  exit 0
fi
echo "streamlab: installing libedit-dev (needed for line editing)…" >&2
sudo_cmd=()
if [ "$(id -u)" -ne 0 ]; then sudo_cmd=(sudo); fi
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq libedit-dev pkg-config >/dev/null
