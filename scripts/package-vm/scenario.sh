#!/bin/sh
# The package test machine's scenario, run by package-test.service at every boot of the
# Debian 12 guest (systemd as PID 1). It acts as an admin would and reports; the host
# (scripts/package-vm/run.sh) decides what is right from the lines scripts/vm-report.sh writes on
# the second serial port.
#
# The first boot installs the package, sets the office up, turns the kiosk on as the README says,
# runs the sync timer and powers off; the host boots the machine again (run.sh), and the second
# boot checks what the reboot kept, upgrades, breaks the configuration, then removes and purges
# the package and powers off.

exec 3>/dev/ttyS1
stty -F /dev/ttyS1 -opost 2>/dev/null
export PATH=/usr/sbin:/usr/bin:/sbin:/bin DEBIAN_FRONTEND=noninteractive LANG=C.UTF-8
here=/root/package-test
state=/var/lib/package-test
mkdir -p "$state"
deb=$(ls "$here"/attendance_*_amd64.deb | grep -v +upgrade1 | head -n 1)
newer=$(ls "$here"/attendance_*+upgrade1_amd64.deb)
config=/etc/attendance/attendance.toml

# MARK: - Reporting

# apt's upgrade of the 80 MB executable took over two minutes under emulation on a busy host.
run_seconds=300
. "$here/report.sh"
uptime() { cut -d' ' -f1 /proc/uptime; }

# watch NAME TRIES PATTERN COMMAND...: runs COMMAND every half second, at most TRIES times, until
# a line of its output matches PATTERN (grep -E), and records the wait with the last output.
watch() {
  name=$1 tries=$2 pattern=$3
  shift 3
  while :; do
    "$@" >/tmp/out 2>/tmp/err
    grep -qE "$pattern" /tmp/out && break
    tries=$((tries - 1))
    [ $tries -gt 0 ] || break
    sleep 0.5
  done
  grep -qE "$pattern" /tmp/out
  record "$name" $? /tmp/out /tmp/err
}

# screen NAME TEXT: waits (at most 30 s) until tty1 shows TEXT; records the last screen read.
screen() { watch "$1" 60 "$2" fold -w 80 /dev/vcs1; }

# kiosk NAME: the kiosk unit's state, and its process's credentials and sandbox.
kiosk() {
  systemctl show -p ActiveState -p SubState -p NRestarts -p MainPID -p Result attendance-kiosk.service >/tmp/out 2>/tmp/err
  pid=$(sed -n 's/^MainPID=//p' /tmp/out)
  [ "$pid" != 0 ] && grep -E '^(Uid|Gid|NoNewPrivs|Seccomp|CapEff):' "/proc/$pid/status" >>/tmp/out 2>>/tmp/err
  [ "$pid" != 0 ] && echo "tty=$(readlink "/proc/$pid/fd/0")" >>/tmp/out
  record "$1" 0 /tmp/out /tmp/err
}

# The office's WiFi: an open access point on wlan0 and the kiosk's station on wlan1.
wifi() {
  printf 'interface=wlan0\ndriver=nl80211\nssid=OfficeNet\nhw_mode=g\nchannel=1\n' >/tmp/hostapd.conf
  hostapd -B -P /run/hostapd.pid /tmp/hostapd.conf >/tmp/hostapd.log 2>&1
  printf 'ctrl_interface=/run/wpa_supplicant\nnetwork={\n  ssid="OfficeNet"\n  key_mgmt=NONE\n  scan_freq=2412\n}\n' \
    >/tmp/wpa.conf
  wpa_supplicant -B -D nl80211 -i wlan1 -c /tmp/wpa.conf -P /run/wpa.pid >/tmp/wpa.log 2>&1
  watch "$1" 60 "^Connected" iw dev wlan1 link
}

# http METHOD PATH BODY COOKIE: the console's whole answer, headers first, through bash's /dev/tcp
# (the machine has no curl). A script, so that `run` (timeout) can start it.
cat >/usr/local/bin/http <<'EOF'
#!/bin/bash
exec 5<>/dev/tcp/127.0.0.1/8080 || exit 1
printf '%s %s HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nCookie: %s\r\n' "$1" "$2" "$4" >&5
printf 'Content-Type: application/x-www-form-urlencoded\r\nContent-Length: %d\r\n\r\n%s' "${#3}" "$3" >&5
cat <&5
EOF
chmod 755 /usr/local/bin/http

