#!/bin/sh
# The WiFi test machine's scenario (run by /init, busybox sh). It only acts and reports; the
# Swift test on the host (Tests/AttendanceWiFiTests/VirtualMachineTests.swift) decides what is
# right. Every result is one line on file descriptor 3 (the second serial port):
#
#   @@ record NAME STATUS UPTIME STDOUT-BASE64 STDERR-BASE64     ("-" for no output)
#
# Radios from mac80211_hwsim radios=4: wlan0 and wlan1 are access points (hostapd), wlan2 is the
# kiosk's station (wpa_supplicant), wlan3 a second station for the two-interface phase.

export ATTENDANCE_CONFIG=/etc/attendance.toml ATTENDANCE_STORE=/var/lib/attendance/attendance.sqlite
export ATTENDANCE_PEPPER=/etc/attendance-pepper
head -c 32 /dev/urandom >"$ATTENDANCE_PEPPER"

# MARK: - Reporting

. /report.sh

# note NAME TEXT: a fact the host needs, such as an access point's BSSID.
note() {
  printf '%s' "$2" >/tmp/note
  record "$1" 0 /tmp/note /dev/null
}

configure() { printf '[wifi]\nsource = "nl80211"\ninterface = "%s"\n\n[kiosk]\noffice_name = "VM Office"\n' "$1" >"$ATTENDANCE_CONFIG"; }

# MARK: - Access points and stations

cli() { wpa_cli -p /run/wpa_supplicant "$@"; }

# gone FILE: waits (at most 10 s) until a daemon has removed its pid file.
gone() {
  waited=0
  while [ -e "$1" ] && [ $waited -lt 50 ]; do
    sleep 0.2
    waited=$((waited + 1))
  done
}

# ap NAME IFACE LINES...: starts hostapd on IFACE with the given configuration lines.
ap() {
  name=$1 iface=$2
  shift 2
  {
    echo "interface=$iface"
    echo "driver=nl80211"
    for line in "$@"; do echo "$line"; done
  } >"/tmp/hostapd-$iface.conf"
  : >"/tmp/hostapd-$iface.log"
  hostapd -B -P "/run/hostapd-$iface.pid" -f "/tmp/hostapd-$iface.log" "/tmp/hostapd-$iface.conf" >/tmp/out 2>/tmp/err
  status=$?
  # hostapd returns once the interface is set up; the log says whether the BSS is enabled.
  waited=0
  while [ $status -eq 0 ] && ! grep -q "AP-ENABLED" "/tmp/hostapd-$iface.log" && [ $waited -lt 100 ]; do
    sleep 0.2
    waited=$((waited + 1))
  done
  grep -q "AP-ENABLED" "/tmp/hostapd-$iface.log" || status=1
  record "$name" $status "/tmp/hostapd-$iface.log" /tmp/err
}

ap_stop() {
  [ -e "/run/hostapd-$1.pid" ] || return 0
  kill "$(cat "/run/hostapd-$1.pid")"
  gone "/run/hostapd-$1.pid"
}

# station IFACE NETWORK-LINES...: starts wpa_supplicant on IFACE for one network.
station() {
  iface=$1
  shift
  {
    echo "ctrl_interface=/run/wpa_supplicant"
    echo "network={"
    for line in "$@"; do echo "  $line"; done
    echo "}"
  } >"/tmp/wpa-$iface.conf"
  wpa_supplicant -B -D nl80211 -i "$iface" -c "/tmp/wpa-$iface.conf" -P "/run/wpa-$iface.pid" \
    -f "/tmp/wpa-$iface.log"
}

station_stop() {
  [ -e "/run/wpa-$1.pid" ] || return 0
  kill "$(cat "/run/wpa-$1.pid")"
  gone "/run/wpa-$1.pid"
}

