#!/usr/bin/env bash
# The package test: the .deb `make deb` built, installed into a minimal Debian 12 with systemd as
# PID 1 under QEMU (build-image.sh), driven by scenario.sh over two boots, judged here from the
# results it wrote on the second serial port. `make test-package` runs it; `make test` too.
#
#   scripts/package-vm/run.sh dist/attendance_VERSION_amd64.deb
#
# Exits 0 only when every check passed; otherwise 1, naming each failed check with what the
# machine reported. Nothing is skipped: a missing tool, image or result is a failure.
set -euo pipefail

deb=${1:?usage: run.sh dist/attendance_VERSION_amd64.deb}
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/../../.build/package-vm}
qemu=/usr/bin/qemu-system-x86_64
timeout=${TIMEOUT:-900}
started=$(date +%s)

[ -x "$qemu" ] || { echo "run.sh: $qemu is missing; run scripts/install-deps.sh" >&2; exit 1; }
mkdir -p "$out"
out=$(realpath "$out")
"$here/build-image.sh" "$out" "$deb"
built=$(date +%s)

console="$out/console.log"
results="$out/results.log"
rm -f "$console" "$results"
# KVM is offered on these machines but fails; plain emulation works everywhere. The scenario's
# two stages are two boots of the same disk, each its own QEMU ended by the guest's power-off:
# after a warm reset (a reboot inside one QEMU) the emulated kernel took 22 s more to unpack its
# initramfs. Both boots share one time limit.
status=0
for boot in 1 2; do
  left=$((timeout - ($(date +%s) - built)))
  [ "$left" -gt 0 ] || { status=137; break; }
  timeout --signal=KILL "$left" "$qemu" -accel tcg -cpu max -smp 2 -m 1024 -nodefaults -display none \
    -kernel "$out/vmlinuz" -initrd "$out/initrd.cpio" \
    -append "console=ttyS0 loglevel=4 panic=-1 systemd.show_status=0" \
    -drive "file=$out/disk.img,format=raw,if=virtio" \
    -serial "file:$console.$boot" -serial "file:$results.$boot" || status=$?
  cat "$console.$boot" >>"$console"
  tr -d '\r' <"$results.$boot" >>"$results"
  rm -f "$console.$boot" "$results.$boot"
  [ "$status" -eq 0 ] || break
  # A scenario that ended (or stopped reporting) on the first boot is judged as it is.
  grep -q "^@@ end " "$results" && break
done
ended=$(date +%s)

if [ "$status" -ne 0 ]; then
  echo "run.sh: QEMU ended with status $status (137: killed after ${timeout} s); its last steps (name, status, uptime):" >&2
  cut -d' ' -f1-5 "$results" | tail -n 15 >&2
  echo "its console ends:" >&2
  tail -c 3000 "$console" >&2
  exit 1
fi

# MARK: - Reading the results

# The last record NAME: its status, standard output and standard error.
line() { grep "^@@ record $1 " "$results" | tail -n 1; }
field() { line "$1" | cut -d' ' -f"$2"; }
decode() { [ "$1" = - ] || [ -z "$1" ] || printf '%s' "$1" | base64 -d; }
status_of() { field "$1" 4; }
out_of() { decode "$(field "$1" 6)"; }
err_of() { decode "$(field "$1" 7)"; }

failures=()
fail() {
  failures+=("$1: $2")
  {
    echo "FAILED: $2"
    if [ -n "$(line "$1")" ]; then
      echo "  $1 exited $(status_of "$1"); stdout:"
      out_of "$1" | sed 's/^/    /' | head -n 40
      echo "  stderr:"
      err_of "$1" | sed 's/^/    /' | head -n 20
    else
      echo "  the machine reported no step $1"
    fi
  } >&2
}
# expect NAME STATUS WHAT: step NAME exited STATUS.
expect() { [ -n "$(line "$1")" ] && [ "$(status_of "$1")" = "$2" ] || fail "$1" "$3 (expected exit $2)"; }
# both NAME: step NAME's standard output and error (read whole: grep -q ends a pipe early).
both() { out_of "$1"; err_of "$1"; }
# has NAME PATTERN WHAT: step NAME's output (stdout and stderr) matches the extended regex.
has() { grep -Eq -- "$2" <<<"$(both "$1")" || fail "$1" "$3 (no match for /$2/)"; }
# lacks NAME PATTERN WHAT: it does not.
lacks() { [ -n "$(line "$1")" ] && ! grep -Eq -- "$2" <<<"$(both "$1")" || fail "$1" "$3 (found /$2/)"; }
# value NAME KEY: KEY=VALUE from a `systemctl show` record.
value() { out_of "$1" | sed -n "s/^$2=//p"; }

