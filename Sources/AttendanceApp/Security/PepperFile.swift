import AttendanceCore
import AttendanceStore
import Foundation
import SystemPackage

/// The PIN pepper: 32 random bytes in a file of their own, outside the database.
///
/// Created on first use, readable by its owner only (mode 0400). Where it is depends on how the
/// program was started: each front-end says (`PepperFile.path` of the commands).
package enum PepperFile {
    /// Reads the pepper, creating it when `create` and it does not exist yet.
    package static func load(at path: String, create: Bool) throws(AppFailure) -> [UInt8] {
        if let data = FileManager.default.contents(atPath: path) {
            guard data.count == 32 else {
                throw AppFailure(kind: .files) { words in
                    words.tr("the PIN pepper file {path} is damaged (expected 32 bytes)", ["path": path])
                }
            }
            return [UInt8](data)
        }
        if !FileAccess.isMissing(path) {
            let denial = FileAccess.denial(of: path)
            throw AppFailure(kind: .files) { words in
                let why = denial.map { ": " + words.sentence(for: $0) } ?? ""
                return words.tr(
                    "cannot read the PIN pepper file {path}{why}; it must be readable by the user running the kiosk (the service hands it over with LoadCredential=)",
                    ["path": path, "why": why])
            }
        }
        guard create else {
            throw AppFailure(kind: .files) { words in
                words.tr(
                    "the PIN pepper file {path} is missing; PINs cannot be checked (was it moved?)", ["path": path])
            }
        }
        var generator = SystemRandomNumberGenerator()
        let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(
            atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o750])
        let file: FileDescriptor
        do {
            file = try FileDescriptor.open(
                FilePath(path), .writeOnly, options: [.create, .exclusiveCreate, .closeOnExec], permissions: .ownerRead)
        } catch {
            throw AppFailure(kind: .files) { words in
                words.tr("cannot create the PIN pepper file {path}: {reason}", ["path": path, "reason": "\(error)"])
            }
        }
        do {
            try file.writeSyncedAndClose(bytes)
        } catch {
            unlink(path)
            throw AppFailure(kind: .files) { words in
                words.tr("cannot write the PIN pepper file {path}", ["path": path])
            }
        }
        return bytes
    }
}
