import AttendanceCore
import Crypto
import Foundation
import _CryptoExtras

/// A PIN as stored: PBKDF2-SHA256 over HMAC(pepper, PIN), with its own salt and round count.
package struct PINHash: Sendable, Equatable {
    package var salt: [UInt8]
    package var rounds: Int
    package var hash: [UInt8]

    package init(salt: [UInt8], rounds: Int, hash: [UInt8]) {
        self.salt = salt
        self.rounds = rounds
        self.hash = hash
    }
}

/// Hashing and checking PINs and the kiosk's exit code.
///
/// The PIN is first keyed with the pepper (a secret kept outside the database), then stretched
/// with PBKDF2-SHA256 at `rounds` with a random 16-byte salt per employee: a copy of the
/// database alone cannot be used to guess PINs, and each guess costs 210,000 rounds.
package enum PINHasher {
    package static let rounds = 210_000
    package static let saltBytes = 16
    package static let hashBytes = 32

    /// A PIN is 4–8 digits.
    package static func validate(_ pin: String) throws -> String {
        guard (4...8).contains(pin.utf8.count), pin.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
            throw AppFailure { words in words.tr("a PIN is 4 to 8 digits", [:]) }
        }
        return pin
    }

    package static func hash(_ pin: String, pepper: [UInt8], rounds: Int = rounds) throws -> PINHash {
        var generator = SystemRandomNumberGenerator()
        let salt = (0..<saltBytes).map { _ in UInt8.random(in: 0...255, using: &generator) }
        return PINHash(salt: salt, rounds: rounds, hash: try derive(pin, pepper: pepper, salt: salt, rounds: rounds))
    }

    /// Whether `pin` matches `stored`, compared in constant time.
    package static func verify(_ pin: String, against stored: PINHash, pepper: [UInt8]) -> Bool {
        guard let candidate = try? derive(pin, pepper: pepper, salt: stored.salt, rounds: stored.rounds) else {
            return false
        }
        return constantTimeEqual(candidate, stored.hash)
    }

    /// Spends the same work as a real check, for codes that do not exist: an unknown code and a
    /// wrong PIN take the same time.
    package static func burnOneCheck(pepper: [UInt8]) {
        _ = try? derive("0000", pepper: pepper, salt: Array(repeating: 0, count: saltBytes), rounds: rounds)
    }

    package static func derive(_ pin: String, pepper: [UInt8], salt: [UInt8], rounds: Int) throws -> [UInt8] {
        let keyed = HMAC<SHA256>.authenticationCode(for: Array(pin.utf8), using: SymmetricKey(data: pepper))
        let key = try KDF.Insecure.PBKDF2.deriveKey(
            from: Array(keyed), salt: salt, using: .sha256, outputByteCount: hashBytes,
            unsafeUncheckedRounds: rounds)
        return key.withUnsafeBytes { Array($0) }
    }

    package static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        var difference: UInt8 = 0
        for i in a.indices { difference |= a[i] ^ b[i] }
        return difference == 0
    }

    // MARK: - The kiosk's exit code

    /// Whether `code` has an exit code's form: 6–32 letters or digits.
    package static func hasExitCodeForm(_ code: String) -> Bool {
        (6...32).contains(code.count) && code.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
    }

    /// `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64), for `[kiosk] exit_code_hash`. Letters count in
    /// either case, as in employee codes: the code is hashed in lower case.
    package static func exitCodeHash(_ code: String) throws -> String {
        let hashed = try hash(code.lowercased(), pepper: Array("attendance-kiosk-exit".utf8))
        return
            "pbkdf2-sha256$\(hashed.rounds)$\(Data(hashed.salt).base64EncodedString())$\(Data(hashed.hash).base64EncodedString())"
    }

    /// Whether `code`, in any case, is the exit code hashed in `encoded`. A hash made before
    /// codes were hashed in lower case matches the code exactly as it was typed then.
    package static func verifyExitCode(_ code: String, against encoded: String) -> Bool {
        verifyExitCodeExactly(code.lowercased(), against: encoded)
            || (code != code.lowercased() && verifyExitCodeExactly(code, against: encoded))
    }

    private static func verifyExitCodeExactly(_ code: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]), rounds >= 1,
            let salt = Data(base64Encoded: parts[2]), let hash = Data(base64Encoded: parts[3])
        else { return false }
        return verify(
            code, against: PINHash(salt: [UInt8](salt), rounds: rounds, hash: [UInt8](hash)),
            pepper: Array("attendance-kiosk-exit".utf8))
    }
}