grep -q "^@@ end " "$results" || fail end "the scenario did not reach its end"

# MARK: - Judging it

for stage in install reboot; do
  has "$stage.system" '^(running|degraded)$' "$stage: systemd finished starting the machine"
  lacks "$stage.failed" 'attendance' "$stage: no attendance unit failed at boot"
  expect "$stage.wifi" 0 "$stage: the kiosk's station joined the hwsim access point"
done

expect install.apt 0 "apt-get install ./attendance_….deb succeeds"
has install.layout '^/etc/attendance root:attendance 750 ' "/etc/attendance is root:attendance 0750"
has install.layout '^/etc/attendance/attendance.toml root:attendance 640 ' "the configuration is root:attendance 0640"
has install.layout '^/etc/attendance/pin-pepper root:root 400 32$' "the pepper is root's, 0400, 32 bytes"
has install.layout '^/var/lib/attendance attendance:attendance 750 ' "/var/lib/attendance is attendance's, 0750"
has install.layout '^/usr/bin/attendance root:root 755 ' "/usr/bin/attendance is installed"
has install.user '^attendance:x:[0-9]+:[0-9]+:.*:/var/lib/attendance:/usr/sbin/nologin$' "a system user attendance"
# (The sync's service has no [Install] section: its timer starts it.)
[ "$(out_of install.enabled | tr '\n' ' ')" = "disabled static disabled disabled static disabled " ] ||
  fail install.enabled "the package enables no unit"
[ "$(out_of install.active | tr '\n' ' ')" = "inactive inactive inactive inactive inactive inactive " ] ||
  fail install.active "the package starts no unit"
has install.units '^ExecStart=/usr/bin/attendance kiosk ' "the kiosk's unit runs /usr/bin/attendance"
has install.units '^ExecStart=/usr/bin/attendance sync$' "the sync's unit runs /usr/bin/attendance"
has install.units '^ExecStart=/usr/bin/attendance store backup .*--into /var/lib/attendance/backups ' \
  "the backup's unit runs /usr/bin/attendance store backup"
lacks install.units '/usr/local' "no unit points into /usr/local"
has install.conffiles '^ /etc/attendance/attendance.toml [0-9a-f]{32}$' "the configuration is a conffile"
has install.conffiles 'libnl-genl-3-200' "Depends names libnl-genl-3 (dpkg-shlibdeps)"
has install.conffiles 'libsqlite3-0' "Depends names SQLite (dpkg-shlibdeps)"
has install.conffiles 'tzdata' "Depends names tzdata"
has install.conffiles 'libpangocairo-1.0-0' "Depends names Pango's cairo library (opened on the first PDF)"
has install.conffiles 'libxlsxwriter4' "Depends names libxlsxwriter (opened on the first workbook)"
has install.man '^\.TH ATTENDANCE "1"' "the manual page is installed"
has install.doc '^copyright$' "the copyright file is installed"
expect install.locale 0 "the French and Spanish catalogs are installed"
has install.doc '^README.md$' "README.md, the units' Documentation=, is installed uncompressed"

