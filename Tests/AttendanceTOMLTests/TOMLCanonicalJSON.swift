import AttendanceTOML

/// A TOML document as toml-test writes it, byte for byte as `Oracles/toml_oracle.py` writes it
/// with `json.dumps(sort_keys=True, ensure_ascii=True, separators=(",", ":"))`, so two readers'
/// answers can be compared as text.
enum TOMLCanonicalJSON {
    static func text(_ table: TOMLDocument.Table) -> String { object(table) }

    /// How many scalars (strings, numbers, booleans, dates and times) the table holds.
    static func scalarCount(_ value: TOMLDocument.Value) -> Int {
        switch value {
        case .array(let items): items.reduce(0) { $0 + scalarCount($1) }
        case .table(let table): table.entries.reduce(0) { $0 + scalarCount($1.value) }
        default: 1
        }
    }

    static func object(_ table: TOMLDocument.Table) -> String {
        // Python sorts keys by code point; Swift's String order is by canonical equivalence.
        let sorted = table.entries.sorted {
            $0.key.unicodeScalars.map(\.value).lexicographicallyPrecedes($1.key.unicodeScalars.map(\.value))
        }
        return "{" + sorted.map { string($0.key) + ":" + value($0.value) }.joined(separator: ",") + "}"
    }

    static func value(_ value: TOMLDocument.Value) -> String {
        switch value {
        case .string(let text): scalar("string", text)
        case .integer(let int): scalar("integer", String(int))
        case .float(let double):
            scalar("float", double.isNaN ? "nan" : padded(String(double.bitPattern, radix: 16), 16))
        case .boolean(let flag): scalar("bool", flag ? "true" : "false")
        case .offsetDateTime(let date, let time, let offset):
            scalar("datetime", self.date(date) + "T" + self.time(time) + self.offset(offset))
        case .localDateTime(let date, let time): scalar("datetime-local", self.date(date) + "T" + self.time(time))
        case .localDate(let date): scalar("date-local", self.date(date))
        case .localTime(let time): scalar("time-local", self.time(time))
        case .array(let items): "[" + items.map { self.value($0) }.joined(separator: ",") + "]"
        case .table(let table): object(table)
        }
    }

    static func scalar(_ type: String, _ value: String) -> String {
        "{\"type\":\"\(type)\",\"value\":" + string(value) + "}"
    }

    static func date(_ d: TOMLDocument.LocalDate) -> String {
        digits(d.year, 4) + "-" + digits(d.month, 2) + "-" + digits(d.day, 2)
    }

    static func time(_ t: TOMLDocument.LocalTime) -> String {
        let micro = t.nanosecond / 1000
        return digits(t.hour, 2) + ":" + digits(t.minute, 2) + ":" + digits(t.second, 2)
            + (micro == 0 ? "" : "." + digits(micro, 6))
    }

    static func offset(_ minutes: Int) -> String {
        (minutes < 0 ? "-" : "+") + digits(abs(minutes) / 60, 2) + ":" + digits(abs(minutes) % 60, 2)
    }

    static func digits(_ n: Int, _ width: Int) -> String { padded(String(n), width) }

    static func padded(_ text: String, _ width: Int) -> String {
        String(repeating: "0", count: max(0, width - text.count)) + text
    }

    /// Python's `ensure_ascii` escaping: short escapes, then \uXXXX (lower-case, UTF-16) for
    /// everything outside printable ASCII.
    static func string(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{8}": out += "\\b"
            case "\u{C}": out += "\\f"
            case " "..."~": out.unicodeScalars.append(scalar)
            default:
                for unit in String(scalar).utf16 { out += "\\u" + padded(String(unit, radix: 16), 4) }
            }
        }
        return out + "\""
    }
}
