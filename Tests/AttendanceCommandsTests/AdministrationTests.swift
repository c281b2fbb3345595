import AttendanceCommands
import AttendanceCore
import Foundation
import Testing

@Suite("Administration commands")
struct AdministrationTests {
    let h = CommandHarness()

    @Test("employee add then list shows the employee in text, JSON and CSV")
    func addAndList() {
        #expect(
            h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-01-05").out
                == "added E001 Asha Rao; employed from 2026-01-05\n")
        // Without --start-date, the day they are added (the harness's 2026-11-21), and it says so.
        #expect(
            h.run(
                "employee", "add", "E002", "--name", "Bo, \"the\" Builder", "--shift-start", "14:00", "--shift-end",
                "22:30"
            ).out
                == "added E002 Bo, \"the\" Builder; employed from today, 2026-11-21 (--start-date gives an earlier first day)\n"
        )
        #expect(
            h.run("employee", "list").out == """
                CODE  NAME               SHIFT        FROM        UNTIL  STATE
                ----  -----------------  -----------  ----------  -----  ------
                E001  Asha Rao           policy       2026-01-05         active
                E002  Bo, "the" Builder  14:00–22:30  2026-11-21         active

                """)
        let json = h.run("employee", "list", "--format", "json").out
        let parsed = try? JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]]
        #expect(parsed?.map { $0["code"] as? String } == ["E001", "E002"])
        #expect(parsed?.first?["start_date"] as? String == "2026-01-05")
        #expect(
            h.run("employee", "list", "--format", "csv").out
                == "code,name,start_date,end_date,shift_start,shift_end,active,has_pin,pin_locked,department\r\n"
                + "E001,Asha Rao,2026-01-05,,,,yes,no,no,\r\n"
                + "E002,\"Bo, \"\"the\"\" Builder\",2026-11-21,,14:00,22:30,yes,no,no,\r\n")
        // A night shift the office's day_change would cut in two is refused, with one that fits both shifts.
        let night = h.run("employee", "add", "N001", "--name", "Nita", "--shift-start", "22:00", "--shift-end", "06:00")
        #expect(night.status == 65)
        #expect(
            night.err
                == "attendance: N001: the shift 22:00–06:00 does not fit in one attendance date: it ends after "
                + "day_change (04:00) the next morning, on the next attendance date, where its mark-out would be "
                + "refused as \"not marked in\"; set day_change in [policy] to a time outside the shift, such as "
                + "day_change = \"08:00\"; nothing was changed\n")
        #expect(h.run("employee", "edit", "E002", "--shift-start", "22:00", "--shift-end", "06:00").status == 65)
        h.writeConfig("[policy]\nday_change = \"08:00\"\n")
        #expect(h.run("employee", "edit", "E002", "--shift-start", "22:00", "--shift-end", "06:00").status == 0)
    }

    @Test("a new shift judges the past too, and employee edit says so when there are past dates with punches")
    func shiftChangeNote() {
        h.run("employee", "add", "E001", "--name", "Asha", "--start-date", "2026-11-01")
        let none = h.run("employee", "edit", "E001", "--shift-start", "08:00", "--shift-end", "16:30")
        #expect(none.status == 0 && none.err.isEmpty)
        h.run("punch", "add", "E001", "--at", "2026-11-17 09:00", "--kind", "in", "--reason", "kiosk down")
        h.run("punch", "add", "E001", "--at", "2026-11-17 17:00", "--kind", "out", "--reason", "kiosk down")
        let changed = h.run("employee", "edit", "E001", "--shift-start", "07:00", "--shift-end", "15:00")
        #expect(changed.status == 0)
        #expect(
            changed.err
                == "attendance: note: 1 past date with punches (from 2026-11-17) is now judged by the shift 07:00–15:00 "
                + "too: their late and early-exit flags may differ from registers already printed\n")
        #expect(h.run("employee", "edit", "E001", "--name", "Asha Rao").err.isEmpty)
    }

    @Test("a code that starts with the kiosk menu's I or O is added with a note; others without")
    func menuKeyCodes() {
        let added = h.run("employee", "add", "o7", "--name", "Olu Ade")
        #expect(added.status == 0)
        #expect(added.err.contains("o7 starts with O, the kiosk menu's key for Mark OUT"), "\(added.err)")
        let plain = h.run("employee", "add", "E7", "--name", "Eve Ade")
        #expect(plain.status == 0 && plain.err.isEmpty, "\(plain.err)")
    }

    @Test("adding a code that exists exits 65 naming it, in any case")
    func duplicate() {
        h.run("employee", "add", "E001", "--name", "Asha")
        let again = h.run("employee", "add", "e001", "--name", "Other")
        #expect(again.status == 65)
        #expect(again.err == "attendance: an employee with code E001 already exists\n")
        #expect(again.out.isEmpty)
    }

    @Test(
        "bad values are one line on stderr with status 65",
        arguments: [
            (
                ["employee", "add", "bad code", "--name", "x"],
                "attendance: invalid employee code \"bad code\": expected 1–32 letters, digits, '_' or '-' (for example E001)\n"
            ),
            (
                ["employee", "add", "E1", "--name", "Eve\u{1b}[2J"],
                "attendance: invalid name \"Eve\\x1b[2J\": expected 1–100 characters without control characters\n"
            ),
            (
                ["employee", "add", "E1", "--name", "x", "--start-date", "2026-02-30"],
                "attendance: invalid date \"2026-02-30\": expected a real date as YYYY-MM-DD\n"
            ),
            (
                ["employee", "add", "E1", "--name", "x", "--shift-start", "25:00", "--shift-end", "06:00"],
                "attendance: invalid time \"25:00\": expected HH:MM on a 24-hour clock, 00:00–23:59\n"
            ),
            (["employee", "show", "E404"], "attendance: no employee has code \"E404\"\n"),
            (
                ["wifi", "allow", "--bssid", "aa:bb:cc", "--location", "HQ"],
                "attendance: invalid BSSID \"aa:bb:cc\": expected six two-digit hex bytes such as aa:bb:cc:dd:ee:ff (separators ':', '-', '.' or none)\n"
            ),
            (
                ["wifi", "revoke", "aa:bb:cc:dd:ee:99"],
                "attendance: aa:bb:cc:dd:ee:99 is not in the allowed WiFi list\n"
            ),
        ])
    func badValues(arguments: [String], message: String) throws {
        try h.createStore()
        let result = h.run(arguments)
        #expect(result.status == 65)
        #expect(result.err == message)
    }

    @Test("only one of --shift-start/--shift-end is a usage error (64)")
    func halfAShift() {
        let result = h.run("employee", "add", "E1", "--name", "x", "--shift-start", "09:00")
        #expect(result.status == 64)
        #expect(result.err == "attendance: give both --shift-start and --shift-end, or neither\n")
    }

    @Test("edit, show and deactivate; deactivate defaults to today's attendance date")
    func editShowDeactivate() {
        h.run("employee", "add", "E001", "--name", "Asha")
        #expect(
            h.run("employee", "edit", "E001", "--name", "Asha Rao", "--shift-start", "08:00", "--shift-end", "16:30")
                .status == 0)
        #expect(
            h.run("employee", "show", "e001").out == """
                E001  Asha Rao
                  shift:     08:00–16:30 (own)
                  employed:  2026-11-21 to now
                  state:     active
                  PIN:       none

                """)
        #expect(h.run("employee", "edit", "E001").status == 64)
        // The harness clock is 2026-11-21 11:23 in Asia/Kolkata.
        #expect(
            h.run("employee", "deactivate", "E001").out
                == "deactivated E001 Asha Rao; last date 2026-11-21; they can no longer mark\n")
        #expect(
            h.run("employee", "list", "--active-only").out == "everyone has left (1 employee without --active-only)\n")
        #expect(h.run("employee", "list").out.contains("2026-11-21  left 2026-11-21"))
        #expect(h.run("employee", "show", "E001").out.contains("  state:     left 2026-11-21\n"))
        let again = h.run("employee", "deactivate", "E001", "--end-date", "2026-11-25")
        #expect(again.status == 65)
        #expect(
            again.err
                == "attendance: E001 is deactivated already, last date 2026-11-21; nothing was changed — to change the "
                + "last date: attendance employee edit E001 --end-date YYYY-MM-DD (none takes them back)\n")
        // Taken back (a mistake, or re-hired): no last date, and they may mark again.
        #expect(
            h.run("employee", "edit", "E001", "--end-date", "none").out
                == "updated E001 Asha Rao; they may mark in and out again\n")
        #expect(h.run("employee", "show", "E001").out.contains("  state:     active\n"))
    }

    @Test("mark for a deactivated code, or one not started yet, tells the manager why, not 'unknown code'")
    func markWhenNotEmployed() {
        h.run("employee", "add", "E001", "--name", "Asha Rao", "--start-date", "2026-11-01")
        h.run("employee", "add", "E002", "--name", "Bo Chen", "--start-date", "2026-12-01")
        h.run("employee", "deactivate", "E001", "--end-date", "2026-11-20")
        let gone = h.run("mark", "in", "E001")
        #expect(gone.status == 14)
        #expect(gone.err == "attendance: E001 Asha Rao was deactivated: last day 2026-11-20 — NOT recorded\n")
        let early = h.run("mark", "in", "e002")
        #expect(early.status == 14)
        #expect(early.err == "attendance: E002 Bo Chen is not employed yet: starts on 2026-12-01 — NOT recorded\n")
        #expect(h.run("mark", "in", "E404").err == "attendance: unknown code or wrong PIN — NOT recorded\n")
    }

    @Test("a last date still to come is a notice: listed as 'until', active in JSON, and they stay on --active-only")
    func deactivateWithNotice() throws {
        h.run("employee", "add", "E001", "--name", "Asha", "--start-date", "2026-11-01")
        h.run("employee", "add", "E002", "--name", "Ben", "--start-date", "2026-12-01")
        #expect(
            h.run("employee", "deactivate", "E001", "--end-date", "2026-12-31").out
                == "deactivated E001 Asha; last date 2026-12-31; they mark in and out until then\n")
        let listed = h.run("employee", "list", "--active-only").out
        #expect(listed.contains("2026-12-31  until 2026-12-31") && listed.contains("starts 2026-12-01"))
        let json = h.run("employee", "list", "--format", "json").out
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [[String: Any]])
        #expect(rows.map { $0["active"] as? Bool } == [true, false])
    }

    @Test("an end before the start is refused, by deactivate and by edit; nothing changes")
    func endBeforeStart() {
        h.run("employee", "add", "A4", "--name", "Ana", "--start-date", "2026-11-20")
        let refused = h.run("employee", "deactivate", "A4", "--end-date", "2026-11-10")
        #expect(refused.status == 65)
        #expect(
            refused.err
                == "attendance: A4's last date of employment (2026-11-10) would come before their first (2026-11-20); nothing was changed\n"
        )
        #expect(h.run("employee", "edit", "A4", "--end-date", "2026-11-19").status == 65)
        // --force does not make the impossible possible.
        #expect(h.run("employee", "edit", "A4", "--end-date", "2026-11-19", "--force").status == 65)
        #expect(h.run("employee", "show", "A4").out.contains("employed:  2026-11-20 to now\n  state:     active"))
        #expect(!h.run("audit").out.contains("deactivate"))
    }

    @Test("new dates that hide recorded work name the dates and need --force, which the audit keeps")
    func datesThatHideWork() {
        h.run("employee", "add", "E001", "--name", "Asha", "--start-date", "2026-11-01")
        for (at, kind) in [("2026-11-17 09:00", "in"), ("2026-11-17 17:00", "out"), ("2026-11-18 09:00", "in")] {
            #expect(h.run("punch", "add", "E001", "--at", at, "--kind", kind, "--reason", "paper").status == 0)
        }
        let before = h.run("calendar", "E001", "--month", "2026-11").out
        let later = h.run("employee", "edit", "E001", "--start-date", "2026-11-18")
        #expect(later.status == 65)
        #expect(
            later.err
                == "attendance: E001 has recorded work on 2026-11-17, which the new dates would put outside employment "
                + "(shown as \"–\", counted as nothing); nothing was changed — give --force to change them anyway "
                + "(the audit log keeps the dates)\n")
        let earlyEnd = h.run("employee", "deactivate", "E001", "--end-date", "2026-11-16")
        #expect(earlyEnd.status == 65)
        #expect(earlyEnd.err.contains("recorded work on 2026-11-17, 2026-11-18,"), "\(earlyEnd.err)")
        #expect(h.run("calendar", "E001", "--month", "2026-11").out == before)
        // A date that hides nothing needs no --force: an earlier start, or an end after the work.
        #expect(h.run("employee", "edit", "E001", "--start-date", "2026-10-01").status == 0)
        #expect(h.run("employee", "edit", "E001", "--end-date", "2026-11-30").status == 0)
        // Insisting works, and the audit entry names the dates.
        let forced = h.run("employee", "edit", "E001", "--start-date", "2026-11-18", "--force")
        #expect(forced.status == 0, "\(forced.err)")
        #expect(h.run("audit").out.contains("why: forced: puts recorded work outside employment on 2026-11-17\n"))
        #expect(h.run("calendar", "E001", "--month", "2026-11").out != before)
    }

    @Test("an exit code that is an employee's code is refused both ways")
    func exitCodeIsNoEmployeeCode() throws {
        h.run("employee", "add", "Boss42x", "--name", "Boss")
        h.input = ["boss42X"]
        let hashed = h.run("kiosk", "hash-exit-code")
        #expect(hashed.status == 65)
        #expect(hashed.err.contains("that is Boss42x's employee code: at the kiosk the employee would always win"))
        #expect(hashed.out.isEmpty)

        h.input = ["Exit9000"]
        let line = h.run("kiosk", "hash-exit-code").out
        #expect(line.hasPrefix("exit_code_hash = \"pbkdf2-sha256$"))
        h.writeConfig("[kiosk]\n" + line)
        for code in ["Exit9000", "exit9000", "EXIT9000"] {
            let added = h.run("employee", "add", code, "--name", "Someone")
            #expect(added.status == 65, "\(code)")
            #expect(added.err.contains("\(code) is the kiosk's exit code ([kiosk] exit_code_hash)"), "\(added.err)")
        }
        #expect(h.run("employee", "add", "Exit9001", "--name", "Someone").status == 0)
    }

    @Test("wifi allow normalises the BSSID and lists it; revoke hides it")
    func wifi() {
        #expect(
            h.run("wifi", "allow", "--bssid", "AA-BB-CC-DD-EE-01", "--ssid", "OfficeNet", "--location", "HQ").out
                == "allowed aa:bb:cc:dd:ee:01 (OfficeNet) at HQ\n")
        #expect(
            h.run("wifi", "list").out == """
                BSSID              SSID       LOCATION  STATE
                -----------------  ---------  --------  -------
                aa:bb:cc:dd:ee:01  OfficeNet  HQ        allowed

                """)
        #expect(
            h.run("wifi", "list", "--format", "csv").out
                == "bssid,ssid,location,active\r\naa:bb:cc:dd:ee:01,OfficeNet,HQ,yes\r\n")
        #expect(h.run("wifi", "revoke", "aabb.ccdd.ee01").out == "revoked aa:bb:cc:dd:ee:01\n")
        #expect(h.run("wifi", "list").out.hasPrefix("no access points allowed yet"))
        #expect(h.run("wifi", "list", "--all").out.contains("revoked"))
    }

    @Test("a broken configuration names its line and exits 78")
    func brokenConfig() {
        h.writeConfig("[policy]\nshift_start = \"25:00\"\n")
        let result = h.run("employee", "list")
        #expect(result.status == 78)
        #expect(
            result.err.hasSuffix(
                "none.toml:2: shift_start in [policy]: expected \"HH:MM\" on a 24-hour clock (00:00–23:59), found \"25:00\"\n"
            ))
    }

    @Test("config check prints the effective configuration")
    func configCheck() {
        h.writeConfig("[policy]\ntimezone = \"Europe/Berlin\"\nlate_grace_minutes = 5\n")
        let out = h.run("config", "check").out
        #expect(out.contains("timezone = \"Europe/Berlin\"\n"))
        #expect(out.contains("late_grace_minutes = 5\n"))
        #expect(out.contains("shift_start = \"09:30\"\n"))
        #expect(out.contains("path = \"\(h.storePath)\"\n"))
        #expect(out.contains("# configuration OK (\(h.folder)/none.toml)\n"))
    }

    @Test("config check shows [central] in force and names a password or CA file it could not use (78)")
    func configCheckCentral() {
        let password = h.folder + "/central-password"
        _ = FileManager.default.createFile(atPath: password, contents: Data("secret\n".utf8))
        h.writeConfig(
            "[central]\nurl = \"postgresql://kiosk_hq@db.example:5432/attendance\"\nkiosk_id = \"hq-1\"\n"
                + "password_file = \"\(password)\"\n")
        let good = h.run("config", "check")
        #expect(good.status == 0, "\(good.err)")
        #expect(
            good.out.contains(
                "[central]\nurl = \"postgresql://kiosk_hq@db.example:5432/attendance\"\nkiosk_id = \"hq-1\"\n"
                    + "password_file = \"\(password)\"\nsync_seconds = 10\ntls = \"prefer\"\n"), "\(good.out)")
        h.writeConfig(
            "[central]\nurl = \"postgresql://kiosk_hq@db.example:5432/attendance\"\npassword_file = \"\(password)-typo\"\n"
                + "ca_file = \"\(h.folder)\"\n")
        let bad = h.run("config", "check")
        #expect(bad.status == 78)
        #expect(
            bad.err
                == "attendance: \(h.folder)/none.toml: password_file in [central]: \(password)-typo does not exist\n")
        #expect(!bad.out.contains("configuration OK"))
    }

    @Test("a name with escape sequences stored by direct SQL is listed without control characters")
    func hostileStoredName() throws {
        h.run("employee", "add", "E001", "--name", "Asha")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            h.storePath, "UPDATE employee SET name = 'A' || char(27) || '[2J' || char(155) || 'B' || char(8238) || 'C'",
        ]
        try process.run()
        process.waitUntilExit()
        let out =
            h.run("employee", "list").out + h.run("employee", "show", "E001").out
            + h.run("employee", "list", "--format", "json").out
        #expect(
            !out.unicodeScalars.contains {
                ($0.value < 0x20 && $0 != "\n") || (0x7f...0x9f).contains($0.value) || $0.value == 0x202e
            })
        #expect(out.contains("A␛[2J�B�C"))
        #expect(out.contains("A\\u001b[2J\\u009bB\\u202eC"))
    }

    @Test("the default store: /var/lib for root, $XDG_DATA_HOME or ~/.local/share otherwise")
    func defaultStorePaths() throws {
        let options = try GlobalOptions.parse([])
        let configuration = Configuration(hostZone: LocalZone(identifier: "UTC")!)
        var context = h.context()
        context.environment = ["HOME": "/home/asha"]
        #expect(
            options.storePath(configuration: configuration, in: context)
                == "/home/asha/.local/share/attendance/attendance.sqlite")
        context.environment["XDG_DATA_HOME"] = "/data"
        #expect(options.storePath(configuration: configuration, in: context) == "/data/attendance/attendance.sqlite")
        context.environment["XDG_DATA_HOME"] = "relative/ignored"
        #expect(
            options.storePath(configuration: configuration, in: context)
                == "/home/asha/.local/share/attendance/attendance.sqlite")
        context.isRoot = true
        #expect(options.storePath(configuration: configuration, in: context) == "/var/lib/attendance/attendance.sqlite")
    }

    @Test("attendance --help leads with the commands; the exit statuses come after them")
    func rootHelpLeadsWithCommands() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let help = h.run(arguments)
            #expect(help.status == 0)
            let commands = try #require(help.out.range(of: "SUBCOMMANDS:"))
            let statuses = try #require(help.out.range(of: ExitStatus.helpText))
            #expect(commands.upperBound < statuses.lowerBound, "\(arguments)")
            #expect(help.out.hasSuffix(ExitStatus.helpText + "\n"))
        }
        #expect(!h.run("employee", "--help").out.contains("EXIT STATUS"))
    }

    @Test("help for employee import names the columns, shows an example and takes - for standard input")
    func importHelpText() {
        let result = h.run("employee", "import", "--help")
        #expect(result.status == 0)
        #expect(result.out.hasPrefix("OVERVIEW: Add many employees from a CSV file, all or nothing.\n\n"))
        #expect(
            result.out.contains(
                """
                Example:
                  code,name,start_date,shift,department,language
                  E001,Asha Rao,2026-11-02,09:00-17:30,Sales,en
                  E002,"Rao, Priya",,,Stores,

                USAGE: attendance employee import [--config <path>] [--store <path|url>] [--by <name>] <file>

                ARGUMENTS:
                  <file>                  The CSV file, or - for standard input.

                """), "\(result.out)")
    }

    @Test("help for employee add, word for word")
    func helpText() {
        let result = h.run("employee", "add", "--help")
        #expect(result.status == 0)
        #expect(
            result.out == """
                OVERVIEW: Add an employee.

                Codes are 1–32 letters, digits, '_' or '-', unique regardless of case.

                USAGE: attendance employee add [--config <path>] [--store <path|url>] [--by <name>] <code> --name <name> [--start-date <YYYY-MM-DD>] [--shift-start <HH:MM>] [--shift-end <HH:MM>] [--language <en|es|fr>] [--department <name>]

                ARGUMENTS:
                  <code>                  The code the employee types at the kiosk, e.g. E001.

                OPTIONS:
                  --config <path>         The configuration file.
                        Default: $ATTENDANCE_CONFIG, else /etc/attendance/attendance.toml, else
                        built-in defaults.
                  --store <path|url>      The store: a SQLite file, or the central store as
                                          postgresql://USER@HOST:PORT/DATABASE.
                        Default: $ATTENDANCE_STORE, else [store] path, else
                        /var/lib/attendance/attendance.sqlite for root and
                        $XDG_DATA_HOME/attendance/attendance.sqlite otherwise.
                  --by <name>             Who makes the change, for the audit log; recorded
                                          beside the OS user and uid, never instead.
                  --name <name>           The employee's name as calendars show it.
                  --start-date <YYYY-MM-DD>
                                          The first date of employment (default: today, the day
                                          they are added).
                  --shift-start <HH:MM>   Their own shift start, overriding the policy.
                  --shift-end <HH:MM>     Their own shift end.
                  --language <en|es|fr>   The language the kiosk speaks to them (default: the
                                          office's).
                  --department <name>     Their department, which the register groups by.
                  --version               Show the version.
                  -h, --help              Show help information.


                """)
    }
}

@Suite("One exit-status table")
struct ExitStatusTableTests {
    @Test("the README lists the exit statuses word for word as --help does")
    func readmeMatchesHelp() throws {
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")
        let text = try String(contentsOf: readme, encoding: .utf8)
        #expect(text.contains("```text\n" + ExitStatus.helpText + "\n```"))
        #expect(Set(ExitStatus.allCases.map(\.rawValue)).count == ExitStatus.allCases.count)
    }
}
