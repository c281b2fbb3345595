#!/usr/bin/env bash
# Writes scripts/startup-order.txt: the functions a one-shot mark and the kiosk run, in the order
# they first ran, which `make release` gives lld (--symbol-ordering-file) to lay out side by side.
#
# Why: the kernel maps an executable's code 64 KB at a time around each page a process touches
# (fault-around). Scattered over 31 MB of code, the functions of one mark bring about 12 MB of it
# into every mark's memory; side by side, a few MB (BENCHMARKS.md).
#
#   scripts/startup-order.sh [BINARY]   (default: .build/release/attendance; needs valgrind, tmux)
#
# Run it again when `make bench` shows the mark's or the kiosk's memory climbing, and commit the
# file. A stale list does no harm: functions it does not name are laid out after it, and names
# that no longer exist are skipped.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(readlink -f "${1:-.build/release/attendance}")
work=$(mktemp -d /tmp/attendance-startup-order.XXXX)
session=attendance-order-$$
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

# valgrind cannot read the debug information of an executable this large; the symbols are enough.
strip -g -o "$work/attendance" "$bin"
export ATTENDANCE_STORE=$work/store.sqlite ATTENDANCE_CONFIG=$work/attendance.toml
export ATTENDANCE_PEPPER=$work/pin-pepper TZ=Asia/Kolkata
cat >"$ATTENDANCE_CONFIG" <<'EOF'
[wifi]
source = "simulated"
ssid = "OrderNet"
bssid = "02:00:00:0e:00:01"
[kiosk]
office_name = "Order Office"
confirm_seconds = 1
EOF
echo 000000 | "$work/attendance" kiosk hash-exit-code >>"$ATTENDANCE_CONFIG"
for n in 1 2 3; do "$work/attendance" employee add "E00$n" --name "Person $n" --start-date 2026-01-01 >/dev/null; done
"$work/attendance" wifi allow --current --location "Order lobby" >/dev/null

profile() {
  local name=$1
  shift
  valgrind --tool=callgrind --demangle=no --error-exitcode=0 --callgrind-out-file="$work/cg.$name" \
    "$work/attendance" "$@" >"$work/out.$name" 2>&1
}
profile 1 mark in E001
profile 2 mark out E001 --note "dentist"
# Refused (out before in, an unknown code): the paths that word a refusal.
profile 3 mark out E002 || true
profile 4 mark in E999 || true

# The kiosk, in a terminal: one mark in, then the manager's exit code.
tmux new-session -d -s "$session" -x 100 -y 32 \
  "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/cg.5 $work/attendance kiosk"
wait_for() {
  for _ in $(seq 600); do
    tmux capture-pane -p -t "$session" 2>/dev/null | grep -q "$1" && return 0
    sleep 0.1
  done
  echo "startup-order: the kiosk never showed \"$1\"" >&2
  exit 1
}
wait_for "Employee code"
tmux send-keys -t "$session" E003 Enter
wait_for "Mark IN"
tmux send-keys -t "$session" i
wait_for "MARKED IN"
wait_for "Employee code"
tmux send-keys -t "$session" 000000 Enter
for _ in $(seq 300); do tmux has-session -t "$session" 2>/dev/null || break; sleep 0.1; done

# Every function a run entered, the first run first, each named once; only those the executable
# defines (libc's and SQLite's are not laid out by this link).
nm --defined-only "$work/attendance" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$work/defined"
for f in "$work"/cg.[0-9]; do
  sed -nE 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$f"
done | awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined) && !seen[$0]++' "$work/defined" - \
  >scripts/startup-order.txt
echo "scripts/startup-order.txt: $(wc -l <scripts/startup-order.txt) functions"
