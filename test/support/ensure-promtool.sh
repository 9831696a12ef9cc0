#!/usr/bin/env bash
# The alert rules are checked by Prometheus' promtool. Use one on the PATH or in PROMTOOL; else take
# the binary out of Debian's prometheus package (downloaded, not installed: no service is started)
# into .tools/, once. Say plainly what is missing when neither works.
set -euo pipefail
cd "$(dirname "$0")/../.."
if [ -n "${PROMTOOL:-}" ] && [ -x "$PROMTOOL" ]; then exit 0; fi
if command -v promtool >/dev/null 2>&1; then exit 0; fi
[ -x .tools/promtool ] && exit 0
if command -v apt-get >/dev/null 2>&1; then
  echo "Fetching promtool from Debian's prometheus package for the alert-rule tests (once)..."
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  if ! (cd "$work" && apt-get download prometheus >/dev/null 2>&1); then
    if [ "$(id -u)" = 0 ]; then apt-get update -qq && (cd "$work" && apt-get download prometheus >/dev/null 2>&1) || true; fi
  fi
  deb=$(ls "$work"/prometheus_*.deb 2>/dev/null | head -n 1 || true)
  if [ -n "$deb" ]; then
    dpkg-deb -x "$deb" "$work/x"
    mkdir -p .tools
    cp "$work/x/usr/bin/promtool" .tools/promtool
    exit 0
  fi
fi
echo "The alert-rule tests need promtool: 'apt-get install prometheus', or set PROMTOOL to its path." >&2
exit 1
