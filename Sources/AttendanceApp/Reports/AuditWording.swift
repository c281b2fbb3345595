import AttendanceCore
import AttendanceStore
import Foundation

/// An audit entry as a manager reads it: when in the office's local time, who, and the change in
/// words ("voided punch 42 of E001 (IN 09:02 on 2026-11-18)"), then why and what changed. The
/// JSON output keeps the recorded values as they are. The command line and the web console word
/// the audit log with it alike.
public enum AuditWording {
    /// The entry's lines, the first one unindented.
    public static func lines(_ entry: AuditEntry, zone: LocalZone) -> [String] {
        let change = AuditChange(entry)
        var lines = ["\(zone.minuteText(of: entry.at))  \(entry.actor)  \(headline(entry, change, zone: zone))"]
        if let reason = entry.reason { lines.append("  why: \(reason)") }
        if entry.entity == "punch", change.new != nil {
            // The headline said it all; a note typed with an added punch is the rest.
            if case .text(let note)? = change.new?["note"], entry.action == CorrectionAction.add.rawValue {
                lines.append("  note: \(note)")
            }
            return lines
        }
        switch (change.old, change.new) {
        case (let old?, let new?):
            let changed = change.changedKeys.map { "\($0) \(old[$0] ?? .none) → \(new[$0] ?? .none)" }
            if !changed.isEmpty { lines.append("  changed: " + changed.joined(separator: "; ")) }
        case (nil, let new?):
            if let old = entry.oldValue { lines.append("  old: \(old)") }
            lines.append("  set: " + listed(new))
        case (let old?, nil):
            lines.append("  was: " + listed(old))
            if let new = entry.newValue { lines.append("  new: \(new)") }
        case (nil, nil):
            if let old = entry.oldValue { lines.append("  old: \(old)") }
            if let new = entry.newValue { lines.append("  new: \(new)") }
        }
        return lines
    }

    /// "voided punch 42 of E001 (IN 09:02 on 2026-11-18)", "added employee E001", "allowed wifi aa:…".
    public static func headline(_ entry: AuditEntry, _ change: AuditChange, zone: LocalZone) -> String {
        let of = entry.employeeCode.map { " of \($0)" } ?? ""
        if entry.entity == "punch", let action = CorrectionAction(rawValue: entry.action) {
            let kind = change.latest("kind").map { "\($0)".uppercased() } ?? "punch"
            var when = change.latest("time").map { PunchTime("\($0)").text } ?? ""
            if action == .retime, case .text(let before)? = change.old?["time"],
                case .text(let after)? = change.new?["time"],
                before != after
            {
                when = PunchTime(before).span(to: PunchTime(after))
            }
            let window = change.new?["outside_edit_window"] == .flag(true) ? ", past the edit window" : ""
            return "\(action.pastTense) punch \(entry.entityKey)\(of) (\(kind) \(when)\(window))"
        }
        if entry.entity == "punch", entry.action == "refuse" {
            let kind = change.new?["kind"].map { "\($0)".uppercased() } ?? entry.entityKey.uppercased()
            var at = ""
            if case .number(let text)? = change.new?["instant_ms"], let milliseconds = Double(text) {
                at = " at " + zone.minuteText(of: Date(timeIntervalSince1970: milliseconds / 1000))
            }
            return "refused \(kind)\(of)\(at)"
        }
        // The employee, unless the key names them already (an employee's code, "E001 2026-12-02").
        let named = entry.employeeCode.map { entry.entityKey == $0 || entry.entityKey.hasPrefix($0 + " ") } ?? true
        let whose = named ? "" : entry.employeeCode.map { " (\($0))" } ?? ""
        return "\(verb(entry.action)) \(entry.entity) \(entry.entityKey)\(whose)"
    }

    /// The action as a verb in the past: "added", "set the PIN of".
    static func verb(_ action: String) -> String {
        switch action {
        case "add": "added"
        case "edit": "edited"
        case "remove": "removed"
        case "deactivate": "deactivated"
        case "allow": "allowed"
        case "revoke": "revoked"
        case "import": "imported"
        case "lock": "locked"
        case "unlock": "unlocked"
        case "wrong-pin": "took a wrong PIN for"
        case "set-pin": "set the PIN of"
        case "reset-pin": "reset the PIN of"
        case "passwd": "changed the password of"
        case "sign-in": "signed in as"
        case "sign-in refused": "refused the sign-in of"
        case "rejoin": "re-joined"
        case "refuse": "refused"
        default: action
        }
    }

    /// "code E001, name Asha Rao": the values that are set, in key order.
    static func listed(_ fields: [String: AuditChange.Value]) -> String {
        fields.sorted { $0.key < $1.key }.compactMap { $0.value == .none ? nil : "\($0.key) \($0.value)" }
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
        var text: String { parts.map { "\($0.time) on \($0.date)" } ?? recorded }

        /// "09:02 → 09:10 on 2026-11-18", or with both dates when they differ.
        func span(to later: PunchTime) -> String {
            guard let from = parts, let to = later.parts else { return "\(recorded) → \(later.recorded)" }
            if from.date == to.date { return "\(from.time) → \(to.time) on \(to.date)" }
            return "\(from.time) on \(from.date) → \(to.time) on \(to.date)"
        }
    }
}
