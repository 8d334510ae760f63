#!/usr/bin/env bash
# Installs Debian's Chromium for the Playwright journeys (e2e/). Playwright's own browser download is not
# used: `npx playwright install` needs the internet, apt works from the distribution's mirror.
# Idempotent: does nothing when /usr/bin/chromium is already there.
set -euo pipefail

if [ -x /usr/bin/chromium ]; then
  echo "Chromium is already installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
  exit 0
fi

if [ "$(id -u)" -eq 0 ]; then
  as_root=()
elif command -v sudo >/dev/null 2>&1; then
  as_root=(sudo)
else
  echo "Installing Chromium needs root: run this script as root, or install sudo." >&2
  exit 1
fi

export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update
"${as_root[@]}" apt-get install -y chromium

echo "Installed: $(/usr/bin/chromium --version 2>/dev/null || echo /usr/bin/chromium)"
