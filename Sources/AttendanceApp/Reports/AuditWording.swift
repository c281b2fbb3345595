import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import Foundation

/// An audit entry as a manager reads it: when in the office's local time, who, and the change in
/// words ("voided punch 42 of E001 (IN 09:02 on 2026-11-18)"), then why and what changed. The
/// JSON output keeps the recorded values as they are. The command line and the web console word
/// the audit log with it alike, in the reader's language; the recorded field names and values
/// (codes, times, names) stay as they were recorded.
public enum AuditWording {
    /// The entry's lines in `words`' language, the first one unindented.
    public static func lines(_ entry: AuditEntry, zone: LocalZone, words: Speech = .english) -> [String] {
        let change = AuditChange(entry)
        var lines = [
            "\(zone.minuteText(of: entry.at))  \(entry.actor)  \(headline(entry, change, zone: zone, words: words))"
        ]
        if let reason = entry.reason { lines.append("  " + words.tr("why: {reason}", ["reason": reason])) }
        if entry.entity == "punch", change.new != nil {
            // The headline said it all; a note typed with an added punch is the rest.
            if case .text(let note)? = change.new?["note"], entry.action == CorrectionAction.add.rawValue {
                lines.append("  " + words.tr("note: {note}", ["note": note]))
            }
            return lines
        }
        let value = { (value: AuditChange.Value?) in (value ?? .none).text(words) }
        switch (change.old, change.new) {
        case (let old?, let new?):
            let changed = change.changedKeys.map { "\($0) \(value(old[$0])) → \(value(new[$0]))" }
            if !changed.isEmpty {
                lines.append("  " + words.tr("changed: {changes}", ["changes": changed.joined(separator: "; ")]))
            }
        case (nil, let new?):
            if let old = entry.oldValue { lines.append("  " + words.tr("old: {value}", ["value": old])) }
            lines.append("  " + words.tr("set: {values}", ["values": listed(new, words)]))
        case (let old?, nil):
            lines.append("  " + words.tr("was: {values}", ["values": listed(old, words)]))
            if let new = entry.newValue { lines.append("  " + words.tr("new: {value}", ["value": new])) }
        case (nil, nil):
            if let old = entry.oldValue { lines.append("  " + words.tr("old: {value}", ["value": old])) }
            if let new = entry.newValue { lines.append("  " + words.tr("new: {value}", ["value": new])) }
        }
        return lines
    }

    /// "voided punch 42 of E001 (IN 09:02 on 2026-11-18)", "added employee E001", "allowed wifi aa:…",
    /// in `words`' language.
    public static func headline(
        _ entry: AuditEntry, _ change: AuditChange, zone: LocalZone, words: Speech = .english
    ) -> String {
        // "… of E001": the employee a punch belongs to.
        let ofEmployee = { (text: String) in
            entry.employeeCode.map { words.tr("{change} of {employee}", ["change": text, "employee": $0]) } ?? text
        }
        if entry.entity == "punch", let action = CorrectionAction(rawValue: entry.action) {
            let kind = change.latest("kind").map { "\($0)".uppercased() } ?? words.ctr("audit entity", "punch")
            var when = change.latest("time").map { PunchTime("\($0)").text(words) } ?? ""
            if action == .retime, case .text(let before)? = change.old?["time"],
                case .text(let after)? = change.new?["time"],
                before != after
            {
                when = PunchTime(before).span(to: PunchTime(after), words)
            }
            var punch = "\(kind) \(when)"
            if change.new?["outside_edit_window"] == .flag(true) {
                punch = words.tr("{punch}, past the edit window", ["punch": punch])
            }
            return ofEmployee(corrected(action, punch: entry.entityKey, words)) + " (\(punch))"
        }
        if entry.entity == "punch", entry.action == "refuse" {
            let kind = change.new?["kind"].map { "\($0)".uppercased() } ?? entry.entityKey.uppercased()
            var refused = ofEmployee(words.tr("refused {kind}", ["kind": kind]))
            if case .number(let text)? = change.new?["instant_ms"], let milliseconds = Double(text) {
                let at = zone.minuteText(of: Date(timeIntervalSince1970: milliseconds / 1000))
                refused = words.tr("{change} at {time}", ["change": refused, "time": at])
            }
            return refused
        }
        // The employee, unless the key names them already (an employee's code, "E001 2026-12-02").
        let named = entry.employeeCode.map { entry.entityKey == $0 || entry.entityKey.hasPrefix($0 + " ") } ?? true
        let whose = named ? "" : entry.employeeCode.map { " (\($0))" } ?? ""
        return changed(entry.action, entity: entity(entry.entity, words), key: entry.entityKey, words) + whose
    }

