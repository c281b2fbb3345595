import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// `attendance config`
struct ConfigCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command("config", Phrase("Check the configuration."), subcommands: [ConfigCheck.self])
    }
}

/// `attendance config check`: validates the configuration, prints what is in force, and checks
/// the office against it (the preflight before a kiosk is turned on).
struct ConfigCheck: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "check",
            Phrase("Validate the configuration, print the effective settings and check the office against them."),
            discussion: Phrase(
                "Every problem of the file is reported with the file's name and line, with exit status 78. Then the store is read (never written) and the office checked against the configuration: employees without a PIN while require_pin = true, no allowed access point, a policy time zone other than this machine's, no kiosk exit code. Each is a warning, printed as a comment after the settings with what to do, and the exit status stays 0; with --strict it is 4 when there is one."
            ))
    }

    @OptionGroup var global: GlobalOptions
    @Flag(help: .tr("Exit with status 4 when the office check has a warning.")) var strict = false

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let storePath = global.storePath(configuration: configuration, in: context)
        let words = context.words
        context.out.write(EffectiveConfiguration.render(configuration, storePath: storePath, words: words))
        // The central store's files are read only when it is reached: check them now, for the installer.
        let files = [
            ("password_file", configuration.central?.passwordFile), ("ca_file", configuration.central?.caFile),
        ]
        for case (let key, let path?) in files {
            if case .failure(let reason) = Context.readable(path, words: words) {
                throw CommandFailure(
                    words.tr(
                        "{file}: {key} in [central]: {path} {reason}",
                        [
                            "file": configuration.file ?? words.tr("the configuration"), "key": key, "path": path,
                            "reason": reason,
                        ]), status: .configuration)
            }
        }
        context.out.line(
            words.tr(
                "# configuration OK ({file})", ["file": configuration.file ?? words.tr("built-in defaults")]))
        let check = try OfficeCheck.run(
            configuration, hostZone: context.hostZone, storePath: storePath, now: context.now())
        for finding in check.findings {
            context.out.line(
                words.tr("# warning: {problem}", ["problem": OfficeCheckWording.sentence(finding, words: words)]))
        }
        guard !check.findings.isEmpty else {
            context.out.line(words.tr("# office OK: ready for the kiosk"))
            return
        }
        let count = check.findings.count
        context.out.line(
            words.ntr(
                "# office: {n} warning above; the kiosk runs, but not as configured",
                "# office: {n} warnings above; the kiosk runs, but not as configured", count))
        if strict {
            throw CommandFailure(
                words.ntr(
                    "config check --strict: {n} warning about the office (listed above)",
                    "config check --strict: {n} warnings about the office (listed above)", count),
                status: .officeWarnings)
        }
    }
}

/// The office check's findings in words, each with what to do about it.
enum OfficeCheckWording {
    /// How many codes a warning names before it counts the rest.
    static let codesShown = 5

    static func sentence(_ finding: OfficeCheck.Finding, words: Speech) -> String {
        switch finding {
        case .employeesWithoutPIN(let codes, let employed):
            let shown = codes.prefix(codesShown).map(\.description).joined(separator: ", ")
            let values = ["total": String(employed), "shown": shown]
            return codes.count > codesShown
                ? words.ntr(
                    "require_pin = true, but {n} of {total} employees have no PIN ({shown} and {more} more): the kiosk refuses each of them; set one with `attendance employee set-pin CODE`",
                    "require_pin = true, but {n} of {total} employees have no PIN ({shown} and {more} more): the kiosk refuses each of them; set one with `attendance employee set-pin CODE`",
                    codes.count, values.merging(["more": String(codes.count - codesShown)]) { $1 })
                : words.ntr(
                    "require_pin = true, but {n} of {total} employees have no PIN ({shown}): the kiosk refuses each of them; set one with `attendance employee set-pin CODE`",
                    "require_pin = true, but {n} of {total} employees have no PIN ({shown}): the kiosk refuses each of them; set one with `attendance employee set-pin CODE`",
                    codes.count, values)
        case .noAllowedAccessPoint:
            return words.tr(
                "no access point is allowed: the kiosk refuses every punch; on the kiosk, run `attendance wifi allow --current --location NAME`"
            )
        case .zoneDiffers(let policy, let host):
            return words.tr(
                "[policy] timezone is {policy} but this machine's zone is {host}: every time is stamped and shown in {policy}; remove timezone from [policy] to use the machine's, or set the machine's (timedatectl set-timezone)",
                ["policy": policy.quotedForMessage, "host": host.quotedForMessage])
        case .noExitCode:
            return words.tr(
                "no exit code ([kiosk] exit_code_hash): the kiosk ends only when its service is stopped; make one with `attendance kiosk hash-exit-code` and add its line to [kiosk]"
            )
        case .noStore(let path):
            return words.tr(
                "no store at {path} yet, so its employees and access points were not checked; set the office up with `attendance employee add` and `attendance wifi allow`",
                ["path": path])
        case .olderStore(let path):
            return words.tr(
                "the store at {path} was made by an older version, which a check does not upgrade, so its employees and access points were not checked; the kiosk upgrades it when it starts, as does any command that writes",
                ["path": path])
        }
    }
}

