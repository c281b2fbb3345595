import AttendanceTOML

extension Configuration {
    /// Reads a configuration file's text. All problems are reported at once, each with its line
    /// and the form that was expected.
    /// `hostZone` is asked for only when the file names no `timezone`: finding the machine's zone
    /// costs a one-shot command more than reading the whole file.
    public init(parsing text: String, file: String, hostZone: @autoclosure () -> LocalZone) throws(CoreError) {
        let document: TOMLDocument
        do {
            document = try TOMLDocument(parsing: text, file: file)
        } catch {
            throw .configuration([error])
        }
        // The zone the file names, which its rule below sets again (or refuses, with its line).
        var named: LocalZone?
        if case .table(let policy)? = document.root["policy"]?.value,
            case .string(let name)? = policy["timezone"]?.value
        {
            named = LocalZone(identifier: name)
        }
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
                    let message =
                        Self.schema[entry.key] == nil
                        ? Self.unknownTableMessage(entry.key)
                        : "[[\(entry.key)]] is an array of tables; write it once, as [\(entry.key)]"
                    tableIssues.append(ConfigIssue(file: file, line: entry.line, message: message))
                } else {
                    let message =
                        "\(entry.key.clippedForMessage) must be under a table: [policy], [store], [wifi], [kiosk], [register], [leave_types] or [central]"
                    keyIssues.append(ConfigIssue(file: file, line: entry.line, message: message))
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
                    ConfigIssue(file: file, line: table.line, message: Self.unknownTableMessage(entry.key)))
                continue
            }
            let place = " in [\(entry.key)]"
            for setting in table.entries {
                guard let rule = keys[setting.key] else {
                    let message =
                        "unknown key \(setting.key.clippedForMessage)\(place)"
                        + Self.suggestion(for: setting.key, among: Self.keyOrder[entry.key] ?? [])
                    keyIssues.append(ConfigIssue(file: file, line: setting.line, message: message))
                    continue
                }
                if let problem = rule(&self, setting.value) {
                    keyIssues.append(
                        ConfigIssue(file: file, line: setting.line, message: "\(setting.key)\(place): \(problem)"))
                }
            }
        }
        // Tables first, then keys, each in file order: a misspelt table explains its keys.
        var issues = tableIssues.sortedByLine() + keyIssues.sortedByLine()
        if let centralEntry = document.root.entries.first(where: { $0.key == "central" }) {
            if central == nil { central = CentralSettings() }
            // A url that is there but wrong has its own message already.
            if central?.url == nil, document.line(of: "url", in: "central") == nil {
                let line = centralEntry.line
                issues.append(
                    ConfigIssue(
                        file: file, line: line,
                        message: "[central] needs url = \"postgresql://USER@HOST:PORT/DATABASE\""))
            }
            if let central, central.tls == .disable, let url = central.url,
                let refusal = (try? CentralAddress(parsing: url))?.plainTextRefusal
            {
                let line = document.line(of: "tls", in: "central") ?? centralEntry.line
                issues.append(ConfigIssue(file: file, line: line, message: refusal))
            }
        }
        if wifi.source == .simulated && (wifi.simulatedBSSID == nil) {
            let line = document.line(of: "source", in: "wifi")
            issues.append(
                ConfigIssue(
                    file: file, line: line,
                    message: "source = \"simulated\" in [wifi] needs bssid = \"aa:bb:cc:dd:ee:ff\" (and usually ssid)"))
        }
        if policy.absentBelowHours > 0, policy.absentBelowHours >= policy.halfDayBelowHours {
            // Every date under half_day_below_hours would be absent first: HD could never happen.
            let line =
                document.line(of: "absent_below_hours", in: "policy")
                ?? document.line(of: "half_day_below_hours", in: "policy")
            issues.append(
                ConfigIssue(
                    file: file, line: line,
                    message: "absent_below_hours in [policy] (\(policy.absentBelowHours)) must be below "
                        + "half_day_below_hours (\(policy.halfDayBelowHours)), or 0 to switch it off; "
                        + "otherwise no date can ever be a half day"))
        }
        if let misfit = policy.shiftMisfit() {
            let line =
                document.line(of: "day_change", in: "policy") ?? document.line(of: "shift_end", in: "policy")
                ?? document.line(of: "shift_start", in: "policy")
            issues.append(ConfigIssue(file: file, line: line, message: misfit))
        }
        if !issues.isEmpty { throw .configuration(issues) }
    }

    // MARK: - The schema

    /// Applies one value; returns what was wrong with it, or nil.
    typealias Rule = @Sendable (inout Configuration, TOMLDocument.Value) -> String?

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

    static func unknownTableMessage(_ name: String) -> String {
        "unknown table [\(name.clippedForMessage)]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central]"
            + suggestion(for: name, among: tableOrder)
    }

    static let schema: [String: [String: Rule]] = [
        "central": centralRules,
        "policy": [
            "timezone": text(LocalZone.init(identifier:)) {
                "unknown time zone \($0.quotedForMessage); expected an IANA name such as \"Europe/Berlin\" or \"Asia/Kolkata\""
            } apply: {
                $0.policy.zone = $1
            },
            "shift_start": time { $0.policy.shiftStart = $1 },
            "shift_end": time { $0.policy.shiftEnd = $1 },
            "day_change": time { $0.policy.dayChange = $1 },
            "late_grace_minutes": integer(0...720, unit: "minutes") { $0.policy.lateGraceMinutes = $1 },
            "early_exit_grace_minutes": integer(0...720, unit: "minutes") { $0.policy.earlyExitGraceMinutes = $1 },
            "duplicate_punch_seconds": integer(0...3600, unit: "seconds") { $0.policy.duplicatePunchSeconds = $1 },
            "monthly_goal_days": integer(0...31, unit: "days") { $0.policy.monthlyGoalDays = $1 },
            "edit_window_days": integer(0...3660, unit: "days") { $0.policy.editWindowDays = $1 },
            "half_day_below_hours": hours(0...24) { $0.policy.halfDayBelowHours = $1 },
            "absent_below_hours": hours(0...24) { $0.policy.absentBelowHours = $1 },
            "max_session_hours": hours(1...48) { $0.policy.maxSessionHours = $1 },
            "working_days": { config, value in
                let expected = "an array of day names such as [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]"
                guard case .array(let items) = value else { return "expected \(expected), found \(value.typeName)" }
                var days: Set<Weekday> = []
                for item in items {
                    guard case .string(let name) = item else {
                        return "expected \(expected), found \(item.typeName) in the array"
                    }
                    guard let day = Weekday(rawValue: name.lowercased()) else {
                        return
                            "\(name.quotedForMessage) is not a day name; each is one of mon, tue, wed, thu, fri, sat, sun"
                    }
                    guard days.insert(day).inserted else { return "\(name) is listed twice" }
                }
                config.policy.workingDays = days
                return nil
            },
            "week_starts": text { config, value in
                switch value.lowercased() {
                case "monday", "mon": config.policy.weekStarts = .monday
                case "sunday", "sun": config.policy.weekStarts = .sunday
                default: return "expected \"monday\" or \"sunday\", found \(value.quotedForMessage)"
                }
                return nil
            },
        ],
        "store": [
            "path": text({ $0.isAbsolutePath && !$0.hasSuffix("/") ? $0 : nil }) { _ in
                "expected an absolute file path such as \"/var/lib/attendance/attendance.sqlite\""
            } apply: {
                $0.store.path = $1
            }
        ],
        "wifi": [
            "source": text(WiFiSettings.Source.init(rawValue:)) {
                "expected \"nl80211\" or \"simulated\", found \($0.quotedForMessage)"
            } apply: {
                $0.wifi.source = $1
            },
            "interface": clearableText({ try? InterfaceName(parsing: $0).rawValue }) { _ in
                "expected a network interface name such as \"wlan0\" (1–15 characters, no '/' or spaces), or \"\" for the first associated one"
            } apply: {
                $0.wifi.interface = $1
            },
            "ssid": text({ try? SSID(parsing: $0) }) { _ in
                "expected at most 32 bytes of network name"
            } apply: {
                $0.wifi.simulatedSSID = $1
            },
            "bssid": text({ try? BSSID(parsing: $0) }) {
                "expected six hex bytes such as \"aa:bb:cc:dd:ee:01\", found \($0.quotedForMessage)"
            } apply: {
                $0.wifi.simulatedBSSID = $1
            },
        ],
        "kiosk": [
            "office_name": text({ try? PersonName(parsing: $0).rawValue }) { _ in
                "expected 1–100 characters without control characters"
            } apply: {
                $0.kiosk.officeName = $1
            },
            "idle_seconds": integer(5...3600, unit: "seconds") { $0.kiosk.idleSeconds = $1 },
            "confirm_seconds": integer(1...60, unit: "seconds") { $0.kiosk.confirmSeconds = $1 },
            "require_pin": { config, value in
                guard case .boolean(let flag) = value else { return "expected true or false, found \(value.typeName)" }
                config.kiosk.requirePin = flag
                return nil
            },
            "exit_code_hash": clearableText({
                $0.hasPrefix("pbkdf2-sha256$") && $0.split(separator: "$").count == 4 ? $0 : nil
            }) { _ in
                "expected the output of `attendance kiosk hash-exit-code` (pbkdf2-sha256$…)"
            } apply: {
                $0.kiosk.exitCodeHash = $1
            },
            "language": text(Language.init(code:)) {
                "expected one of the languages there is a catalog for (\(Language.availableList)), found "
                    + $0.quotedForMessage
            } apply: {
                $0.kiosk.language = $1
            },
        ],
        "register": [
            "period_start_day": { config, value in
                guard case .integer(let day) = value else { return "expected a whole number, found \(value.typeName)" }
                guard (1...28).contains(day) else {
                    return "expected the day of the month a payroll period starts on, 1–28, found \(day)"
                }
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
                return "\(error)"
            }
            config.central(\.url, value)
            return nil
        },
        "kiosk_id": text({ try? NodeName(parsing: $0).rawValue }) { _ in
            "expected 1–64 letters, digits, '.', '-' or '_' naming this kiosk, such as \"hq-entrance\""
        } apply: {
            $0.central(\.kioskID, $1)
        },
        "password_file": text({ $0.isAbsolutePath ? $0 : nil }) { _ in
            "expected an absolute file path such as \"/etc/attendance/central-password\""
        } apply: {
            $0.central(\.passwordFile, $1)
        },
        "ca_file": text({ $0.isAbsolutePath ? $0 : nil }) { _ in
            "expected an absolute file path to PEM certificates"
        } apply: {
            $0.central(\.caFile, $1)
        },
        "tls": text(CentralSettings.TLSMode.init(rawValue:)) {
            "expected \"disable\", \"prefer\" or \"require\", found \($0.quotedForMessage)"
        } apply: {
            $0.central(\.tls, $1)
        },
        "sync_seconds": integer(1...3600, unit: "seconds") { $0.central(\.syncSeconds, $1) },
    ]

    /// Sets one `[central]` key, creating the section's settings on first use.
    mutating func central<Value>(_ key: WritableKeyPath<CentralSettings, Value>, _ value: Value) {
        var settings = central ?? CentralSettings()
        settings[keyPath: key] = value
        central = settings
    }

    // MARK: - Rule builders

    static func text(_ apply: @escaping @Sendable (inout Configuration, String) -> String?) -> Rule {
        { config, value in
            guard case .string(let string) = value else {
                return "expected a string in double quotes, found \(value.typeName)"
            }
            return apply(&config, string)
        }
    }

    /// A text that `parse` reads into a setting, or `expected` words why it cannot (given the text).
    static func text<Value>(
        _ parse: @escaping @Sendable (String) -> Value?, expected: @escaping @Sendable (String) -> String,
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
        _ parse: @escaping @Sendable (String) -> Value?, expected: @escaping @Sendable (String) -> String,
        apply: @escaping @Sendable (inout Configuration, Value?) -> Void
    ) -> Rule {
        text(
            { string -> Value?? in string.isEmpty ? .some(nil) : parse(string).map { Optional($0) } },
            expected: expected, apply: apply)
    }

    /// A time of day: the text "09:30", or TOML's local time 09:30:00 (whole minutes only).
    static func time(_ apply: @escaping @Sendable (inout Configuration, WallClockTime) -> Void) -> Rule {
        { config, value in
            let expected = "expected \"HH:MM\" on a 24-hour clock (00:00–23:59)"
            switch value {
            case .string(let string):
                guard let time = try? WallClockTime(parsing: string) else {
                    return "\(expected), found \(string.quotedForMessage)"
                }
                apply(&config, time)
                return nil
            case .localTime(let local):
                let written = [local.hour, local.minute, local.second].map { String($0).leftPadded(to: 2) }
                    .joined(separator: ":")
                guard local.second == 0, local.nanosecond == 0,
                    let time = WallClockTime(hour: local.hour, minute: local.minute)
                else {
                    return
                        "\(expected) or a local time such as 09:30:00, found \(written)\(local.nanosecond == 0 ? "" : ".…"); "
                        + "times are whole minutes, so the seconds must be :00"
                }
                apply(&config, time)
                return nil
            default:
                return "\(expected) or a local time such as 09:30:00, found \(value.typeName)"
            }
        }
    }

    static func integer(
        _ range: ClosedRange<Int>, unit: String, _ apply: @escaping @Sendable (inout Configuration, Int) -> Void
    ) -> Rule {
        { config, value in
            guard case .integer(let number) = value else {
                return "expected a whole number of \(unit), found \(value.typeName)"
            }
            guard range.contains(number) else {
                return "expected \(range.lowerBound)–\(range.upperBound) \(unit), found \(number)"
            }
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
            default: return "expected a number of hours such as 4.0, found \(value.typeName)"
            }
            guard range.contains(number) else {
                return "expected \(Int(range.lowerBound))–\(Int(range.upperBound)) hours, found \(number)"
            }
            apply(&config, number)
            return nil
        }
    }

    /// " (did you mean shift_start?)" when a known name is one or two edits away.
    ///
    /// Names more than two characters longer or shorter are never within two edits, and are
    /// not measured: the distance takes time in the product of the lengths, and a key can be a
    /// megabyte long.
    static func suggestion(for name: String, among known: [String]) -> String {
        let length = name.count
        let best = known.filter { abs($0.count - length) <= 2 }.map { ($0, name.editDistance(to: $0)) }.min {
            $0.1 < $1.1
        }
        guard let best, best.1 <= 2 else { return "" }
        return " (did you mean \(best.0)?)"
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
