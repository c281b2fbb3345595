#!/usr/bin/env bash
# Writes scripts/startup-order.txt, the order in which lld lays out the functions of the shipped
# executable (Package.swift, --symbol-ordering-file): first those that a one-shot command and the
# kiosk run, as callgrind saw them, then everything else.
#
# Why: the kernel maps an executable's code into a process 64 KB at a time around each page it
# touches. Scattered over 90 MB of code, the few thousand functions a mark runs brought 14 MB of
# code into every one-shot mark; side by side they bring a few MB (BENCHMARKS.md, issue 17).
#
#   scripts/startup-order.sh [BINARY]   (default: .build/release/attendance; needs valgrind, tmux)
#
# Run it again after large changes and commit the file. A stale list is harmless: functions it
# does not name are laid out after it, names it lists that no longer exist are skipped.
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

# valgrind cannot read the debug information of a binary this large; the symbol table is enough.
strip -g -o "$work/attendance" "$bin"
export ATTENDANCE_STORE=$work/store.sqlite ATTENDANCE_CONFIG=$work/attendance.toml TZ=Asia/Kolkata
cat >"$ATTENDANCE_CONFIG" <<'EOF'
[policy]
timezone = "Asia/Kolkata"
[wifi]
source = "simulated"
ssid = "OfficeNet"
bssid = "aa:bb:cc:dd:ee:01"
[kiosk]
office_name = "Order Office"
confirm_seconds = 1
EOF
echo 000000 | "$work/attendance" kiosk hash-exit-code >>"$ATTENDANCE_CONFIG"
for n in 1 2 3; do "$work/attendance" employee add "E00$n" --name "Person $n" --start-date 2026-01-01 >/dev/null; done
"$work/attendance" wifi allow --current --location "HQ lobby" >/dev/null

profile() {
  local name=$1
  shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$name" "$work/attendance" "$@" \
    >/dev/null 2>&1 || true
}
# The one-shot mark first: it is the one whose every start counts.
profile 1 mark in E001
profile 2 mark out E001 --note "dentist"
profile 3 mark out E002
profile 4 mark in E999
profile 5 --version
profile 6 calendar E001
profile 7 employee list
profile 8 register
profile 9 summary

# The kiosk, in a real terminal: a mark in, then the manager's exit code.
tmux new-session -d -s "$session" -x 100 -y 32 \
  "valgrind --tool=callgrind --demangle=no --callgrind-out-file=$work/cg.kiosk $work/attendance kiosk"
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

# Every function each run entered, first run first, each named once; only those the executable
# itself defines (libc's and SQLite's are not laid out by this link).
nm --defined-only "$work/attendance" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$work/defined"
for f in "$work"/cg.[0-9] "$work/cg.kiosk"; do
  sed -nE 's/^c?fn=\([0-9]+\) (.+)$/\1/p' "$f"
done | awk 'NR == FNR { defined[$0] = 1; next } ($0 in defined) && !seen[$0]++' "$work/defined" - \
  >scripts/startup-order.txt
echo "scripts/startup-order.txt: $(wc -l <scripts/startup-order.txt) functions"