# joined NAME IFACE BSSID: waits (at most 30 s) until IFACE has completed joining BSSID, keys
# and all, and records the wait with wpa_cli's status.
joined() {
  waited=0
  while [ $waited -lt 150 ]; do
    cli -i "$2" status >/tmp/out 2>/tmp/err
    grep -q "^wpa_state=COMPLETED" /tmp/out && grep -q "^bssid=$3" /tmp/out && break
    sleep 0.2
    waited=$((waited + 1))
  done
  grep -q "^wpa_state=COMPLETED" /tmp/out && grep -q "^bssid=$3" /tmp/out
  status=$?
  [ $status -eq 0 ] || cat "/tmp/wpa-$2.log" >>/tmp/err
  record "$1" $status /tmp/out /tmp/err
}

# unlinked NAME IFACE: waits (at most 30 s) until the kernel says IFACE is not connected.
unlinked() {
  waited=0
  while iw dev "$2" link | grep -q "^Connected" && [ $waited -lt 150 ]; do
    sleep 0.2
    waited=$((waited + 1))
  done
  iw dev "$2" link >/tmp/out 2>/tmp/err
  ! grep -q "^Connected" /tmp/out
  record "$1" $? /tmp/out /tmp/err
}

# MARK: - The kiosk in a pseudo-terminal (tmux, as the host's kiosk tests use it)

kiosk_start() {
  TERM=xterm-256color tmux -f /dev/null -L kiosk new-session -d -s kiosk -x 80 -y 24 "attendance kiosk"
}

kiosk_keys() { TERM=xterm-256color tmux -L kiosk send-keys -t kiosk "$@"; }

# kiosk_screen NAME TEXT: waits (at most 20 s) until the kiosk's screen shows TEXT, and records
# the last screen seen.
kiosk_screen() {
  waited=0
  while [ $waited -lt 100 ]; do
    TERM=xterm-256color tmux -L kiosk capture-pane -p -t kiosk >/tmp/out 2>/tmp/err
    grep -qF "$2" /tmp/out && break
    sleep 0.2
    waited=$((waited + 1))
  done
  grep -qF "$2" /tmp/out
  record "$1" $? /tmp/out /tmp/err
}

kiosk_stop() { TERM=xterm-256color tmux -L kiosk kill-server; }

# MARK: - Phases

A=$(cat /sys/class/net/wlan0/address)
B=$(cat /sys/class/net/wlan1/address)
note bssids "$A $B"
note clock "$(date -u '+%Y-%m-%dT%H:%M')"
note modules "$(lsmod)"
configure ""

echo "@@ phase open" >&3
run open.unassociated attendance wifi current
ap open.ap-a wlan0 "ssid=OfficeNet" "hw_mode=g" "channel=1"
ap open.ap-b wlan1 "ssid=OfficeNet" "hw_mode=g" "channel=6"
# Scanning only the access points' channels saves seconds per join under emulation.
station wlan2 'ssid="OfficeNet"' "key_mgmt=NONE" "bssid=$A" 'scan_freq=2412 2437'
joined open.joined wlan2 "$A"
run open.iw iw dev wlan2 link
run open.current attendance wifi current
run open.current-json attendance wifi current --format json
run open.allow attendance wifi allow --current --location "HQ lobby"
run open.allowed-json attendance wifi current --format json
run open.employee attendance employee add E001 --name "Asha Rao"
run open.mark-in attendance mark in E001
kiosk_start
kiosk_screen kiosk.allowed "WiFi OfficeNet ($A)"

echo "@@ phase roam" >&3
cli -i wlan2 set_network 0 bssid "$B" >/dev/null
cli -i wlan2 roam "$B" >/dev/null
joined roam.joined wlan2 "$B"
run roam.iw iw dev wlan2 link
run roam.current-json attendance wifi current --format json
run roam.mark-out attendance mark out E001
kiosk_screen kiosk.roamed "WiFi not approved: OfficeNet ($B)"
kiosk_keys E001 Enter
kiosk_screen kiosk.menu "Mark OUT"
kiosk_keys o
kiosk_screen kiosk.refused "NOT recorded"

