#!/usr/bin/env bash
# Installs the Debian packages the kiosk and its tests need, when they are missing.
# Safe to run repeatedly; needs root (or sudo) only when something is missing.
set -euo pipefail

packages=(
  libnl-genl-3-dev libnl-3-dev pkg-config  # nl80211 through libnl-genl-3
  libsqlite3-dev sqlite3                    # the store (GRDB) and tests that use the sqlite3 tool
  tmux                                      # the kiosk's pseudo-terminal tests
  gettext                                   # make po: xgettext, msgmerge, msgfmt (glibc has libintl itself)
  faketime                                  # end-to-end tests across day boundaries
  openssl                                   # PIN test: checks a stored hash independently of our code
  util-linux mount                          # reliability tests: prlimit, setpriv, a tiny tmpfs
  systemd                                   # systemd-analyze rates the shipped service unit
  ncal                                      # calendar layout cross-check
  python3-dateutil                          # recurrence rules cross-checked by dateutil.rrule (/usr/bin/python3)
  cups cups-client cups-bsd cups-filters printer-driver-cups-pdf poppler-utils  # printing the register
  libcairo2-dev libpango1.0-dev fonts-noto-core qpdf  # the PDF register (cairo, Pango, opened at run time; their headers check the program's declarations), read back by poppler and qpdf
  libxlsxwriter-dev python3-openpyxl        # the register as a spreadsheet (likewise), read back by openpyxl (/usr/bin/python3)
  postgresql-15 postgresql-client-15        # the central store's tests start a real server
  chromium chromium-driver python3-selenium  # the web console's tests drive a real browser (/usr/bin/python3)
  # The WiFi reader against a real kernel (scripts/wifi-vm): an emulated machine whose
  # mac80211_hwsim radios carry access points and stations; busybox is its userland, the
  # regulatory database opens 5 GHz; binutils' strip makes the image's copy of attendance small.
  qemu-system-x86 hostapd wpasupplicant iw busybox-static wireless-regdb binutils
  # The Debian package (make deb): debhelper builds it, help2man writes its manual page from
  # --help, lintian checks it. Its test machine (scripts/package-vm) is debootstrapped, its
  # modules found with kmod's modprobe and its disk made by e2fsprogs' mkfs.ext4 -d.
  debhelper dpkg-dev help2man lintian debootstrap kmod e2fsprogs
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
export DEBIAN_FRONTEND=noninteractive
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The WiFi test machine boots Debian's own kernel (the one linux-image-amd64 points at). Its
# package is downloaded, not installed: installing would run the boot loader's and initramfs
# hooks on this machine. scripts/wifi-vm/build-image.sh unpacks it from here.
kernel_cache=/var/cache/attendance-tests
if ! ls "$kernel_cache"/linux-image-*-amd64_*.deb >/dev/null 2>&1; then
  kernel_package() { apt-cache depends linux-image-amd64 2>/dev/null | sed -n 's/^ *Depends: \(linux-image-.*-amd64\)$/\1/p' | head -n 1; }
  kernel=$(kernel_package)
  [ -n "$kernel" ] || { $sudo apt-get update -qq; kernel=$(kernel_package); }
  [ -n "$kernel" ] || { echo "install-deps.sh: apt knows no linux-image-amd64 to download" >&2; exit 1; }
  echo "downloading the WiFi test machine's kernel: $kernel"
  $sudo mkdir -p "$kernel_cache"
  (cd "$kernel_cache" && $sudo apt-get download -qq "$kernel")
fi
