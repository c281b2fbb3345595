#!/usr/bin/env bash
# Sync throughput (issue 15), against a PostgreSQL server you name (an empty database; run
# `attendance central init --store URL` on it first; a password, if needed, in
# $ATTENDANCE_CENTRAL_PASSWORD_FILE):
#   scripts/bench-central.sh postgresql://owner@127.0.0.1:5432/attendance [PUNCHES] [BINARY]
# A kiosk with a backlog of PUNCHES (100,000: a week offline for a large office) pushes it in one
# `attendance sync`; then a new desk copy pulls all of it. Prints both times.
set -euo pipefail
url=$1; n=${2:-100000}; bin=$(readlink -f "${3:-.build/release/attendance}")
dir=$(mktemp -d /tmp/attendance-bench-central.XXXX); trap 'rm -rf "$dir"' EXIT
host=${url#*@}; host=${host%%/*}
cat > "$dir/k.toml" <<TOML
[policy]
timezone = "UTC"
[central]
url = "$url"
kiosk_id = "bench-$RANDOM"
tls = "disable"
TOML
export ATTENDANCE_CONFIG="$dir/k.toml" ATTENDANCE_STORE="$dir/k.sqlite" XDG_CACHE_HOME="$dir/cache"
"$bin" employee add B001 --name "Bench One" >/dev/null
sqlite3 "$ATTENDANCE_STORE" "WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < $n)
  INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms)
  SELECT 1, 1700000000000 + i * 1000, 'UTC', '2023-11-14', CASE i % 2 WHEN 0 THEN 'out' ELSE 'in' END, 'nl80211',
  1700000000000 FROM s;"
start=$(date +%s.%N); "$bin" sync; end=$(date +%s.%N)
push=$(echo "$end - $start" | bc)
echo "push: $n punches in ${push}s = $(echo "$n / $push" | bc) punches/s"
printf '[policy]\ntimezone = "UTC"\n' > "$dir/d.toml"
start=$(date +%s.%N); ATTENDANCE_CONFIG="$dir/d.toml" "$bin" employee list --store "$url" >/dev/null; end=$(date +%s.%N)
pull=$(echo "$end - $start" | bc)
echo "pull into a new desk copy: ${pull}s = $(echo "$n / $pull" | bc) punches/s"
