# The two commands a newcomer needs:
#   make demo   build, create a demo store with a simulated WiFi link, and open the kiosk
#   make test   install what the tests need, build, and run every test
# And for the curious:
#   make bench  print the benchmark figures (see BENCHMARKS.md)
#   make test-dates  the end-to-end tests on other days too (29 February, both DST changes)
#   make deb    the Debian package, dist/attendance_VERSION_amd64.deb (README, "Deploying a real kiosk")
#   make test-package  that package installed and booted in a Debian 12 machine under QEMU
#   make po    the translations: po/attendance.pot from the sources, po/LANG.po merged, the catalogs
#              built into .build/locale (scripts/po.sh; README, "Languages")

SWIFT ?= swift
DEMO_DIR ?= demo

.PHONY: demo test test-dates test-package deps build release deb bench format clean po

deps:
	@./scripts/install-deps.sh

build: deps
	$(SWIFT) build

# The shipped executable carries the Swift runtime and Foundation inside it (--static-swift-stdlib):
# resolving their symbols at every start cost a one-shot mark a third of its time. libnl and
# SQLite stay system libraries. lld packs its 120,000 relative relocations (DT_RELR) into a few
# KB instead of 2.9 MB that every start reads: 3 MB less resident for each one-shot command.
# The static runtime's link file exports every symbol of the program's own modules
# (-export-dynamic), which nothing looks up, yet every start pages the whole table in: the runtime
# finds its own path with dladdr, which walks every symbol, and the loader searches the executable
# first for each symbol a library needs. --no-export-dynamic has the last word; every process of
# the program, a mark as well as the kiosk, is lighter by that table.
# The functions a mark and the kiosk run are laid out side by side (scripts/startup-order.sh), which
# keeps a mark within its 20 MB and the kiosk within its 25 MB: scattered, their code alone brought
# 12 MB into every mark, 64 KB around each page touched (BENCHMARKS.md).
RELEASE_FLAGS ?= --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
	-Xlinker --no-export-dynamic \
	-Xlinker --symbol-ordering-file=$(CURDIR)/scripts/startup-order.txt -Xlinker --no-warn-symbol-ordering

release: deps
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product attendance

# Fails when a message of the sources is missing from the template, or French or Spanish is incomplete.
po: deps
	@./scripts/po.sh .build/locale

# Every end-to-end scenario runs on its own faked clock (Tests/EndToEndTests/ScenarioClock.swift),
# 2026-11-23 in Asia/Kolkata unless told otherwise; the second run moves them all to the day
# clocks go forward in Europe/Berlin, so a test that leans on one date or zone fails here.
# Scenario days lie in the past: libfaketime's clock running ahead of the real one stops the
# test PostgreSQL server's lock timeouts from firing (its timer_settime interception).
# The WiFi test machine (AttendanceWiFiTests, a QEMU boot of about a minute) runs on a guest clock
# fixed by QEMU and is not an end-to-end suite, so it runs once, in the first pass.
# Last, the package test (test-package): the package installed and booted under QEMU, built from
# the debug build linked with the static runtime (debian/rules, ATTENDANCE_BUILD=debug) rather than
# a release build of ten minutes more; it comes after the suites, whose executable it relinks.
# The tests read the catalogs `make po` built (ATTENDANCE_LOCALEDIR, as a development build does).
test: export ATTENDANCE_LOCALEDIR = $(CURDIR)/.build/locale
test: deps po
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	ATTENDANCE_TEST_DAY=2026-03-29 ATTENDANCE_TEST_ZONE=Europe/Berlin $(SWIFT) test --skip-build --filter EndToEndTests
	$(MAKE) test-package ATTENDANCE_BUILD=debug

test-dates: export ATTENDANCE_LOCALEDIR = $(CURDIR)/.build/locale
test-dates: deps po
	$(SWIFT) build --build-tests
	for day in 2024-02-29/Asia/Kolkata 2026-03-29/Europe/Berlin 2026-10-25/Europe/Berlin 2025-11-02/America/New_York; do \
	  ATTENDANCE_TEST_DAY=$${day%%/*} ATTENDANCE_TEST_ZONE=$${day#*/} $(SWIFT) test --skip-build --filter EndToEndTests || exit 1; \
	done

# The package is built the Debian way (debian/rules: debhelper's dh) from the release build, and
# written to dist/ rather than to the folder above the repository; lintian must find no error in it
# (the warnings kept are listed in debian/README.source).
VERSION = $(shell dpkg-parsechangelog -S Version)
DEB = dist/attendance_$(VERSION)_amd64.deb
SUDO = $$([ "$$(id -u)" -eq 0 ] || echo sudo)

ATTENDANCE_BUILD ?= release

# debian/rules clean first: dh skips the build step of a second `binary` (its build stamp), which
# would package whatever executable the previous one left.
deb: deps
	rm -f dist/attendance_*_amd64.deb
	debian/rules clean
	DEB_RULES_REQUIRES_ROOT=no ATTENDANCE_BUILD=$(ATTENDANCE_BUILD) debian/rules binary
	lintian --fail-on error $(DEB)

# The package installed, booted, upgraded and purged in a minimal Debian 12 with systemd under
# QEMU (scripts/package-vm/run.sh says what it checks). It debootstraps the machine's system once
# into /var/cache/attendance-tests/package-vm and reuses it. On its own it packages the release
# build, as `make deb` does; `make test` runs it on the debug build.
test-package: deb
	$(SUDO) scripts/package-vm/run.sh $(DEB)

# The kiosk speaks the locale's language, or [kiosk] language, through the catalogs `make po` built.
demo: release po
	@ATTENDANCE_LOCALEDIR="$(CURDIR)/.build/locale" ./scripts/demo.sh "$(DEMO_DIR)" "$$($(SWIFT) build -c release --show-bin-path)/attendance"

# The benchmarks measure the executable as `make release` builds it. (A plain `swift build -c
# release --static-swift-stdlib` of every product also links the package plugins' tools, which fails.)
# valgrind counts the instructions of one mark and one register, GNU time measures peak memory (no
# test needs them, so deps leaves them out).
bench: deps
	@[ -x /usr/bin/valgrind ] && [ -x /usr/bin/time ] || { echo "installing valgrind and time"; \
	  $$([ "$$(id -u)" -eq 0 ] || echo sudo) apt-get install -y -qq --no-install-recommends valgrind time >/dev/null; }
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product attendance
	$(SWIFT) build -c release $(RELEASE_FLAGS) --product attendance-bench
	"$$($(SWIFT) build -c release --show-bin-path)/attendance-bench"

# swift-format, shipped with the toolchain, with the settings in .swift-format.
format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Sources Tests

clean:
	rm -rf .build "$(DEMO_DIR)"
