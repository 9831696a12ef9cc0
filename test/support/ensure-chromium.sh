#!/usr/bin/env bash
# The browser tests drive Debian's chromium. A fresh machine of ours lacks it: install it when we
# can (root with apt-get), else say plainly what is missing.
set -euo pipefail
CHROMIUM=${CHROMIUM_PATH:-/usr/bin/chromium}
[ -x "$CHROMIUM" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium for the browser tests (once, about a minute)..."
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
fi
echo "The browser tests need chromium at $CHROMIUM: run 'apt-get install -y chromium' as root, or set CHROMIUM_PATH." >&2
exit 1
