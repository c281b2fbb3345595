#!/usr/bin/env bash
# Sets up a demo office in a folder of its own and opens the kiosk on it.
# The WiFi link is SIMULATED (most machines have no WiFi); the kiosk says so on screen.
#   scripts/demo.sh DEMO_DIR ATTENDANCE_BINARY
set -euo pipefail

dir=${1:-demo}
attendance=${2:-attendance}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)

# Everything the demo touches stays inside its folder, even when run as root.
export ATTENDANCE_CONFIG="$dir/attendance.toml"
export ATTENDANCE_STORE="$dir/attendance.sqlite"
export ATTENDANCE_PEPPER="$dir/pin-pepper"

if [ ! -f "$ATTENDANCE_STORE" ]; then
  echo "Creating the demo office in $dir …"
  cat > "$ATTENDANCE_CONFIG" <<TOML
# Demo configuration: a SIMULATED WiFi link, so the kiosk works on machines without WiFi.
[policy]
shift_start = "09:30"
shift_end = "18:00"

[wifi]
source = "simulated"
ssid = "DemoOfficeNet"
bssid = "02:00:00:de:00:01"

[kiosk]
office_name = "Demo Office"
idle_seconds = 30
confirm_seconds = 4
TOML
  # The manager's exit code for the demo is 000000.
  echo 000000 | "$attendance" kiosk hash-exit-code >> "$ATTENDANCE_CONFIG"

  "$attendance" employee add E001 --name "Asha Rao" --start-date "$(date +%Y-%m-01)" >/dev/null
  "$attendance" employee add E002 --name "Bo Chen" --start-date "$(date +%Y-%m-01)" >/dev/null
  "$attendance" employee add E003 --name "Carmen Díaz" --start-date "$(date +%Y-%m-01)" --shift-start 08:00 --shift-end 16:30 >/dev/null
  "$attendance" employee add E004 --name "Dev Patel" --start-date "$(date +%Y-%m-01)" >/dev/null
  "$attendance" employee add E005 --name "Eun-ji Kim" --start-date "$(date +%Y-%m-01)" >/dev/null
  printf '1234\n1234\n' | "$attendance" employee set-pin E005 >/dev/null
  "$attendance" wifi allow --bssid 02:00:00:de:00:01 --ssid DemoOfficeNet --location "Demo lobby (simulated)" >/dev/null

  # Some history: every working day of this month before today, with the odd late arrival,
  # an early exit, a half day, a forgotten mark-out and a day of leave.
  history="$dir/history.csv"
  echo "code,timestamp,kind,note" > "$history"
  today=$(date +%F)
  day=$(date +%Y-%m-01)
  n=0
  leave_day=""
  while [[ "$day" < "$today" ]]; do
    weekday=$(date -d "$day" +%u)
    if [ "$weekday" -le 5 ]; then
      n=$((n + 1))
      for code in E001 E002 E003 E004 E005; do
        start="09:2$((RANDOM % 8))"; end="18:0$((RANDOM % 10))"
        [ "$code" = E003 ] && start="07:5$((RANDOM % 10))" && end="16:3$((RANDOM % 10))"
        [ "$code" = E002 ] && [ $((n % 4)) -eq 1 ] && start="09:5$((RANDOM % 10))"
        [ "$code" = E004 ] && [ $((n % 5)) -eq 2 ] && end="12:40"
        [ "$code" = E001 ] && [ $n -eq 3 ] && continue
        if [ "$code" = E001 ] && [ $n -eq 6 ]; then leave_day=$day; continue; fi
        echo "$code,${day}T${start}:00,in," >> "$history"
        [ "$code" = E005 ] && [ $n -eq 2 ] && continue
        echo "$code,${day}T${end}:00,out," >> "$history"
      done
    fi
    day=$(date -d "$day + 1 day" +%F)
  done
  "$attendance" import punches "$history" >/dev/null
  if [ -n "$leave_day" ]; then
    "$attendance" leave add E001 "$leave_day" --reason "demo: annual leave" >/dev/null
  fi
fi

cat <<MSG

  Demo office ready in $dir (WiFi is SIMULATED).
  Employee codes: E001 … E005 (E005 has the PIN 1234).
  To leave the kiosk: type the manager exit code 000000 and press Enter.
  Afterwards, the manager's commands on this office (the PIN pepper too, for marks by hand):
    export ATTENDANCE_CONFIG=$ATTENDANCE_CONFIG ATTENDANCE_STORE=$ATTENDANCE_STORE \\
      ATTENDANCE_PEPPER=$ATTENDANCE_PEPPER
    $attendance calendar E002

MSG
read -r -t 5 -p "  Opening the kiosk in 5 seconds (Enter to open now) … " _ || true
exec "$attendance" kiosk
