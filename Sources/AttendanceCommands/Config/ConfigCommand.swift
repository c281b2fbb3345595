import ArgumentParser
import AttendanceCore
import Foundation

/// `attendance config`
struct ConfigCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "config",
        abstract: "Check the configuration.",
        subcommands: [ConfigCheck.self])
}

/// `attendance config check`: validates the configuration and prints what is in force.
struct ConfigCheck: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate the configuration and print the effective settings.",
        discussion: "Every problem is reported with the file's name and line. Exit status 78 when there is one.")

    @OptionGroup var global: GlobalOptions

    func run(in context: Context) throws {
        let configuration = try global.configuration(in: context)
        let storePath = global.storePath(configuration: configuration, in: context)
        context.out.write(EffectiveConfiguration.render(configuration, storePath: storePath))
        // The central store's files are read only when it is reached: check them now, for the installer.
        let files = [
            ("password_file", configuration.central?.passwordFile), ("ca_file", configuration.central?.caFile),
        ]
        for case (let key, let path?) in files {
            if case .failure(let reason) = Context.readable(path) {
                throw CommandFailure(
                    "\(configuration.file ?? "the configuration"): \(key) in [central]: \(path) \(reason)",
                    status: .configuration)
            }
        }
        context.out.line("# configuration OK (\(configuration.file ?? "built-in defaults"))")
    }
}

/// The configuration written back as TOML, every key with the value in force.
enum EffectiveConfiguration {
    static func render(_ c: Configuration, storePath: String) -> String {
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
            "# effective configuration from \(c.file ?? "built-in defaults")",
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