expect setup.check 0 "attendance config check accepts the installed configuration"
expect setup.current 1 "wifi current reads the hwsim link (exit 1: not yet allowed)"
has setup.current '^SSID +OfficeNet$' "wifi current names the access point's SSID"
expect setup.allow 0 "wifi allow --current"
expect setup.employee 0 "employee add"
expect setup.mark-in 0 "a punch on the allowed access point"
has setup.mark-in '^IN E001 Asha Rao at ' "mark in says IN"
has setup.pdf '^wrote the register ' "the register as a PDF: cairo and Pango load from the installed Depends"
has setup.xlsx '^wrote the register ' "the register as a workbook: libxlsxwriter loads likewise"
expect kiosk.on 0 "systemctl enable --now attendance-kiosk.service"
for step in kiosk.screen reboot.screen upgrade.screen; do
  expect "$step" 0 "$step: the kiosk's screen is on tty1"
  has "$step" 'Package Test Office' "$step: it shows the configured office name"
done
for step in kiosk.state reboot.state upgrade.state broken.state broken.mended-state layout.state; do
  [ "$(value "$step" ActiveState)/$(value "$step" SubState)" = active/running ] || fail "$step" "$step: the kiosk runs"
  [ "$(value "$step" NRestarts)" = 0 ] || fail "$step" "$step: the kiosk was never restarted by systemd"
done
for step in kiosk.state reboot.state; do
  has "$step" '^NoNewPrivs:[[:space:]]+1$' "$step: no new privileges"
  has "$step" '^Seccomp:[[:space:]]+2$' "$step: under its system-call filter"
  has "$step" '^CapEff:[[:space:]]+0+$' "$step: with no capabilities"
  has "$step" '^tty=/dev/tty1$' "$step: on tty1"
  uid=$(out_of install.user | cut -d: -f3)
  has "$step" "^Uid:[[:space:]]+$uid[[:space:]]" "$step: as the user attendance"
done
has kiosk.store-owner '^/var/lib/attendance/attendance.sqlite attendance:attendance ' "the store is the kiosk user's"
# The filter answers a denied system call with EPERM (errno 1). libdispatch's one line at each start,
# "Failed to set thread priority for worker thread … errno=13", is the kernel refusing an
# unprivileged thread a higher priority (EACCES), not the sandbox, and is the one line let through.
denials='denied|not permitted|EPERM|errno=([02-9]|1$|1[^0-9]|1[0-24-9]|13[0-9])|seccomp|SIGSYS|namespace|Read-only file system|core-dump|Failed with result'
lacks kiosk.journal "$denials" "the kiosk's journal shows no denial (first boot)"
lacks reboot.journal "$denials" "the kiosk's journal shows no denial (after the reboot)"

expect backup.run 0 "the backup's unit runs under its sandbox"
has backup.files '^attendance-[0-9]{4}-[0-9]{2}-[0-9]{2}\.sqlite$' "it wrote today's backup, named by the date"
has backup.files '^attendance:attendance 750$' "the backups' folder is the service's, 0750"
expect backup.check 0 "the backup passes store check"
expect sync.timer-on 0 "the sync timer can be enabled"
expect sync.ran 0 "the timer started attendance-sync.service"
has sync.journal 'no central store is configured' "the timer ran attendance sync, which says no [central] is configured"
lacks sync.journal 'errno=([02-9]|1$|1[^0-9]|1[0-24-9]|13[0-9])|Failed at step' "the sync's unit started it with no denial"

expect web.manager 0 "manager add makes the console's account"
expect web.on 0 "systemctl start attendance-web.service"
expect web.page 0 "the console's unit serves the sign-in page on 127.0.0.1:8080"
has web.signin '^HTTP/1.1 303' "signing in is answered with a redirect"
has web.signin '^[Ss]et-[Cc]ookie: attendance_session=[^;]+;.*HttpOnly' "signing in sets the session's cookie"
has web.register '^HTTP/1.1 200' "the register page opens signed in"
has web.register 'Asha Rao' "the register page shows the kiosk's employee from the kiosk's store"
has web.state '^ActiveState=active$' "the console's unit runs"
has web.state '^NRestarts=0$' "the console's unit was never restarted"
has web.state '^NoNewPrivs:[[:space:]]+1$' "the console runs with no new privileges"
has web.state '^Seccomp:[[:space:]]+2$' "the console runs under its system-call filter"
has web.state '^CapEff:[[:space:]]+0+$' "the console runs with no capabilities"
has web.state "^Uid:[[:space:]]+$(out_of install.user | cut -d: -f3)[[:space:]]" "the console runs as the user attendance"
lacks web.journal "$denials" "the console's journal shows no denial"

