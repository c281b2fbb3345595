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
        var encoder = Encoder(kind: kind, count: fields.count)
        for field in fields {
            switch field {
            case .null: encoder.appendNull()
            case .integer(let value): encoder.append(integer: value)
            case .real(let value): encoder.append(real: value)
            case .text(let value): encoder.append(text: value)
            case .bytes(let value): value.withUnsafeBytes { encoder.append(bytes: $0) }
            }
        }
        return encoder.bytes
    }

    /// SHA-256 of `previous` followed by the record's encoding.
    public static func hash(previous: [UInt8], kind: String, fields: [Field]) -> [UInt8] {
        hash(previous: previous, encoding: encoding(kind: kind, fields: fields))
    }

    /// SHA-256 of `previous` followed by `encoding`.
    public static func hash(previous: some DataProtocol, encoding: [UInt8]) -> [UInt8] {
        var hasher = SHA256()
        hasher.update(data: previous)
        hasher.update(data: encoding)
        return Array(hasher.finalize())
    }

    /// The canonical encoding written one field at a time, in the record's column order: the
    /// store's link function reads SQLite's values straight into it, with no value made of them.
    public struct Encoder {
        public private(set) var bytes: [UInt8]

        /// The head of a record of `kind` with `count` fields.
        public init(kind: String, count: Int) {
            bytes = label
            bytes.reserveCapacity(256)
            bytes.append(0)
            // The kind is the one text written without its type's tag.
            var kind = kind
            kind.withUTF8 { appendLengthPrefixed(UnsafeRawBufferPointer($0)) }
            appendNumber(UInt64(count))
        }

        public mutating func appendNull() { bytes.append(0) }

        public mutating func append(integer value: Int64) {
            bytes.append(1)
            appendNumber(UInt64(bitPattern: value))
        }

        public mutating func append(real value: Double) {
            bytes.append(2)
            appendNumber(value.bitPattern)
        }

        public mutating func append(text value: String) {
            var value = value
            value.withUTF8 { append(utf8: UnsafeRawBufferPointer($0)) }
        }

        /// Text given as its UTF-8 bytes.
        public mutating func append(utf8: UnsafeRawBufferPointer) {
            bytes.append(3)
            appendLengthPrefixed(utf8)
        }

        public mutating func append(bytes value: UnsafeRawBufferPointer) {
            bytes.append(4)
            appendLengthPrefixed(value)
        }

        /// The count of `value`'s bytes, then the bytes.
        private mutating func appendLengthPrefixed(_ value: UnsafeRawBufferPointer) {
            appendNumber(UInt64(value.count))
            bytes.append(contentsOf: value)
        }

        /// Eight bytes, most significant first.
        private mutating func appendNumber(_ number: UInt64) {
            withUnsafeBytes(of: number.bigEndian) { bytes.append(contentsOf: $0) }
        }
    }
}
