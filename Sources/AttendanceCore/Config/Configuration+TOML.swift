import AttendanceSync
import AttendanceTOML

extension Configuration {
    /// Reads a configuration file's text. All problems are reported at once, each with its line
    /// and the form that was expected.
    /// `hostZone` is asked for only when the file names no `timezone`: finding the machine's zone
    /// costs a one-shot command more than reading the whole file. A named zone's rules come from
    /// `zones`.
    public init(
        parsing text: String, file: String, hostZone: @autoclosure () -> LocalZone, zones: ZoneDatabase
    ) throws(CoreError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text, file: file)
        } catch {
            throw .configuration([ConfigIssue(error)])
        }
        // The zone the file names, read before every other key (a name no database knows is named
        // at its line below).
        var zoneName: String?
        if case .table(let policy)? = document.root["policy"]?.value,
            case .string(let name)? = policy["timezone"]?.value
        {
            zoneName = name
        }
        let named = zoneName.flatMap { LocalZone(identifier: $0, in: zones) }
        self.init(hostZone: named ?? hostZone())
        self.file = file
        var tableIssues: [ConfigIssue] = []
        var keyIssues: [ConfigIssue] = []

        // [policy], policy.key = … and policy = { … } all arrive as the table `policy`, so each
        // is checked the same way.
        for entry in document.root.entries {
            guard case .table(let table) = entry.value else {
                if case .array(let items) = entry.value, !items.isEmpty,
                    items.allSatisfy({ if case .table = $0 { true } else { false } })
                {
                    let problem =
                        Self.schema[entry.key] == nil
                        ? Self.unknownTable(entry.key) : ConfigProblem.arrayOfTables(table: entry.key)
                    tableIssues.append(ConfigIssue(file: file, line: entry.line, problem: problem))
                } else {
                    keyIssues.append(
                        ConfigIssue(file: file, line: entry.line, problem: .keyOutsideTable(key: entry.key)))
                }
                continue
            }
            // Its keys are the office's own leave types, not a fixed list.
            if entry.key == "leave_types" {
                keyIssues += readLeaveTypes(table, file: file)
                continue
            }
            guard let keys = Self.schema[entry.key] else {
                tableIssues.append(
                    ConfigIssue(file: file, line: table.line, problem: Self.unknownTable(entry.key)))
                continue
            }
            for setting in table.entries {
                guard let rule = keys[setting.key] else {
                    let problem = ConfigProblem.unknownKey(
                        key: setting.key, table: entry.key,
                        suggestion: Self.suggestion(for: setting.key, among: Self.keyOrder[entry.key] ?? []))
                    keyIssues.append(ConfigIssue(file: file, line: setting.line, problem: problem))
                    continue
                }
                if let problem = rule(&self, setting.value) {
                    keyIssues.append(
                        ConfigIssue(
                            file: file, line: setting.line, problem: .value(key: setting.key, table: entry.key, problem)
                        ))
                }
            }
        }
        if let zoneName, named == nil {
            let line = document.line(of: "timezone", in: "policy")
            keyIssues.append(
                ConfigIssue(
                    file: file, line: line, problem: .value(key: "timezone", table: "policy", .unknownZone(zoneName))))
        }
        // Tables first, then keys, each in file order: a misspelt table explains its keys.
        var issues = tableIssues.sortedByLine() + keyIssues.sortedByLine()
        if let centralEntry = document.root.entries.first(where: { $0.key == "central" }) {
            if central == nil { central = CentralSettings() }
            // A url that is there but wrong has its own message already.
            if central?.url == nil, document.line(of: "url", in: "central") == nil {
                let line = centralEntry.line
                issues.append(ConfigIssue(file: file, line: line, problem: .centralNeedsURL))
            }
            if let central, central.tls == .disable, let url = central.url,
                let address = try? CentralAddress(parsing: url), !address.staysOnThisMachine
            {
                let line = document.line(of: "tls", in: "central") ?? centralEntry.line
                issues.append(
                    ConfigIssue(file: file, line: line, problem: .plainTextToCentral(host: address.host ?? "")))
            }
        }
        if wifi.source == .simulated && (wifi.simulatedBSSID == nil) {
            let line = document.line(of: "source", in: "wifi")
            issues.append(ConfigIssue(file: file, line: line, problem: .simulatedNeedsBSSID))
        }
        if policy.absentBelowHours > 0, policy.absentBelowHours >= policy.halfDayBelowHours {
            // Every date under half_day_below_hours would be absent first: HD could never happen.
            let line =
                document.line(of: "absent_below_hours", in: "policy")
                ?? document.line(of: "half_day_below_hours", in: "policy")
            issues.append(
                ConfigIssue(
                    file: file, line: line,
                    problem: .absentNotBelowHalfDay(absent: policy.absentBelowHours, halfDay: policy.halfDayBelowHours))
            )
        }
        if let misfit = policy.shiftMisfit() {
            let line =
                document.line(of: "day_change", in: "policy") ?? document.line(of: "shift_end", in: "policy")
                ?? document.line(of: "shift_start", in: "policy")
            issues.append(ConfigIssue(file: file, line: line, problem: .shiftMisfit(misfit)))
        }
        if !issues.isEmpty { throw .configuration(issues) }
    }

    // MARK: - The schema

    /// Applies one value; returns what was wrong with it, or nil.
    typealias Rule = @Sendable (inout Configuration, TOMLDocument.Value) -> ValueProblem?

    static let tableOrder = ["policy", "store", "wifi", "kiosk", "register", "leave_types", "central"]

    static let keyOrder: [String: [String]] = [
        "policy": [
            "timezone", "shift_start", "shift_end", "late_grace_minutes", "early_exit_grace_minutes",
            "half_day_below_hours", "absent_below_hours", "working_days", "week_starts",
            "duplicate_punch_seconds", "max_session_hours", "monthly_goal_days", "day_change",
            "edit_window_days",
        ],
        "store": ["path"],
        "wifi": ["source", "interface", "ssid", "bssid"],
        "kiosk": ["office_name", "idle_seconds", "confirm_seconds", "require_pin", "exit_code_hash", "language"],
        "register": ["period_start_day"],
        "central": ["url", "kiosk_id", "password_file", "sync_seconds", "tls", "ca_file"],
    ]

    static func unknownTable(_ name: String) -> ConfigProblem {
        .unknownTable(name: name, suggestion: suggestion(for: name, among: tableOrder))
    }

    static let schema: [String: [String: Rule]] = [
        "central": centralRules,
        "policy": [
            // Read, and set, before every other key: a text here.
            "timezone": text { _, _ in nil },
            "shift_start": time { $0.policy.shiftStart = $1 },
            "shift_end": time { $0.policy.shiftEnd = $1 },
            "day_change": time { $0.policy.dayChange = $1 },
            "late_grace_minutes": integer(0...720, unit: .minutes) { $0.policy.lateGraceMinutes = $1 },
            "early_exit_grace_minutes": integer(0...720, unit: .minutes) { $0.policy.earlyExitGraceMinutes = $1 },
            "duplicate_punch_seconds": integer(0...3600, unit: .seconds) { $0.policy.duplicatePunchSeconds = $1 },
            "monthly_goal_days": integer(0...31, unit: .days) { $0.policy.monthlyGoalDays = $1 },
            "edit_window_days": integer(0...3660, unit: .days) { $0.policy.editWindowDays = $1 },
            "half_day_below_hours": hours(0...24) { $0.policy.halfDayBelowHours = $1 },
            "absent_below_hours": hours(0...24) { $0.policy.absentBelowHours = $1 },
            "max_session_hours": hours(1...48) { $0.policy.maxSessionHours = $1 },
            "working_days": { config, value in
                guard case .array(let items) = value else { return .expected(.dayNames, found: .type(value.type)) }
                var days: Set<Weekday> = []
                for item in items {
                    guard case .string(let name) = item else {
                        return .expected(.dayNames, found: .typeInArray(item.type))
                    }
                    guard let day = Weekday(rawValue: name.lowercased()) else { return .notADayName(name) }
                    guard days.insert(day).inserted else { return .dayTwice(name) }
                }
                config.policy.workingDays = days
                return nil
            },
            "week_starts": text { config, value in
                switch value.lowercased() {
                case "monday", "mon": config.policy.weekStarts = .monday
                case "sunday", "sun": config.policy.weekStarts = .sunday
                default: return .expected(.weekStart, found: .text(value))
                }
                return nil
            },
        ],
        "store": [
            "path": text({ $0.isAbsolutePath && !$0.hasSuffix("/") ? $0 : nil }) { _ in
                .expected(.storePath, found: .nothing)
            } apply: {
                $0.store.path = $1
            }
        ],
        "wifi": [
            "source": text(WiFiSettings.Source.init(rawValue:)) {
                .expected(.wifiSource, found: .text($0))
            } apply: {
                $0.wifi.source = $1
            },
            "interface": clearableText({ try? InterfaceName(parsing: $0).rawValue }) { _ in
                .expected(.interfaceName, found: .nothing)
            } apply: {
                $0.wifi.interface = $1
            },
            "ssid": text({ try? SSID(parsing: $0) }) { _ in
                .expected(.ssid, found: .nothing)
            } apply: {
                $0.wifi.simulatedSSID = $1
            },
            "bssid": text({ try? BSSID(parsing: $0) }) {
                .expected(.bssid, found: .text($0))
            } apply: {
                $0.wifi.simulatedBSSID = $1
            },
        ],
        "kiosk": [
            "office_name": text({ try? PersonName(parsing: $0).rawValue }) { _ in
                .expected(.officeName, found: .nothing)
            } apply: {
                $0.kiosk.officeName = $1
            },
            "idle_seconds": integer(5...3600, unit: .seconds) { $0.kiosk.idleSeconds = $1 },
            "confirm_seconds": integer(1...60, unit: .seconds) { $0.kiosk.confirmSeconds = $1 },
            "require_pin": { config, value in
                guard case .boolean(let flag) = value else { return .expected(.trueOrFalse, found: .type(value.type)) }
                config.kiosk.requirePin = flag
                return nil
            },
            "exit_code_hash": clearableText({
                $0.hasPrefix("pbkdf2-sha256$") && $0.split(separator: "$").count == 4 ? $0 : nil
            }) { _ in
                .expected(.exitCodeHash, found: .nothing)
            } apply: {
                $0.kiosk.exitCodeHash = $1
            },
            "language": text(Language.init(code:)) {
                .expected(.language(available: Language.available.map(\.code).sorted()), found: .text($0))
            } apply: {
                $0.kiosk.language = $1
            },
        ],
        "register": [
            "period_start_day": { config, value in
                guard case .integer(let day) = value else {
                    return .expected(.wholeNumberAlone, found: .type(value.type))
                }
                guard (1...28).contains(day) else { return .expected(.periodStartDay, found: .number(String(day))) }
                config.register.periodStartDay = day
                return nil
            }
        ],
    ]

    // MARK: - [central]

    static let centralRules: [String: Rule] = [
        "url": text { config, value in
            do throws(CoreError) {
                _ = try CentralAddress(parsing: value)
            } catch {
                return .centralAddress(error)
            }
            config.central(\.url, value)
            return nil
        },
        "kiosk_id": text({ try? NodeName(parsing: $0).rawValue }) { _ in
            .expected(.kioskID, found: .nothing)
        } apply: {
            $0.central(\.kioskID, $1)
        },
        "password_file": text({ $0.isAbsolutePath ? $0 : nil }) { _ in
            .expected(.passwordFilePath, found: .nothing)
        } apply: {
            $0.central(\.passwordFile, $1)
        },
        "ca_file": text({ $0.isAbsolutePath ? $0 : nil }) { _ in
            .expected(.certificatePath, found: .nothing)
        } apply: {
            $0.central(\.caFile, $1)
        },
        "tls": text(CentralSettings.TLSMode.init(rawValue:)) {
            .expected(.tlsMode, found: .text($0))
        } apply: {
            $0.central(\.tls, $1)
        },
        "sync_seconds": integer(1...3600, unit: .seconds) { $0.central(\.syncSeconds, $1) },
    ]

    /// Sets one `[central]` key, creating the section's settings on first use.
    mutating func central<Value>(_ key: WritableKeyPath<CentralSettings, Value>, _ value: Value) {
        var settings = central ?? CentralSettings()
        settings[keyPath: key] = value
        central = settings
    }

    // MARK: - Rule builders

    static func text(_ apply: @escaping @Sendable (inout Configuration, String) -> ValueProblem?) -> Rule {
        { config, value in
            guard case .string(let string) = value else {
                return .expected(.quotedString, found: .type(value.type))
            }
            return apply(&config, string)
        }
    }

    /// A text that `parse` reads into a setting, or `expected` words why it cannot (given the text).
    static func text<Value>(
        _ parse: @escaping @Sendable (String) -> Value?, expected: @escaping @Sendable (String) -> ValueProblem,
        apply: @escaping @Sendable (inout Configuration, Value) -> Void
    ) -> Rule {
        text { config, string in
            guard let value = parse(string) else { return expected(string) }
            apply(&config, value)
            return nil
        }
    }

    /// A text as `text(_:expected:apply:)` reads it, where "" clears the setting (sets it to nil).
    static func clearableText<Value>(
        _ parse: @escaping @Sendable (String) -> Value?, expected: @escaping @Sendable (String) -> ValueProblem,
        apply: @escaping @Sendable (inout Configuration, Value?) -> Void
    ) -> Rule {
        text(
            { string -> Value?? in string.isEmpty ? .some(nil) : parse(string).map { Optional($0) } },
            expected: expected, apply: apply)
    }

    /// A time of day: the text "09:30", or TOML's local time 09:30:00 (whole minutes only).
    static func time(_ apply: @escaping @Sendable (inout Configuration, WallClockTime) -> Void) -> Rule {
        { config, value in
            switch value {
            case .string(let string):
                guard let time = try? WallClockTime(parsing: string) else {
                    return .expected(.clockTime, found: .text(string))
                }
                apply(&config, time)
                return nil
            case .localTime(let local):
                let written = [local.hour, local.minute, local.second].map { String($0).leftPadded(to: 2) }
                    .joined(separator: ":")
                guard local.second == 0, local.nanosecond == 0,
                    let time = WallClockTime(hour: local.hour, minute: local.minute)
                else {
                    return .secondsInTime(written: written + (local.nanosecond == 0 ? "" : ".…"))
                }
                apply(&config, time)
                return nil
            default:
                return .expected(.clockTimeOrLocalTime, found: .type(value.type))
            }
        }
    }

    static func integer(
        _ range: ClosedRange<Int>, unit: ConfigUnit, _ apply: @escaping @Sendable (inout Configuration, Int) -> Void
    ) -> Rule {
        { config, value in
            guard case .integer(let number) = value else {
                return .expected(.wholeNumber(of: unit), found: .type(value.type))
            }
            guard range.contains(number) else { return .expected(.range(range, unit), found: .number(String(number))) }
            apply(&config, number)
            return nil
        }
    }

    static func hours(
        _ range: ClosedRange<Double>, _ apply: @escaping @Sendable (inout Configuration, Double) -> Void
    ) -> Rule {
        { config, value in
            let number: Double
            switch value {
            case .integer(let int): number = Double(int)
            case .float(let double): number = double
            default: return .expected(.hours, found: .type(value.type))
            }
            guard range.contains(number) else {
                return .expected(
                    .hoursRange(Int(range.lowerBound)...Int(range.upperBound)), found: .number("\(number)"))
            }
            apply(&config, number)
            return nil
        }
    }

    /// A known name one or two edits away from `name` ("shift_start" for "shfit_start"), or nil.
    ///
    /// Names more than two characters longer or shorter are never within two edits, and are
    /// not measured: the distance takes time in the product of the lengths, and a key can be a
    /// megabyte long.
    static func suggestion(for name: String, among known: [String]) -> String? {
        let length = name.count
        let best = known.filter { abs($0.count - length) <= 2 }.map { ($0, name.editDistance(to: $0)) }.min {
            $0.1 < $1.1
        }
        guard let best, best.1 <= 2 else { return nil }
        return best.0
    }
}

extension [ConfigIssue] {
    /// In file order; issues on one line keep their order.
    fileprivate func sortedByLine() -> [ConfigIssue] {
        enumerated().sorted { ($0.element.line ?? 0, $0.offset) < ($1.element.line ?? 0, $1.offset) }.map(\.element)
    }
}

extension String {
    /// An absolute path with nothing in it a terminal would take as a command.
    fileprivate var isAbsolutePath: Bool {
        hasPrefix("/") && !unicodeScalars.contains(where: \.isUnsafeForTerminal)
    }
}