expect console.stop 0 "systemctl stop attendance-kiosk"
has console.stty '(^|[ ;])icanon( |;|$)' "tty1 is back in canonical mode"
has console.stty '(^|[ ;])echo( |;|$)' "tty1 echoes again"
expect console.login 0 "a login prompt on tty1 once getty@tty1 is started again"

[ "$(out_of install.punches)" = "$(out_of reboot.punches)" ] && has reboot.punches '"kind" *: *"in"' "the punch" ||
  fail reboot.punches "the punch made before the reboot is still there"
expect reboot.verify 0 "attendance store verify is clean after the reboot"

expect upgrade.apt 0 "apt-get install of the newer build"
has upgrade.version '\+upgrade1$' "the newer build is installed"
expect upgrade.config 0 "the configuration the admin edited is kept by the upgrade"
expect upgrade.pepper 0 "the pepper is kept by the upgrade"
has upgrade.layout '^/etc/attendance/attendance.toml root:attendance 640$' "the configuration's owner and mode after the upgrade"
[ "$(out_of install.punches)" = "$(out_of upgrade.punches)" ] || fail upgrade.punches "the store is kept by the upgrade"
expect upgrade.verify 0 "attendance store verify is clean after the upgrade"
[ "$(value upgrade.state MainPID)" != "$(value reboot.state MainPID)" ] ||
  fail upgrade.state "the upgrade restarted the running kiosk with the new executable"

expect broken.screen 0 "a wrong configuration puts the kiosk on its out-of-service screen"
[ "$(value broken.state MainPID)" = "$(value broken.mended-state MainPID)" ] ||
  fail broken.mended-state "the kiosk started by itself once the configuration was mended, without a restart"
journal_lines=$(out_of broken.journal | wc -l)
[ "$journal_lines" -le 6 ] || fail broken.journal "a wrong configuration floods no journal ($journal_lines lines in 12 s and more)"
expect broken.mended 0 "the kiosk is back once the configuration is mended"
expect layout.as-user 78 "config check as the user attendance, its folder root's alone, exits 78"
has layout.as-user 'may not enter the folder /etc/attendance \(owner root, group root, mode 0750\)' \
  "it names the folder, its owner and mode, not a missing file"
lacks layout.as-user 'does not exist' "it does not call the configuration missing"
expect layout.screen 0 "a configuration folder only root may enter puts the kiosk out of service"
has layout.screen 'may not enter' "the screen names the folder it may not enter"
expect layout.reconfigure 0 "dpkg-reconfigure attendance"
expect layout.mended 0 "the kiosk is back once reconfiguring mended the folder"

expect remove.apt 0 "apt-get remove"
has remove.left '^attendance.sqlite$' "remove keeps the store"
has remove.left '^attendance.toml$' "remove keeps the configuration"
has remove.active '^inactive$' "remove stopped the kiosk"
expect purge.apt 0 "apt-get purge"
has purge.apt 'kept: attendance records are evidence' "purge says it keeps the store"
has purge.left '^/var/lib/attendance/attendance.sqlite attendance:attendance ' "purge keeps the store"
has purge.left '^/etc/attendance/pin-pepper root:root 400$' "purge keeps the pepper the store's PINs need"
expect purge.config 2 "purge removes the configuration"
expect purge.user 0 "the user attendance stays, owning the store"
lacks purge.links 'attendance-' "purge removes the units' enablement (the kiosk and the sync timer the admin enabled)"

finished=$(date +%s)
echo "package test: image $((built - started)) s, QEMU $((ended - built)) s, in all $((finished - started)) s"
if [ ${#failures[@]} -gt 0 ]; then
  echo "package test: ${#failures[@]} check(s) FAILED:" >&2
  printf '  %s\n' "${failures[@]}" >&2
  exit 1
fi
echo "package test: every check passed"
