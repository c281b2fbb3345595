import Foundation

/// A console password as stored: `pbkdf2-sha256$ROUNDS$SALT$HASH` (base64), the form the kiosk's
/// exit code has, with a random 16-byte salt per account and the PINs' 210,000 rounds.
enum PasswordHasher {
    /// Keys the password before stretching, so a hash copied from one product is no use in another.
    private static let label = Array("attendance-console-password".utf8)

    static func hash(_ password: String) throws -> String {
        let hashed = try PINHasher.hash(password, pepper: label)
        return "pbkdf2-sha256$\(hashed.rounds)$\(Data(hashed.salt).base64EncodedString())$"
            + Data(hashed.hash).base64EncodedString()
    }

    /// Whether `password` is the one hashed in `encoded`, compared in constant time.
    static func verify(_ password: String, against encoded: String) -> Bool {
        let parts = encoded.split(separator: "$").map(String.init)
        guard parts.count == 4, parts[0] == "pbkdf2-sha256", let rounds = Int(parts[1]),
            (10_000...1_000_000).contains(rounds), let salt = Data(base64Encoded: parts[2]),
            let hash = Data(base64Encoded: parts[3])
        else { return false }
        return PINHasher.verify(
            password, against: PINHash(salt: [UInt8](salt), rounds: rounds, hash: [UInt8](hash)), pepper: label)
    }

    /// The work of one check, spent for a name that has no account.
    static func burnOneCheck() { PINHasher.burnOneCheck(pepper: label) }
}
