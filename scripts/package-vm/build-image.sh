#!/usr/bin/env bash
# Builds the package test machine: a minimal Debian 12 with systemd as PID 1 on a virtio disk,
# booted by Debian's own kernel (the package scripts/install-deps.sh downloads) through a small
# initramfs that loads the disk's and mac80211_hwsim's modules and hands over to /sbin/init.
#
#   scripts/package-vm/build-image.sh OUTPUT_DIR ATTENDANCE_DEB
#
# The system is debootstrapped from Debian's mirror once into the cache (CACHE, by default
# /var/cache/attendance-tests/package-vm) for each set of packages, and reused: systemd, hostapd,
# wpa_supplicant, iw and what the .deb's Depends names, so that `apt install ./….deb` in the
# machine needs no network. Nothing of it is kept in git.
#
# Writes OUTPUT_DIR/vmlinuz, OUTPUT_DIR/initrd.cpio and OUTPUT_DIR/disk.img, on whose disk
# /root/package-test holds the .deb, a newer build of it (the same files, version +upgrade1) and
# scenario.sh, which package-test.service runs at every boot. Exits non-zero saying what is missing.
set -euo pipefail

out=${1:?usage: build-image.sh OUTPUT_DIR ATTENDANCE_DEB}
deb=${2:?usage: build-image.sh OUTPUT_DIR ATTENDANCE_DEB}
here=$(cd "$(dirname "$0")" && pwd)
kernel_cache=${ATTENDANCE_VM_KERNEL_CACHE:-/var/cache/attendance-tests}
cache=${CACHE:-$kernel_cache/package-vm}
mirror=${ATTENDANCE_VM_MIRROR:-http://deb.debian.org/debian}

fail() { echo "build-image.sh: $*" >&2; exit 1; }

for tool in /usr/sbin/debootstrap /usr/sbin/mkfs.ext4 /usr/sbin/depmod /usr/sbin/modprobe /bin/busybox /usr/bin/dpkg-deb; do
  [ -x "$tool" ] || fail "$tool is missing; run scripts/install-deps.sh"
done
[ "$(id -u)" -eq 0 ] || fail "run as root: debootstrap and the disk image keep the guest's owners"
[ -f "$deb" ] || fail "no package at $deb; run make deb"
deb=$(realpath "$deb")
package_version=$(dpkg-deb -f "$deb" Version)
mkdir -p "$out" "$cache"

# MARK: - The kernel, unpacked from its Debian package with its module index
. "$here/../debian-kernel.sh"
debian_kernel "$cache"
# The module index modprobe reads (the kernel package leaves it to its installation).
[ -e "$kernel/lib/modules/$version/modules.dep" ] || depmod -b "$kernel" "$version"
cp "$kernel/boot/vmlinuz-$version" "$out/vmlinuz"

# MARK: - The initramfs: the modules for the disk, its file system and the radios, then /sbin/init
initrd="$out/initrd"
rm -rf "$initrd"
mkdir -p "$initrd"/{bin,dev,proc,sys,newroot}
cp /bin/busybox "$initrd/bin/busybox"
: >"$initrd/modules"
for module in virtio_pci virtio_blk ext4 mac80211_hwsim; do
  modprobe -d "$kernel" -S "$version" --show-depends "$module" | while read -r kind file _; do
    [ "$kind" = insmod ] || continue
    file=${file#"$kernel"}
    grep -qxF "$file" "$initrd/modules" && continue
    mkdir -p "$initrd$(dirname "$file")"
    cp "$kernel$file" "$initrd$file"
    echo "$file" >>"$initrd/modules"
  done
done
cp "$here/init" "$initrd/init"
chmod 0755 "$initrd/init"
(cd "$initrd" && find . | /bin/busybox cpio -o -H newc 2>/dev/null) >"$out/initrd.cpio"
rm -rf "$initrd"

# MARK: - Debian 12 with systemd, debootstrapped once per set of packages
# The package's run-time dependencies, each the first of its alternatives, without versions.
depends=$(dpkg-deb -f "$deb" Depends | tr ',' '\n' | sed -E 's/\|.*//; s/\(.*\)//; s/[[:space:]]//g' | grep -v '^$')
packages=$(printf '%s\n' systemd systemd-sysv hostapd wpasupplicant iw $depends | sort -u | paste -sd, -)
key=$(printf '%s %s' "$packages" "$mirror" | sha256sum | cut -c1-12)
base="$cache/bootstrap-$key"
if [ ! -e "$base/.complete" ]; then
  echo "debootstrapping Debian 12 into $base (once): $packages"
  rm -rf "$base.partial"
  mkdir -p "$cache/debs"
  debootstrap --variant=minbase --include="$packages" --cache-dir="$cache/debs" bookworm "$base.partial" "$mirror" \
    >"$cache/debootstrap.log" 2>&1 || fail "debootstrap failed; its log: $cache/debootstrap.log"
  rm -rf "$base.partial"/var/cache/apt/archives/*.deb "$base.partial"/var/lib/apt/lists/*
  rm -rf "$base"
  mv "$base.partial" "$base"
  touch "$base/.complete"
fi

# MARK: - The disk: that system, the packages to install and the scenario
root="$out/root"
rm -rf "$root"
cp -a "$base" "$root"
rm -f "$root/.complete"
echo kiosk >"$root/etc/hostname"
echo "/dev/vda / ext4 rw 0 0" >"$root/etc/fstab"
# A machine id made at the first boot, as on a freshly installed machine.
: >"$root/etc/machine-id"
# Units the test has no use for, which would wait or fail without udev and D-Bus (the serial
# console's getty, the WiFi daemons' own units: the scenario starts hostapd and wpa_supplicant),
# or take apt's lock while the scenario installs (apt's and dpkg's daily timers).
for unit in serial-getty@ttyS0.service wpa_supplicant.service hostapd.service apt-daily.timer \
  apt-daily-upgrade.timer dpkg-db-backup.timer e2scrub_all.timer fstrim.timer; do
  ln -sf /dev/null "$root/etc/systemd/system/$unit"
done

payload="$root/root/package-test"
mkdir -p "$payload"
cp "$deb" "$payload/"
# The newer build: the same files under a higher version, as the next release would come.
upgrade="$out/upgrade"
rm -rf "$upgrade"
dpkg-deb -R "$deb" "$upgrade"
sed -i "s/^Version: .*/Version: $package_version+upgrade1/" "$upgrade/DEBIAN/control"
dpkg-deb --root-owner-group -Zgzip -z1 -b "$upgrade" "$payload/attendance_${package_version}+upgrade1_amd64.deb" >/dev/null
rm -rf "$upgrade"
cp "$here/scenario.sh" "$payload/scenario.sh"
cp "$here/../vm-report.sh" "$payload/report.sh"

cat >"$root/etc/systemd/system/package-test.service" <<'UNIT'
[Unit]
Description=The package test's scenario (scripts/package-vm/scenario.sh)

[Service]
Type=simple
ExecStart=/bin/sh /root/package-test/scenario.sh
StandardOutput=journal+console

[Install]
WantedBy=multi-user.target
UNIT
mkdir -p "$root/etc/systemd/system/multi-user.target.wants"
ln -sf /etc/systemd/system/package-test.service "$root/etc/systemd/system/multi-user.target.wants/"

rm -f "$out/disk.img"
mkfs.ext4 -q -F -L kiosk -d "$root" "$out/disk.img" 2G
rm -rf "$root"
echo "built $out/disk.img for kernel $version with packages $packages"
