import AttendanceCore
import AttendanceTOML

extension Speech {
    /// `issues`, one a line, each where it is: "attendance.toml:12: shift_start in [policy]: …".
    public func sentence(for issues: [ConfigIssue]) -> String {
        issues.map(sentence(for:)).joined(separator: "\n")
    }

    /// "attendance.toml:12: …", like a compiler names a place; the file's name and line are the
    /// same in every language.
    public func sentence(for issue: ConfigIssue) -> String {
        let place = issue.line.map { "\(issue.file):\($0)" } ?? issue.file
        return place + ": " + sentence(for: issue.problem)
    }

    /// Names from the file (a key, a table) are clipped and stripped of control characters,
    /// as the file is untrusted text.
    public func sentence(for problem: ConfigProblem) -> String {
        switch problem {
        case .syntax(let problem):
            return sentence(for: problem)
        case .arrayOfTables(let table):
            return tr("[[{table}]] is an array of tables; write it once, as [{table}]", ["table": table])
        case .keyOutsideTable(let key):
            return tr(
                "{key} must be under a table: [policy], [store], [wifi], [kiosk], [register], [leave_types] or [central]",
                ["key": key.clippedForMessage])
        case .unknownTable(let name, let suggestion):
            return tr(
                "unknown table [{name}]; the tables are [policy], [store], [wifi], [kiosk], [register], [leave_types] and [central]",
                ["name": name.clippedForMessage]) + didYouMean(suggestion)
        case .unknownKey(let key, let table, let suggestion):
            return tr("unknown key {key} in [{table}]", ["key": key.clippedForMessage, "table": table])
                + didYouMean(suggestion)
        case .value(let key, let table, let problem):
            return tr(
                "{key} in [{table}]: {problem}", ["key": key, "table": table, "problem": sentence(for: problem)])
        case .centralNeedsURL:
            return tr("[central] needs url = \"postgresql://USER@HOST:PORT/DATABASE\"")
        case .plainTextToCentral(let host):
            return tr(
                "tls = \"disable\" would send the password and every record in clear text to {host}; it is for a socket folder or a loopback address only: use \"require\" (with ca_file)",
                ["host": host])
        case .simulatedNeedsBSSID:
            return tr("source = \"simulated\" in [wifi] needs bssid = \"aa:bb:cc:dd:ee:ff\" (and usually ssid)")
        case .absentNotBelowHalfDay(let absent, let halfDay):
            return tr(
                "absent_below_hours in [policy] ({absent}) must be below half_day_below_hours ({half_day}), or 0 to switch it off; otherwise no date can ever be a half day",
                ["absent": "\(absent)", "half_day": "\(halfDay)"])
        case .shiftMisfit(let misfit):
            return misfit.worded(self)
        case .leaveType(let name, let problem):
            return tr(
                "{name} in [leave_types]: {problem}",
                ["name": name.clippedForMessage, "problem": sentence(for: problem)])
        }
    }

    /// " (did you mean shift_start?)", or nothing.
    private func didYouMean(_ suggestion: String?) -> String {
        suggestion.map { " " + tr("(did you mean {name}?)", ["name": $0]) } ?? ""
    }

    func sentence(for problem: ValueProblem) -> String {
        switch problem {
        case .expected(let form, let found):
            return expected(form, found: found)
        case .secondsInTime(let written):
            return tr(
                "{expected}; times are whole minutes, so the seconds must be :00",
                ["expected": expected(.clockTimeOrLocalTime, found: .number(written))])
        case .unknownZone(let zone):
            return tr(
                "unknown time zone {zone}; expected an IANA name such as \"Europe/Berlin\" or \"Asia/Kolkata\"",
                ["zone": zone.quotedForMessage])
        case .notADayName(let name):
            return tr(
                "{name} is not a day name; each is one of mon, tue, wed, thu, fri, sat, sun",
                ["name": name.quotedForMessage])
        case .dayTwice(let name):
            return tr("{name} is listed twice", ["name": name.clippedForMessage])
        case .centralAddress(let error):
            return error.worded(self)
        }
    }

    func sentence(for problem: LeaveTypeProblem) -> String {
        switch problem {
        case .badName:
            return tr("a leave type's name is 1–20 lower-case letters, digits or _, starting with a letter")
        case .notATable(let type):
            return tr(
                "expected { code = \"SL\", colour = \"#F48FB1\" }, found {found}", ["found": found(.type(type))])
        case .badCode:
            return tr("code: expected one or two capital letters, not another status's (P, L, HD, A, H, WO, M, IN)")
        case .badColour(let value):
            return tr("colour: expected \"#RRGGBB\", found {found}", ["found": found(value)])
        case .unknownField(let key):
            return tr(
                "unknown key {key}; a leave type has a code and a colour", ["key": key.clippedForMessage])
        case .needsCode:
            return tr("a new leave type needs its code, such as code = \"ML\"")
        case .codeTaken(let code, let owner):
            return tr("the code {code} is {owner}'s already", ["code": code, "owner": owner])
        }
    }

    // MARK: - Forms and values

