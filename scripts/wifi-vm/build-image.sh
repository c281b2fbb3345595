#!/usr/bin/env bash
# Builds the WiFi test machine: Debian's own kernel and a small initramfs holding busybox, the
# mac80211_hwsim module and what it needs, hostapd, wpa_supplicant, iw, tmux and the given
# `attendance` executable with the shared libraries it loads. Everything comes from Debian
# packages installed by scripts/install-deps.sh (the kernel package is downloaded there, not
# installed: installing it would run the boot loader's hooks); nothing is kept in git.
#
#   scripts/wifi-vm/build-image.sh OUTPUT_DIR ATTENDANCE_EXECUTABLE
#
# Writes OUTPUT_DIR/vmlinuz and OUTPUT_DIR/initrd.cpio. The kernel package is unpacked once into
# OUTPUT_DIR/kernel-VERSION and reused. Exits non-zero with one line saying what is missing.
set -euo pipefail

out=${1:?usage: build-image.sh OUTPUT_DIR ATTENDANCE_EXECUTABLE}
attendance=${2:?usage: build-image.sh OUTPUT_DIR ATTENDANCE_EXECUTABLE}
here=$(cd "$(dirname "$0")" && pwd)
kernel_cache=${ATTENDANCE_VM_KERNEL_CACHE:-/var/cache/attendance-tests}

fail() { echo "build-image.sh: $*" >&2; exit 1; }

for tool in /bin/busybox /usr/sbin/hostapd /sbin/wpa_supplicant /sbin/wpa_cli /usr/sbin/iw /usr/bin/tmux \
  /usr/bin/sqlite3 /lib/firmware/regulatory.db; do
  [ -e "$tool" ] || fail "$tool is missing; run scripts/install-deps.sh"
done
attendance=$(realpath "$attendance")
[ -x "$attendance" ] || fail "no executable at $attendance; build it first (swift build)"

# MARK: - The kernel, unpacked from its Debian package
. "$here/../debian-kernel.sh"
debian_kernel "$out"
modules="$kernel/lib/modules/$version"
cp "$kernel/boot/vmlinuz-$version" "$out/vmlinuz"

# MARK: - The root file system
root="$out/root"
rm -rf "$root"
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,etc,proc,sys,dev,tmp,run,root,lib/firmware,var/lib/attendance}

# Copies a file to the same path in the image, following symlinks.
put() { mkdir -p "$root$(dirname "$1")" && cp -L "$1" "$root$1"; }

# Every shared library ldd names for a program.
libraries() {
  ldd "$1" | awk '/=> \// { print $3 } /^\t\/lib/ { print $1 }' | while read -r library; do
    [ -e "$root$library" ] || put "$library"
  done
}
program() { put "$1" && libraries "$1"; }

put /bin/busybox
for tool in /usr/sbin/hostapd /sbin/wpa_supplicant /sbin/wpa_cli /usr/sbin/iw /usr/bin/tmux /usr/bin/sqlite3; do
  program "$tool"
done
libraries "$attendance"
# Symbols are a third of a debug build; nothing in the image reads them.
strip --strip-all -o "$root/usr/bin/attendance" "$attendance"

# tmux needs the description of the terminal it runs in and of the one it offers its pane.
for entry in x/xterm-256color s/screen l/linux; do put "/lib/terminfo/$entry"; done
# tmux refuses to start without a UTF-8 locale.
mkdir -p "$root/usr/lib/locale"
cp -r /usr/lib/locale/C.utf8 "$root/usr/lib/locale/"
# The signed regulatory database lets `iw reg set` open 5 GHz channels.
put /lib/firmware/regulatory.db
put /lib/firmware/regulatory.db.p7s
echo "root:x:0:0:root:/root:/bin/sh" >"$root/etc/passwd"
echo "root:x:0:" >"$root/etc/group"

# MARK: - Modules, each after the ones it depends on
# mac80211_hwsim for the radios; ccm and ctr (CCMP) for WPA2; cmac and gcm for the ciphers a
# WPA2 network may also offer. The order is written to /etc/modules for the guest's insmod.
declare -A path_of loaded
while IFS= read -r file; do
  name=$(basename "$file" .ko)
  path_of[${name//-/_}]=$file
done < <(cd "$modules" && find kernel -name '*.ko')
order=()
need() {
  local name=${1//-/_}
  [ -n "${loaded[$name]:-}" ] && return 0
  local file=${path_of[$name]:-}
  # Built into this kernel: nothing to load.
  [ -n "$file" ] || { grep -q "/$1.ko\$\|/${1//_/-}.ko\$" "$modules/modules.builtin" && return 0; fail "no module $1 in $version"; }
  loaded[$name]=1
  local depends
  depends=$(tr '\0' '\n' <"$modules/$file" | sed -n 's/^depends=//p' | head -n 1)
  for dependency in ${depends//,/ }; do need "$dependency"; done
  order+=("$file")
}
for module in mac80211_hwsim ccm ctr cmac gcm; do need "$module"; done
for file in "${order[@]}"; do
  mkdir -p "$root/lib/modules/$(dirname "$file")"
  cp "$modules/$file" "$root/lib/modules/$file"
  echo "/lib/modules/$file" >>"$root/etc/modules"
done

cp "$here/init" "$root/init"
cp "$here/scenario.sh" "$root/scenario.sh"
cp "$here/../vm-report.sh" "$root/report.sh"
chmod 0755 "$root/init" "$root/scenario.sh"

(cd "$root" && find . | /bin/busybox cpio -o -H newc 2>/dev/null) >"$out/initrd.cpio"
rm -rf "$root"
echo "built $out/initrd.cpio ($(du -m "$out/initrd.cpio" | cut -f1) MiB) for kernel $version"
