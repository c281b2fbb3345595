# Sourced by the test machines' image builders (scripts/wifi-vm/build-image.sh,
# scripts/package-vm/build-image.sh): Debian's own kernel, the package linux-image-amd64 points
# at, which scripts/install-deps.sh downloads into $kernel_cache rather than installs (installing
# would run the boot loader's hooks on this machine).
#
# debian_kernel FOLDER: unpacks the newest of those packages once into FOLDER/kernel-VERSION and
# reuses it; sets $version and $kernel. Needs $kernel_cache and fail().
debian_kernel() {
  local deb
  deb=$(ls -1 "$kernel_cache"/linux-image-*-amd64_*.deb 2>/dev/null | sort -V | tail -n 1 || true)
  [ -n "$deb" ] || fail "no Debian kernel package in $kernel_cache; run scripts/install-deps.sh"
  version=$(basename "$deb" | sed -E 's/^linux-image-([^_]+)_.*/\1/')
  kernel="$1/kernel-$version"
  if [ ! -e "$kernel/.unpacked" ]; then
    rm -rf "$kernel"
    mkdir -p "$kernel"
    dpkg-deb -x "$deb" "$kernel"
    touch "$kernel/.unpacked"
  fi
}
