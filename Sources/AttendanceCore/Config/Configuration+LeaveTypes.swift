import AttendanceTOML

extension Configuration {
    /// Reads `[leave_types]`: one key a type, `sick = { code = "SL", colour = "#F48FB1" }`. A key
    /// of a default type (annual, sick, unpaid) changes its code or colour; any other adds a type,
    /// which needs a code. Returns what was wrong, each on its line.
    mutating func readLeaveTypes(_ table: TOMLDocument.Table, file: String) -> [ConfigIssue] {
        var issues: [ConfigIssue] = []
        for setting in table.entries {
            func refuse(_ problem: LeaveTypeProblem, line: Int? = nil) {
                issues.append(
                    ConfigIssue(file: file, line: line ?? setting.line, problem: .leaveType(name: setting.key, problem))
                )
            }
            guard LeaveType.isName(setting.key) else {
                refuse(.badName)
                continue
            }
            guard case .table(let fields) = setting.value else {
                refuse(.notATable(found: setting.value.type))
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
                    refuse(.badCode, line: field.line)
                    isBad = true
                case ("colour", .string(let text)):
                    guard let value = Self.colour(text) else {
                        refuse(.badColour(found: .text(text)), line: field.line)
                        isBad = true
                        continue
                    }
                    colour = value
                case ("colour", _):
                    refuse(.badColour(found: .type(field.value.type)), line: field.line)
                    isBad = true
                default:
                    refuse(.unknownField(field.key), line: field.line)
                    isBad = true
                }
            }
            guard !isBad else { continue }
            guard let code, let type = LeaveType(name: setting.key, code: code, colour: colour) else {
                refuse(.needsCode)
                continue
            }
            if let owner = policy.leaveTypes.set(type) { refuse(.codeTaken(code: type.code, owner: owner.name)) }
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