stage=$(cat "$state/stage" 2>/dev/null || echo install)
echo "@@ booted $stage $(uptime)" >&3
# Startup finished: every unit that was to start at boot has started (or failed).
run "$stage.system" systemctl is-system-running --wait
run "$stage.failed" systemctl list-units --failed --no-legend --plain
wifi "$stage.wifi"

case "$stage" in
install)
  # MARK: - Install, as an admin would
  run install.apt apt-get install -y "$deb"
  run install.layout stat -c '%n %U:%G %a %s' /etc/attendance "$config" /etc/attendance/pin-pepper \
    /var/lib/attendance /usr/bin/attendance
  run install.user getent passwd attendance
  run install.enabled systemctl is-enabled attendance-kiosk.service attendance-sync.service attendance-sync.timer attendance-web.service attendance-backup.service attendance-backup.timer
  run install.active systemctl is-active attendance-kiosk.service attendance-sync.service attendance-sync.timer attendance-web.service attendance-backup.service attendance-backup.timer
  run install.units systemctl cat attendance-kiosk.service attendance-sync.service attendance-sync.timer attendance-backup.service attendance-backup.timer
  run install.conffiles dpkg-query -W -f '${Conffiles}\n${Depends}\n' attendance
  run install.man sh -c 'zcat /usr/share/man/man1/attendance.1.gz | head -n 20'
  run install.doc ls /usr/share/doc/attendance
  run install.locale ls /usr/share/locale/fr/LC_MESSAGES/attendance.mo /usr/share/locale/es/LC_MESSAGES/attendance.mo
  sha256sum /etc/attendance/pin-pepper >"$state/pepper.sum"

  # MARK: - The office set up (README), the kiosk turned on
  sed -i 's/^office_name = .*/office_name = "Package Test Office"/' "$config"
  sha256sum "$config" >"$state/config.sum"
  run setup.check attendance config check
  run setup.current attendance wifi current
  run setup.allow attendance wifi allow --current --location Lobby
  run setup.employee attendance employee add E001 --name "Asha Rao"
  run setup.mark-in attendance mark in E001
  # The documents' libraries are opened on the first document, from what Depends installed.
  run setup.pdf attendance register --format pdf --output /tmp/register.pdf
  run setup.xlsx attendance register --format xlsx --output /tmp/register.xlsx
  run kiosk.getty-off systemctl disable --now getty@tty1.service
  run kiosk.on systemctl enable --now attendance-kiosk.service
  screen kiosk.screen "Employee code"
  sleep 5
  kiosk kiosk.state
  run kiosk.store-owner stat -c '%n %U:%G %a' /var/lib/attendance/attendance.sqlite

  # MARK: - The backup's unit writes today's backup under its sandbox, as its timer would start it
  run backup.run systemctl start attendance-backup.service
  run backup.files sh -c 'ls /var/lib/attendance/backups; stat -c "%U:%G %a" /var/lib/attendance/backups'
  run backup.check attendance store check --store "$(ls /var/lib/attendance/backups/attendance-*.sqlite | head -n 1)"

  # MARK: - The sync timer runs `attendance sync`
  # The password a central store's administrator hands out: the unit loads it as its credential
  # and does not start without it. There is no [central] section, so the round itself refuses.
  (umask 0377 && echo not-used >/etc/attendance/central-password)
  run sync.timer-on systemctl enable --now attendance-sync.timer
  watch sync.ran 180 '^[1-9]' systemctl show -p ExecMainExitTimestampMonotonic --value attendance-sync.service
  run sync.result systemctl show -p Result -p ExecMainStatus -p ExecMainExitTimestampMonotonic attendance-sync.service
  run sync.journal journalctl -b -u attendance-sync.service -o cat --no-pager
  run sync.timer-off systemctl disable --now attendance-sync.timer

  # MARK: - The manager's console, as its unit runs it beside the kiosk
  run web.manager sh -c 'echo "package test password" | attendance manager add boss --role manager'
  run web.on systemctl start attendance-web.service
  watch web.page 120 '^HTTP/1.1 200' /usr/local/bin/http GET /login '' none=1
  run web.signin /usr/local/bin/http POST /login 'name=boss&password=package+test+password' none=1
  cookie=$(tr -d '\r' </tmp/out | sed -n 's/^[Ss]et-[Cc]ookie: \(attendance_session=[^;]*\).*/\1/p')
  run web.register /usr/local/bin/http GET /register '' "${cookie:-none=1}"
  systemctl show -p ActiveState -p SubState -p NRestarts attendance-web.service >/tmp/out 2>/tmp/err
  pid=$(systemctl show -p MainPID --value attendance-web.service)
  grep -E '^(Uid|NoNewPrivs|Seccomp|CapEff):' "/proc/$pid/status" >>/tmp/out 2>>/tmp/err
  record web.state 0 /tmp/out /tmp/err
  run web.off systemctl stop attendance-web.service
  run web.journal journalctl -b -u attendance-web.service -o cat --no-pager

  # MARK: - Stopping the kiosk gives the console back
  run console.stop systemctl stop attendance-kiosk.service
  run console.stty stty -F /dev/tty1 -a
  run console.getty systemctl start getty@tty1.service
  screen console.login "login:"
  kiosk kiosk.journal-state
  run kiosk.journal journalctl -b -u attendance-kiosk.service -o cat --no-pager
  run install.punches attendance punch list E001 --format json
  echo reboot >"$state/stage"
  sync
  systemctl poweroff
  ;;

