# Sourced by the test machines' scenarios (scripts/wifi-vm/scenario.sh,
# scripts/package-vm/scenario.sh): each step is reported to the host as one line on file
# descriptor 3, a serial port nothing else writes to, and the host decides what is right:
#
#   @@ record NAME STATUS UPTIME STDOUT-BASE64 STDERR-BASE64     ("-" for no output)

encode() { if [ -s "$1" ]; then base64 -w 0 "$1"; else printf -; fi; }

# record NAME STATUS OUT-FILE ERR-FILE
record() { echo "@@ record $1 $2 $(cut -d' ' -f1 /proc/uptime) $(encode "$3") $(encode "$4")" >&3; }

# run NAME COMMAND...: runs it (at most $run_seconds s, 20 unless set) and records its status and output.
run() {
  name=$1
  shift
  timeout "${run_seconds:-20}" "$@" >/tmp/out 2>/tmp/err
  record "$name" $? /tmp/out /tmp/err
}
