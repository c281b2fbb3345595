import AttendanceApp
import AttendanceCore
import AttendanceTerminal

/// The small form an employee fills at the kiosk to ask for a correction: the day (left and
/// right change it), the time they left (HH:MM) and why. Only printable text gets in: control
/// and format characters are dropped as they are typed.
struct KioskRequestForm: Equatable {
    enum Field: CaseIterable { case date, time, reason }

    var date: AttendanceDate
    /// The days that can be asked about: the edit window up to today.
    let earliest: AttendanceDate
    let latest: AttendanceDate
    var time = ""
    var reason = ""
    var field: Field = .time
    /// Why the last submission was not taken, already worded.
    var problem: String?

    /// What a key did to the form.
    enum Outcome { case stay, cancel, submit }

    mutating func handle(_ key: Key) -> Outcome {
        switch key {
        case .escape:
            return .cancel
        case .enter:
            if field == .reason { return .submit }
            move(by: 1)
        case .tab, .down:
            move(by: 1)
        case .up:
            move(by: -1)
        case .left where field == .date:
            date = max(earliest, date.adding(days: -1))
        case .right where field == .date:
            date = min(latest, date.adding(days: 1))
        case .backspace, .delete:
            switch field {
            case .date: break
            case .time: if !time.isEmpty { time.removeLast() }
            case .reason: if !reason.isEmpty { reason.removeLast() }
            }
        case .character(let c):
            type(c)
        default:
            break
        }
        return .stay
    }

    private mutating func move(by step: Int) {
        let fields = Field.allCases
        let index = fields.firstIndex(of: field) ?? 0
        field = fields[(index + step + fields.count) % fields.count]
    }

    private mutating func type(_ c: Character) {
        switch field {
        case .date:
            break
        case .time:
            guard c.isASCII, c.isNumber || c == ":", time.count < 5 else { return }
            // "1800" reads as "18:00": the colon comes by itself after the hour.
            if c != ":", time.count == 2, !time.contains(":") { time.append(":") }
            if c == ":", time.contains(":") || time.isEmpty { return }
            time.append(c)
        case .reason:
            let printable = c.unicodeScalars.allSatisfy { scalar in
                ![.control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned]
                    .contains(scalar.properties.generalCategory)
            }
            guard printable, reason.count < AskedCorrections.reasonLimit else { return }
            reason.append(c)
        }
    }

    /// The time typed, when it is a whole `HH:MM`.
    var leftAt: WallClockTime? {
        // "9:30" is 09:30.
        let text = time.count == 4 && time.dropFirst().first == ":" ? "0" + time : time
        guard text.count == 5 else { return nil }
        return try? WallClockTime(parsing: text)
    }
}
