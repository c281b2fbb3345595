import Crypto
import Foundation

/// One link of the store's history chain (docs/rules.md "History"): every record that makes up
/// history — a punch, a correction, an audit entry (which records every change to employees,
/// access points, holidays and leave) — is hashed together with the hash of the record before
/// it. Changing, removing or inserting any record then breaks every link after it.
///
/// The hash is SHA-256 over the previous hash and a canonical encoding of the record: a fixed
/// label, the kind of record, then each stored column in a fixed order, each value tagged with
/// its type and, for text and bytes, preceded by its length. Two different records never encode
/// alike, and the encoding never changes: a chain made today is checked the same way in ten years.
public enum HistoryLink {
    /// A column's stored value.
    public enum Field: Sendable, Hashable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case bytes([UInt8])
    }

    /// The hash before the first record: 32 zero bytes.
    public static let start = [UInt8](repeating: 0, count: 32)

    /// The label every encoding starts with, naming the encoding's version.
    static let label = Array("attendance-history-v1".utf8)

    /// The canonical encoding of one record of `kind` (punch, punch_correction, audit_log).
    public static func encoding(kind: String, fields: [Field]) -> [UInt8] {
        var bytes = label
        bytes.append(0)
        append(text: kind, to: &bytes)
        append(integer: UInt64(fields.count), to: &bytes)
        for field in fields {
            switch field {
            case .null:
                bytes.append(0)
            case .integer(let value):
                bytes.append(1)
                append(integer: UInt64(bitPattern: value), to: &bytes)
            case .real(let value):
                bytes.append(2)
                append(integer: value.bitPattern, to: &bytes)
            case .text(let value):
                bytes.append(3)
                append(text: value, to: &bytes)
            case .bytes(let value):
                bytes.append(4)
                append(integer: UInt64(value.count), to: &bytes)
                bytes += value
            }
        }
        return bytes
    }

    /// SHA-256 of `previous` followed by the record's encoding.
    public static func hash(previous: [UInt8], kind: String, fields: [Field]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        hasher.update(data: encoding(kind: kind, fields: fields))
        return Array(hasher.finalize())
    }

    private static func append(integer: UInt64, to bytes: inout [UInt8]) {
        for shift in stride(from: 56, through: 0, by: -8) {
            bytes.append(UInt8(truncatingIfNeeded: integer >> UInt64(shift)))
        }
    }

    private static func append(text: String, to bytes: inout [UInt8]) {
        let utf8 = Array(text.utf8)
        append(integer: UInt64(utf8.count), to: &bytes)
        bytes += utf8
    }
}