    /// "voided punch 42": a correction of a punch.
    static func corrected(_ action: CorrectionAction, punch id: String, _ words: Speech) -> String {
        switch action {
        case .add: words.tr("added punch {id}", ["id": id])
        case .void: words.tr("voided punch {id}", ["id": id])
        case .restore: words.tr("restored punch {id}", ["id": id])
        case .retime: words.tr("re-timed punch {id}", ["id": id])
        }
    }

    /// "added employee E001", "set the PIN of employee E001": the action as a verb in the past.
    static func changed(_ action: String, entity: String, key: String, _ words: Speech) -> String {
        let values = ["entity": entity, "key": key]
        return switch action {
        case "add": words.tr("added {entity} {key}", values)
        case "edit": words.tr("edited {entity} {key}", values)
        case "remove": words.tr("removed {entity} {key}", values)
        case "deactivate": words.tr("deactivated {entity} {key}", values)
        case "allow": words.tr("allowed {entity} {key}", values)
        case "revoke": words.tr("revoked {entity} {key}", values)
        case "import": words.tr("imported {entity} {key}", values)
        case "lock": words.tr("locked {entity} {key}", values)
        case "unlock": words.tr("unlocked {entity} {key}", values)
        case "wrong-pin": words.tr("took a wrong PIN for {entity} {key}", values)
        case "set-pin": words.tr("set the PIN of {entity} {key}", values)
        case "reset-pin": words.tr("reset the PIN of {entity} {key}", values)
        case "passwd": words.tr("changed the password of {entity} {key}", values)
        case "sign-in": words.tr("signed in as {entity} {key}", values)
        case "sign-in refused": words.tr("refused the sign-in of {entity} {key}", values)
        case "rejoin": words.tr("re-joined {entity} {key}", values)
        case "refuse": words.tr("refused {entity} {key}", values)
        default: "\(action) \(entity) \(key)"
        }
    }

    /// What the store recorded a change of ("employee", "wifi"), in `words`' language; an entity
    /// this program does not know of is shown as recorded.
    static func entity(_ recorded: String, _ words: Speech) -> String {
        switch recorded {
        case "employee": words.ctr("audit entity", "employee")
        case "holiday": words.ctr("audit entity", "holiday")
        case "leave": words.ctr("audit entity", "leave")
        case "manager": words.ctr("audit entity", "manager")
        case "punch": words.ctr("audit entity", "punch")
        case "punches": words.ctr("audit entity", "punches")
        case "store": words.ctr("audit entity", "store")
        case "wifi": words.ctr("audit entity", "wifi")
        case "correction_request": words.ctr("audit entity", "correction_request")
        default: recorded
        }
    }

    /// "code E001, name Asha Rao": the values that are set, in key order.
    static func listed(_ fields: [String: AuditChange.Value], _ words: Speech) -> String {
        fields.sorted { $0.key < $1.key }.compactMap { $0.value == .none ? nil : "\($0.key) \($0.value.text(words))" }
            .joined(separator: ", ")
    }

    /// A punch's time as the store recorded it ("2026-11-18T09:02:00+05:30": local, with its offset).
    struct PunchTime {
        let recorded: String
        init(_ recorded: String) { self.recorded = recorded }

        private var parts: (date: String, time: String)? {
            let characters = Array(recorded)
            guard characters.count >= 16, characters[10] == "T" else { return nil }
            return (String(characters[0..<10]), String(characters[11..<16]))
        }

        /// "09:02 on 2026-11-18"
        func text(_ words: Speech) -> String { parts.map { Self.on($0.time, $0.date, words) } ?? recorded }

        /// "09:02 → 09:10 on 2026-11-18", or with both dates when they differ.
        func span(to later: PunchTime, _ words: Speech) -> String {
            guard let from = parts, let to = later.parts else { return "\(recorded) → \(later.recorded)" }
            if from.date == to.date { return Self.on("\(from.time) → \(to.time)", to.date, words) }
            return Self.on(from.time, from.date, words) + " → " + Self.on(to.time, to.date, words)
        }

        private static func on(_ time: String, _ date: String, _ words: Speech) -> String {
            words.tr("{time} on {date}", ["time": time, "date": date])
        }
    }
}

extension AuditChange.Value {
    /// The value as recorded, a flag in `words`' language ("yes", "oui").
    func text(_ words: Speech) -> String {
        switch self {
        case .flag(let flag): flag ? words.ctr("audit value", "yes") : words.ctr("audit value", "no")
        default: description
        }
    }
}