/// The configuration written back as TOML, every key with the value in force.
enum EffectiveConfiguration {
    /// The TOML is the same in every language; only its first comment is in `words`.
    static func render(_ c: Configuration, storePath: String, words: Speech) -> String {
        let p = c.policy
        func quoted(_ s: String) -> String {
            var out = "\""
            for scalar in s.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case _ where scalar.isUnsafeForTerminal: out += String(format: "\\u%04X", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        func hours(_ h: Double) -> String { h == h.rounded() ? String(format: "%.1f", h) : String(h) }
        let days = Weekday.mondayFirst.filter { p.workingDays.contains($0) }.map { quoted($0.rawValue) }
        var lines = [
            words.tr("# effective configuration from {file}", ["file": c.file ?? words.tr("built-in defaults")]),
            "[policy]",
            "timezone = \(quoted(p.zone.identifier))",
            "shift_start = \(quoted(p.shiftStart.description))",
            "shift_end = \(quoted(p.shiftEnd.description))",
            "late_grace_minutes = \(p.lateGraceMinutes)",
            "early_exit_grace_minutes = \(p.earlyExitGraceMinutes)",
            "half_day_below_hours = \(hours(p.halfDayBelowHours))",
            "absent_below_hours = \(hours(p.absentBelowHours))",
            "working_days = [\(days.joined(separator: ", "))]",
            "week_starts = \(quoted(p.weekStarts == .sunday ? "sunday" : "monday"))",
            "duplicate_punch_seconds = \(p.duplicatePunchSeconds)",
            "max_session_hours = \(p.maxSessionHours == p.maxSessionHours.rounded() ? String(Int(p.maxSessionHours)) : String(p.maxSessionHours))",
            "monthly_goal_days = \(p.monthlyGoalDays)",
            "day_change = \(quoted(p.dayChange.description))",
            "edit_window_days = \(p.editWindowDays)",
            "",
            "[store]",
            "path = \(quoted(storePath))",
            "",
            "[wifi]",
            "source = \(quoted(c.wifi.source.rawValue))",
            "interface = \(quoted(c.wifi.interface ?? ""))",
        ]
        if let ssid = c.wifi.simulatedSSID { lines.append("ssid = \(quoted(ssid.escaped))") }
        if let bssid = c.wifi.simulatedBSSID { lines.append("bssid = \(quoted(bssid.description))") }
        lines += [
            "",
            "[kiosk]",
            "office_name = \(quoted(c.kiosk.officeName))",
            "idle_seconds = \(c.kiosk.idleSeconds)",
            "confirm_seconds = \(c.kiosk.confirmSeconds)",
            "require_pin = \(c.kiosk.requirePin)",
            "exit_code_hash = \(quoted(c.kiosk.exitCodeHash == nil ? "" : "(set)"))",
            "",
            "[register]",
            "period_start_day = \(c.register.periodStartDay)",
            "",
            "[leave_types]",
        ]
        for type in p.leaveTypes.all {
            let colour = String(type.colour, radix: 16, uppercase: true)
            lines.append(
                "\(type.name) = { code = \(quoted(type.code)), colour = \(quoted("#" + String(repeating: "0", count: 6 - colour.count) + colour)) }"
            )
        }
        if let central = c.central {
            lines += ["", "[central]", "url = \(quoted(central.url ?? ""))"]
            if let kiosk = central.kioskID { lines.append("kiosk_id = \(quoted(kiosk))") }
            if let file = central.passwordFile { lines.append("password_file = \(quoted(file))") }
            lines += ["sync_seconds = \(central.syncSeconds)", "tls = \(quoted(central.tls.rawValue))"]
            if let file = central.caFile { lines.append("ca_file = \(quoted(file))") }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