echo "@@ phase gone" >&3
ap_stop wlan1
ap_stop wlan0
unlinked gone.unlinked wlan2
run gone.current attendance wifi current
run gone.mark-out attendance mark out E001
kiosk_screen kiosk.gone "WiFi: no WiFi interface is associated"
run gone.punches attendance punch list E001 --format json
kiosk_stop
station_stop wlan2

echo "@@ phase wpa2" >&3
ap wpa2.ap wlan0 "ssid=Secure Office" "hw_mode=g" "channel=11" "wpa=2" "wpa_key_mgmt=WPA-PSK" \
  "rsn_pairwise=CCMP" "wpa_passphrase=correct horse battery staple"
station wlan2 'ssid="Secure Office"' "key_mgmt=WPA-PSK" 'psk="correct horse battery staple"' "scan_freq=2462"
joined wpa2.joined wlan2 "$A"
run wpa2.iw iw dev wlan2 link
run wpa2.current-json attendance wifi current --format json
station_stop wlan2
ap_stop wlan0

echo "@@ phase hidden" >&3
ap hidden.ap wlan0 "ssid=Back Office" "hw_mode=g" "channel=1" "ignore_broadcast_ssid=1"
station wlan2 'ssid="Back Office"' "key_mgmt=NONE" "scan_ssid=1" "scan_freq=2412"
joined hidden.joined wlan2 "$A"
run hidden.iw iw dev wlan2 link
run hidden.scan iw dev wlan2 scan dump
run hidden.current-json attendance wifi current --format json
station_stop wlan2
ap_stop wlan0

echo "@@ phase latin1" >&3
# "Café-Net" in Latin-1: the é is the single byte e9, which is not valid UTF-8.
ap latin1.ap wlan0 "ssid2=436166e92d4e6574" "hw_mode=g" "channel=1"
station wlan2 "ssid=436166e92d4e6574" "key_mgmt=NONE" "scan_freq=2412"
joined latin1.joined wlan2 "$A"
run latin1.iw iw dev wlan2 link
run latin1.current attendance wifi current
run latin1.allow attendance wifi allow --current --location "Cafe"
# E001 is still marked in from the first phase; this access point is allowed now.
run latin1.mark-out attendance mark out E001
run latin1.stored sqlite3 -separator ' ' "$ATTENDANCE_STORE" \
  "SELECT 'allowed', bssid, hex(ssid) FROM allowed_wifi ORDER BY bssid; SELECT 'punch', kind, source, bssid, hex(ssid) FROM punch ORDER BY id"
station_stop wlan2
ap_stop wlan0

echo "@@ phase 5ghz" >&3
run 5ghz.reg-set iw reg set DE
sleep 1
run 5ghz.reg-get iw reg get
ap 5ghz.ap wlan0 "ssid=Office 5" "hw_mode=a" "channel=36" "country_code=DE" "ieee80211d=1"
station wlan2 'ssid="Office 5"' "key_mgmt=NONE" "scan_freq=5180"
joined 5ghz.joined wlan2 "$A"
run 5ghz.iw iw dev wlan2 link
run 5ghz.current-json attendance wifi current --format json
station_stop wlan2
ap_stop wlan0

echo "@@ phase two" >&3
ap two.ap-a wlan0 "ssid=North" "hw_mode=g" "channel=1"
ap two.ap-b wlan1 "ssid=South" "hw_mode=g" "channel=6"
# wlan2 joins first, so the station that associated first and the one the kernel lists first
# (the most recently registered radio, wlan3) differ.
station wlan2 'ssid="South"' "key_mgmt=NONE" "scan_freq=2437"
joined two.joined-wlan2 wlan2 "$B"
station wlan3 'ssid="North"' "key_mgmt=NONE" "scan_freq=2412"
joined two.joined-wlan3 wlan3 "$A"
run two.iw-dev iw dev
run two.both attendance wifi current --format json
cli -i wlan3 disconnect >/dev/null
unlinked two.wlan3-unlinked wlan3
run two.only-wlan2 attendance wifi current --format json
configure wlan3
run two.named-wlan3 attendance wifi current
configure ""
station_stop wlan3
station_stop wlan2
ap_stop wlan1
ap_stop wlan0