reboot)
  # MARK: - After the reboot: the kiosk on tty1 by itself, the punch still there
  screen reboot.screen "Employee code"
  sleep 5
  kiosk reboot.state
  run reboot.journal journalctl -b -u attendance-kiosk.service -o cat --no-pager
  run reboot.punches attendance punch list E001 --format json
  run reboot.verify attendance store verify

  # MARK: - An upgrade keeps the store and the configuration
  run upgrade.apt apt-get install -y "$newer"
  run upgrade.version dpkg-query -W -f '${Version}' attendance
  run upgrade.config sha256sum -c "$state/config.sum"
  run upgrade.pepper sha256sum -c "$state/pepper.sum"
  run upgrade.layout stat -c '%n %U:%G %a' /etc/attendance "$config" /etc/attendance/pin-pepper /var/lib/attendance
  screen upgrade.screen "Employee code"
  kiosk upgrade.state
  run upgrade.punches attendance punch list E001 --format json
  run upgrade.verify attendance store verify

  # MARK: - A wrong configuration: the out-of-service screen, no restart loop
  cp "$config" /root/attendance.toml.good
  echo 'office_name = ' >>"$config"
  since=$(date '+%Y-%m-%d %H:%M:%S')
  run broken.restart systemctl restart attendance-kiosk.service
  screen broken.screen "OUT OF SERVICE"
  # Long enough for a restart loop (RestartSec=2) to show, and for the kiosk's own retries (5 s).
  sleep 12
  kiosk broken.state
  run broken.journal journalctl -u attendance-kiosk.service --since "$since" -o cat --no-pager
  cp /root/attendance.toml.good "$config"
  screen broken.mended "Employee code"
  kiosk broken.mended-state

  # The layout an older installer made (root's folder): named on screen; reconfiguring mends it.
  chown root:root /etc/attendance
  run layout.as-user setpriv --reuid=attendance --regid=attendance --init-groups attendance config check
  run layout.restart systemctl restart attendance-kiosk.service
  screen layout.screen "OUT OF SERVICE"
  run layout.reconfigure dpkg-reconfigure attendance
  screen layout.mended "Employee code"
  kiosk layout.state

  # MARK: - Remove keeps the store; purge keeps it too and says so
  run remove.apt apt-get remove -y attendance
  run remove.left ls -a /etc/attendance /var/lib/attendance
  run remove.active systemctl is-active attendance-kiosk.service
  run purge.apt apt-get purge -y attendance
  run purge.left stat -c '%n %U:%G %a' /etc/attendance /etc/attendance/pin-pepper /var/lib/attendance \
    /var/lib/attendance/attendance.sqlite
  run purge.config ls "$config"
  run purge.user getent passwd attendance
  run purge.links find /etc/systemd/system /var/lib/systemd/deb-systemd-helper-enabled -name 'attendance-*'
  echo done >"$state/stage"
  echo "@@ end $(uptime)" >&3
  sync
  systemctl poweroff
  ;;

*)
  echo "@@ end $(uptime)" >&3
  systemctl poweroff
  ;;
esac
