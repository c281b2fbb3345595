#!/usr/bin/env bash
# Installs the Debian packages the kiosk and its tests need, when they are missing.
# Safe to run repeatedly; needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  libnl-genl-3-dev libnl-3-dev pkg-config  # nl80211 through libnl-genl-3
  libsqlite3-dev sqlite3                    # the store (GRDB) and tests that use the sqlite3 tool
  tmux                                      # the kiosk's pseudo-terminal tests
  faketime                                  # end-to-end tests across day boundaries
  openssl                                   # PIN test: checks a stored hash independently of our code
  util-linux mount                          # reliability tests: prlimit, setpriv, a tiny tmpfs
  systemd                                   # systemd-analyze rates the shipped service unit
  ncal                                      # calendar layout cross-check
  python3-dateutil                          # recurrence rules cross-checked by dateutil.rrule (/usr/bin/python3)
  cups cups-client cups-bsd printer-driver-cups-pdf poppler-utils  # printing the register
  postgresql-15 postgresql-client-15        # the central store's tests start a real server
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

echo "installing: ${missing[*]}"
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
$sudo apt-get update -qq
$sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
