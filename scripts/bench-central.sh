#!/usr/bin/env bash
# The central store's figures, against a real PostgreSQL 15 server:
#   scripts/bench-central.sh [PUNCHES] [EMPLOYEES] [BINARY]
# With $BENCH_CENTRAL_URL unset it starts a throwaway server of its own (initdb and pg_ctl in a
# temporary folder, as the postgres user when run as root; loopback only) and removes it after.
# Set BENCH_CENTRAL_URL=postgresql://owner@host:port/db (an empty database; a password, if
# needed, in $ATTENDANCE_CENTRAL_PASSWORD_FILE) to measure a server of your own instead.
#
# 0. the in-process mark path with and without sync rounds beside it (attendance-bench);
# 1. push: a kiosk with a backlog of PUNCHES (default 100,000: a week offline for a large office)
#    sends it in one `attendance sync`;
# 2. pull: a new desk copy takes all of it (the first `--store postgresql://` on a desk), then the
#    same desk's next commands on that copy;
# 3. register: EMPLOYEES (default 10,000) × 31 days written centrally, then the month's register
#    through `--store postgresql://` — the first time (a new desk copy pulls ~2 punches per
#    working day) and again (the copy only asks what changed);
# 4. load (alone with BENCH_ONLY_LOAD=1; none with BENCH_LOAD_KIOSKS=" "): for each count in
#    $BENCH_LOAD_KIOSKS (default "50 500"), that many kiosks, one login each, mark and sync every
#    10 s for $BENCH_SECONDS (default 300) through PgBouncer in transaction mode
#    (attendance-bench central-load; skipped without pgbouncer or the bench).
set -euo pipefail
n=${1:-100000}; employees=${2:-10000}; bin=$(readlink -f "${3:-.build/release/attendance}")
dir=$(mktemp -d /tmp/attendance-bench-central.XXXX)
chmod 755 "$dir"
pgbin=/usr/lib/postgresql/15/bin
as_server() { if [ "$(id -u)" = 0 ]; then setpriv --reuid=postgres --regid=postgres --clear-groups "$@"; else "$@"; fi; }
cleanup() {
  [ -f "$dir/pgbouncer.pid" ] && kill "$(cat "$dir/pgbouncer.pid")" 2>/dev/null || true
  [ -d "$dir/pg" ] && as_server "$pgbin/pg_ctl" -D "$dir/pg" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap cleanup EXIT
[ -n "${BENCH_KEEP:-}" ] && trap - EXIT && echo "kept: $dir"
url=${BENCH_CENTRAL_URL:-}
if [ -z "$url" ]; then
  port=$((20000 + RANDOM % 20000))
  [ "$(id -u)" = 0 ] && chown postgres: "$dir"
  as_server "$pgbin/initdb" -D "$dir/pg" -U owner --auth=trust -E UTF8 --no-instructions >/dev/null
  as_server "$pgbin/pg_ctl" -D "$dir/pg" -l "$dir/pg.log" -w -o \
    "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on -c max_connections=700" start >/dev/null
  psql -X -q -h 127.0.0.1 -p "$port" -U owner -d postgres -c "CREATE DATABASE attendance"
  url="postgresql://owner@127.0.0.1:$port/attendance"
  "$bin" central init --store "$url" >/dev/null
fi
host=${url#*@}; host=${host%%/*}
psql_central() { psql -X -q -v ON_ERROR_STOP=1 -At "$url" -c "$1"; }
seconds() { echo "$2 - $1" | bc; }
now() { date +%s.%N; }
echo "binary: $bin"
echo "server: $(psql_central 'SHOW server_version') at $host"

bench=$(dirname "$bin")/attendance-bench
# BENCH_ONLY_LOAD=1 runs step 4 alone.
if [ -z "${BENCH_ONLY_LOAD:-}" ]; then
# 0: the kiosk's punch latency with sync rounds running beside it (attendance-bench, when built),
# first, while the centre is small: a kiosk in its steady state pulls little.
if [ -x "$bench" ]; then
  BENCH_CENTRAL_URL="$url" "$bench" mark-path-central | grep -E "mark path" || true
else
  echo "(build attendance-bench in release mode for the mark path with sync beside it)"
fi

# 1 and 2: a week offline, then a new desk.
cat > "$dir/k.toml" <<TOML
[policy]
timezone = "UTC"
[central]
url = "$url"
kiosk_id = "bench-kiosk"
tls = "disable"
TOML
printf '[policy]\ntimezone = "UTC"\nworking_days = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]\n' > "$dir/d.toml"
export XDG_CACHE_HOME="$dir/cache"
# The kiosk ran on its own before it joined (a kiosk of the centre takes no administration).
ATTENDANCE_CONFIG="$dir/d.toml" ATTENDANCE_STORE="$dir/k.sqlite" "$bin" employee add B001 --name "Bench One" >/dev/null
# Seeded with the sqlite3 tool, which has no history-link function: the chain's trigger goes.
sqlite3 "$dir/k.sqlite" "DROP TRIGGER punch_chained; WITH RECURSIVE s(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM s WHERE i < $n)
  INSERT INTO punch (employee_id, instant_ms, zone, attendance_date, kind, source, created_at_ms)
  SELECT 1, 1700000000000 + i * 1000, 'UTC', '2023-11-14', CASE i % 2 WHEN 0 THEN 'out' ELSE 'in' END, 'nl80211',
  1700000000000 FROM s;"
start=$(now); ATTENDANCE_CONFIG="$dir/k.toml" ATTENDANCE_STORE="$dir/k.sqlite" "$bin" sync >/dev/null; end=$(now)
push=$(seconds "$start" "$end")
echo "push: $n punches in ${push} s = $(echo "$n / $push" | bc) punches/s"
start=$(now); ATTENDANCE_CONFIG="$dir/d.toml" "$bin" employee list --store "$url" >/dev/null; end=$(now)
pull=$(seconds "$start" "$end")
echo "pull into a new desk copy: $n punches in ${pull} s = $(echo "$n / $pull" | bc) punches/s"
# The same desk's next commands: the copy is warm (its links went up in the round that pulled).
for pass in "next command" "warm (copy up to date)" "warm (copy up to date)"; do
  start=$(now); ATTENDANCE_CONFIG="$dir/d.toml" "$bin" employee list --store "$url" >/dev/null; end=$(now)
  echo "the same desk copy, $pass: $(seconds "$start" "$end") s"
done

# 3: a month of a large organisation, written centrally as kiosks would have pushed it.
psql_central "
  INSERT INTO employee (code, name, start_date, changed_by)
  SELECT format('R%s', lpad(i::text, 5, '0')), format('Register Person %s', i), '2023-01-01', 'bench'
  FROM generate_series(1, $employees) i;
  INSERT INTO punch (node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source, clock_went_back,
    created_at_ms)
  SELECT 'bench-site', row_number() OVER (), format('R%s', lpad(e::text, 5, '0')),
    extract(epoch FROM (d + CASE k WHEN 'in' THEN time '09:00' ELSE time '17:30' END)
      + make_interval(secs => (e * 7 + extract(day FROM d)::int * 13) % 1800))::bigint * 1000,
    'UTC', to_char(d, 'YYYY-MM-DD'), k, 'nl80211', false, 1700000000000
  FROM generate_series(1, $employees) e, generate_series(date '2024-03-01', date '2024-03-31', '1 day') d,
    (VALUES ('in'), ('out')) AS kinds(k)
  WHERE (e + extract(day FROM d)::int) % 10 <> 0;"
month_punches=$(psql_central "SELECT count(*) FROM punch WHERE attendance_date LIKE '2024-03-%'")
rm -rf "$dir/cache"
for pass in "first (new desk copy)" "again (copy up to date)" "again (copy up to date)"; do
  start=$(now)
  ATTENDANCE_CONFIG="$dir/d.toml" "$bin" register --store "$url" --month 2024-03 > "$dir/register.txt"
  end=$(now)
  echo "register $employees × 31 days ($month_punches punches) from the central store, $pass: $(seconds "$start" "$end") s"
done
copy=$(find "$dir/cache" -name '*.sqlite' | head -1)
start=$(now); ATTENDANCE_CONFIG="$dir/d.toml" "$bin" register --store "$copy" --month 2024-03 >/dev/null; end=$(now)
echo "the same register read from the desk copy's SQLite file alone: $(seconds "$start" "$end") s"
echo "register lines: $(wc -l < "$dir/register.txt")"
fi


# 4: many kiosks at once, each with its own login, through PgBouncer in transaction mode.
if [ ! -x "$bench" ]; then
  echo "(build attendance-bench in release mode for the load of many kiosks)"
elif [ -z "${port:-}" ]; then
  echo "(the load of many kiosks runs on this script's own server: leave BENCH_CENTRAL_URL unset)"
elif [ ! -x /usr/sbin/pgbouncer ]; then
  echo "(install the Debian package pgbouncer for the load of many kiosks)"
else
  bouncer=$((port + 1))
  cat > "$dir/pgbouncer.ini" <<INI
[databases]
attendance = host=127.0.0.1 port=$port dbname=attendance
[pgbouncer]
listen_addr = 127.0.0.1
listen_port = $bouncer
unix_socket_dir =
auth_type = trust
auth_file = $dir/pgbouncer.users
pool_mode = transaction
max_client_conn = 2000
ignore_startup_parameters = extra_float_digits,options
logfile = $dir/pgbouncer.log
pidfile = $dir/pgbouncer.pid
INI
  echo '"owner" ""' > "$dir/pgbouncer.users"
  [ "$(id -u)" = 0 ] && chown postgres: "$dir/pgbouncer.ini" "$dir/pgbouncer.users"
  chmod 666 "$dir/pgbouncer.users"
  as_server /usr/sbin/pgbouncer -d "$dir/pgbouncer.ini"
  sleep 1
  for kiosks in ${BENCH_LOAD_KIOSKS:-50 500}; do
    BENCH_CENTRAL_URL="postgresql://owner@127.0.0.1:$bouncer/attendance" BENCH_OWNER_URL="$url" \
      BENCH_PGBOUNCER_AUTH_FILE="$dir/pgbouncer.users" BENCH_PGBOUNCER_PID_FILE="$dir/pgbouncer.pid" \
      BENCH_KIOSKS="$kiosks" BENCH_SECONDS="${BENCH_SECONDS:-300}" "$bench" central-load 2>/dev/null | grep -vE "^(\||$|whole run|machine|load average)" || true
  done
fi
