#!/bin/sh
# Installs the kiosk the way config/attendance-kiosk.service expects it (README "Deploying a
# real kiosk"). As root, from the repository, after `make release`:
#
#   sudo config/install.sh .build/release/attendance
#
# Safe to run again: it replaces the executable and keeps the configuration, the pepper and the
# store, putting their owners and modes right (a layout from an older version of these
# instructions, with the configuration readable by root alone, is mended).
#
# What it makes:
#   user and group attendance (system, no login)      the service runs as this user
#   /usr/local/bin/attendance                          root, 0755
#   /etc/attendance/                                   root:attendance, 0750 — the service's group may enter
#   /etc/attendance/attendance.toml                    root:attendance, 0640 — and read its configuration
#   /etc/attendance/pin-pepper                         root, 0400 — systemd hands the kiosk a copy
#   /var/lib/attendance/                               attendance:attendance, 0750 — the store
#   /etc/systemd/system/attendance-kiosk.service       root, 0644 (not enabled: see the last lines)
#   /usr/share/doc/attendance/README.md                root, 0644 — the unit's Documentation=
#
# ROOT=/some/folder installs under that folder instead of / and leaves systemd alone (the tests
# install this way); KIOSK_USER names another user than attendance.
set -eu

if [ $# -ne 1 ]; then
    echo "usage: sudo $0 path/to/attendance   (the executable make release builds)" >&2
    exit 64
fi
if [ ! -e "$1" ]; then
    echo "$0: $1 not found — run make release first (it builds .build/release/attendance)" >&2
    exit 66
fi
if [ ! -f "$1" ] || [ ! -x "$1" ]; then
    echo "$0: $1 is not an executable file; give the attendance executable make release builds" >&2
    exit 66
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "$0: run as root (sudo): it creates a system user and writes to /etc and /var/lib" >&2
    exit 77
fi
binary=$1
here=$(cd "$(dirname "$0")" && pwd)
root=${ROOT:-}
user=${KIOSK_USER:-attendance}

getent passwd "$user" >/dev/null ||
    useradd --system --user-group --home-dir /var/lib/attendance --shell /usr/sbin/nologin "$user"
group=$(id -gn "$user")

install -d -m 0755 "$root/usr/local/bin"
install -m 0755 -o root -g root "$binary" "$root/usr/local/bin/attendance"
install -d -m 0755 "$root/usr/share/doc/attendance"
install -m 0644 -o root -g root "$here/../README.md" "$root/usr/share/doc/attendance/README.md"

# The configuration: root's, read by the service through its group.
install -d -m 0750 -o root -g "$group" "$root/etc/attendance"
config="$root/etc/attendance/attendance.toml"
[ -e "$config" ] || install -m 0640 "$here/attendance.toml" "$config"
chown "root:$group" "$config"
chmod 0640 "$config"

# The PIN pepper: root's alone. LoadCredential= gives the service its own copy at start.
pepper="$root/etc/attendance/pin-pepper"
[ -e "$pepper" ] || (umask 0377 && head -c 32 /dev/urandom >"$pepper")
chown root:root "$pepper"
chmod 0400 "$pepper"

# The store's folder: the service's user's (StateDirectory= would make it at the first start;
# made now so that `sudo attendance employee add …` can set the office up before that).
install -d -m 0750 -o "$user" -g "$group" "$root/var/lib/attendance"

if [ -z "$root" ]; then
    install -m 0644 -o root -g root "$here/attendance-kiosk.service" /etc/systemd/system/
    systemctl daemon-reload 2>/dev/null || true
    cat <<EOF
Installed. Next:
  1. edit /etc/attendance/attendance.toml (timezone, office_name), then: sudo attendance config check
  2. add employees and access points: sudo attendance employee add …, sudo attendance wifi allow --current …
  3. start it on tty1:
       sudo systemctl disable --now getty@tty1.service
       sudo systemctl enable --now attendance-kiosk.service
EOF
fi
