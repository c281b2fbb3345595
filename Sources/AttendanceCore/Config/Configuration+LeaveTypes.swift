import AttendanceTOML

extension Configuration {
    /// Reads `[leave_types]`: one key a type, `sick = { code = "SL", colour = "#F48FB1" }`. A key
    /// of a default type (annual, sick, unpaid) changes its code or colour; any other adds a type,
    /// which needs a code. Returns what was wrong, each on its line.
    mutating func readLeaveTypes(_ table: TOMLDocument.Table, file: String) -> [ConfigIssue] {
        var issues: [ConfigIssue] = []
        for setting in table.entries {
            let place = "\(setting.key.clippedForMessage) in [leave_types]: "
            func refuse(_ message: String, line: Int? = nil) {
                issues.append(ConfigIssue(file: file, line: line ?? setting.line, message: place + message))
            }
            guard LeaveType.isName(setting.key) else {
                refuse("a leave type's name is 1–20 lower-case letters, digits or _, starting with a letter")
                continue
            }
            guard case .table(let fields) = setting.value else {
                refuse("expected { code = \"SL\", colour = \"#F48FB1\" }, found \(setting.value.typeName)")
                continue
            }
            let known = policy.leaveTypes[setting.key]
            var (code, colour) = (known?.code, known?.colour ?? 0xB0BEC5)
            var isBad = false
            for field in fields.entries {
                switch (field.key, field.value) {
                case ("code", .string(let text)) where LeaveType.isCode(text):
                    code = text
                case ("code", _):
                    refuse(
                        "code: expected one or two capital letters, not another status's (P, L, HD, A, H, WO, M, IN)",
                        line: field.line)
                    isBad = true
                case ("colour", .string(let text)):
                    guard let value = Self.colour(text) else {
                        refuse("colour: expected \"#RRGGBB\", found \(text.quotedForMessage)", line: field.line)
                        isBad = true
                        continue
                    }
                    colour = value
                case ("colour", _):
                    refuse("colour: expected \"#RRGGBB\", found \(field.value.typeName)", line: field.line)
                    isBad = true
                default:
                    refuse(
                        "unknown key \(field.key.clippedForMessage); a leave type has a code and a colour",
                        line: field.line)
                    isBad = true
                }
            }
            guard !isBad else { continue }
            guard let code, let type = LeaveType(name: setting.key, code: code, colour: colour) else {
                refuse("a new leave type needs its code, such as code = \"ML\"")
                continue
            }
            if let clash = policy.leaveTypes.set(type) { refuse(clash) }
        }
        return issues
    }

    /// "#F48FB1" as 0xF48FB1; nil for anything else.
    static func colour(_ text: String) -> UInt32? {
        let bytes = Array(text.utf8)
        let isHex = { (byte: UInt8) in (0x30...0x39).contains(byte) || (0x61...0x66).contains(byte | 0x20) }
        guard bytes.count == 7, bytes[0] == UInt8(ascii: "#"), bytes.dropFirst().allSatisfy(isHex) else { return nil }
        return UInt32(String(decoding: bytes[1...], as: UTF8.self), radix: 16)
    }
}