    /// "expected a whole number of minutes, found a string"; "expected …" alone when what was
    /// found is not worth repeating.
    private func expected(_ form: ValueForm, found value: FoundValue) -> String {
        if value == .nothing { return tr("expected {form}", ["form": phrase(for: form)]) }
        return tr("expected {form}, found {found}", ["form": phrase(for: form), "found": found(value)])
    }

    private func found(_ value: FoundValue) -> String {
        switch value {
        case .nothing: ""
        case .type(let type): typeName(type)
        case .typeInArray(let type): tr("{type} in the array", ["type": typeName(type)])
        case .text(let text): text.quotedForMessage
        case .number(let number): number
        }
    }

    /// The form a value must have, as it follows "expected".
    private func phrase(for form: ValueForm) -> String {
        switch form {
        case .quotedString: tr("a string in double quotes")
        case .clockTime: tr("\"HH:MM\" on a 24-hour clock (00:00–23:59)")
        case .clockTimeOrLocalTime: tr("\"HH:MM\" on a 24-hour clock (00:00–23:59) or a local time such as 09:30:00")
        case .wholeNumber(of: .minutes): tr("a whole number of minutes")
        case .wholeNumber(of: .seconds): tr("a whole number of seconds")
        case .wholeNumber(of: .days): tr("a whole number of days")
        case .range(let range, .minutes): tr("{low}–{high} minutes", bounds(range))
        case .range(let range, .seconds): tr("{low}–{high} seconds", bounds(range))
        case .range(let range, .days): tr("{low}–{high} days", bounds(range))
        case .hours: tr("a number of hours such as 4.0")
        case .hoursRange(let range): tr("{low}–{high} hours", bounds(range))
        case .dayNames: tr("an array of day names such as [\"mon\", \"tue\", \"wed\", \"thu\", \"fri\"]")
        case .weekStart: tr("\"monday\" or \"sunday\"")
        case .storePath: tr("an absolute file path such as \"/var/lib/attendance/attendance.sqlite\"")
        case .passwordFilePath: tr("an absolute file path such as \"/etc/attendance/central-password\"")
        case .certificatePath: tr("an absolute file path to PEM certificates")
        case .wifiSource: tr("\"nl80211\" or \"simulated\"")
        case .interfaceName:
            tr(
                "a network interface name such as \"wlan0\" (1–15 characters, no '/' or spaces), or \"\" for the first associated one"
            )
        case .ssid: tr("at most 32 bytes of network name")
        case .bssid: tr("six hex bytes such as \"aa:bb:cc:dd:ee:01\"")
        case .officeName: tr("1–100 characters without control characters")
        case .trueOrFalse: tr("true or false")
        case .exitCodeHash: tr("the output of `attendance kiosk hash-exit-code` (pbkdf2-sha256$…)")
        case .language(let codes):
            tr(
                "one of the languages there is a catalog for ({languages})",
                ["languages": codes.joined(separator: ", ")])
        case .wholeNumberAlone: tr("a whole number")
        case .periodStartDay: tr("the day of the month a payroll period starts on, 1–28")
        case .kioskID: tr("1–64 letters, digits, '.', '-' or '_' naming this kiosk, such as \"hq-entrance\"")
        case .tlsMode: tr("\"disable\", \"prefer\" or \"require\"")
        }
    }

    private func bounds(_ range: ClosedRange<Int>) -> [String: String] {
        ["low": String(range.lowerBound), "high": String(range.upperBound)]
    }

    /// A TOML type as a value of it is named: "a string", "an array".
    func typeName(_ type: TOMLDocument.ValueType) -> String {
        switch type {
        case .string: ctr("TOML value", "a string")
        case .integer: ctr("TOML value", "an integer")
        case .float: ctr("TOML value", "a number")
        case .boolean: ctr("TOML value", "true or false")
        case .offsetDateTime: ctr("TOML value", "a date-time")
        case .localDateTime: ctr("TOML value", "a local date-time")
        case .localDate: ctr("TOML value", "a date")
        case .localTime: ctr("TOML value", "a time")
        case .array: ctr("TOML value", "an array")
        case .table: ctr("TOML value", "a table")
        }
    }
}

extension ShiftMisfit {
    /// "the shift 22:00–06:00 does not fit in one attendance date: it ends after day_change (04:00)
    /// …; set day_change in [policy] to …", in `words`' language.
    public func worded(_ words: some Wording) -> String {
        let why =
            startsBeforeDayChange
            ? words.tr(
                "it starts before day_change ({day_change}), on the previous attendance date",
                ["day_change": dayChange.description])
            : words.tr(
                "it ends after day_change ({day_change}) the next morning, on the next attendance date, where its mark-out would be refused as \"not marked in\"",
                ["day_change": dayChange.description])
        let advice =
            fittingDayChange.map {
                words.tr(
                    "set day_change in [policy] to a time outside the shift, such as day_change = \"{time}\"",
                    ["time": $0.description])
            }
            ?? words.tr(
                "no day_change fits both it and [policy]'s shift {shift}",
                ["shift": officeShift.map { "\($0.start)–\($0.end)" } ?? ""])
        return words.tr(
            "the shift {start}–{end} does not fit in one attendance date: {why}; {advice}",
            ["start": start.description, "end": end.description, "why": why, "advice": advice])
    }
}
