#!/usr/bin/env bash
# Run first by `npm test`: the end-to-end tests drive the system Chromium (/usr/bin/chromium, or
# $CHROMIUM_PATH) and need CJK fonts to render zh-HK. Installs what is missing with apt-get when
# allowed to (root, or passwordless sudo); otherwise stops with the command to run.
set -euo pipefail

missing=()
[ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || missing+=(chromium)
dpkg-query -W -f='${Status}' fonts-noto-cjk 2>/dev/null | grep -q "install ok installed" || missing+=(fonts-noto-cjk)
[ ${#missing[@]} -eq 0 ] && exit 0

command="apt-get update && DEBIAN_FRONTEND=noninteractive apt-get install -y ${missing[*]}"
if [ "$(id -u)" -eq 0 ]; then
  sudo=()
elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
  sudo=(sudo -n)
else
  echo "The tests need ${missing[*]}. Install them, then run npm test again:" >&2
  echo "  sudo sh -c '$command'" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "The tests need ${missing[*]} and this machine has no apt-get: install them with its package manager" >&2
  echo "(Chromium at /usr/bin/chromium, or set CHROMIUM_PATH), then run npm test again." >&2
  exit 1
fi
echo "Installing what the tests need: ${missing[*]}" >&2
"${sudo[@]}" apt-get update -qq
"${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
