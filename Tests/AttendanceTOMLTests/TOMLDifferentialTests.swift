import AttendanceTOML
import Foundation
import Testing

/// The TOML reader against Python's tomllib over a generated corpus: both must accept and refuse
/// the same documents, and read the same values from those they accept.
@Suite("TOML differential against tomllib")
struct TOMLDifferentialTests {
    /// Debian 12's python3 (3.11), whose standard library has tomllib; named explicitly so a
    /// newer or older python3 earlier on PATH cannot change the oracle.
    static let python = "/usr/bin/python3"
    static let oracle = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Oracles/toml_oracle.py").path

    struct Disagreement: CustomStringConvertible {
        let document: String
        let oracle: String
        let ours: String
        var description: String {
            "document \(document.debugDescription)\n  tomllib: \(oracle.prefix(400))\n  ours:    \(ours.prefix(400))"
        }
    }

    @Test(
        "every generated document is accepted or refused as tomllib does, with the same values",
        arguments: [12, 2026])
    func agreesWithTomllib(seed: Int) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.python) else {
            Issue.record(
                "\(Self.python) is missing: the TOML differential test needs Debian's python3 (3.11, with tomllib); install it with apt-get install python3"
            )
            return
        }
        let run = try Self.oracleOutput(seed: seed)
        guard run.status == 0 else {
            Issue.record("the oracle \(Self.oracle) failed (exit \(run.status)): \(run.errorText)")
            return
        }
        var documents = 0, valid = 0, invalid = 0, values = 0
        var disagreements: [Disagreement] = []
        for line in run.outputText.split(separator: "\n") {
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            guard fields.count == 2, let bytes = Self.bytes(hex: fields[0]) else {
                Issue.record("the oracle wrote a line that is not HEX TAB VERDICT: \(line.prefix(200))")
                return
            }
            let document = String(decoding: bytes, as: UTF8.self)
            let expected = String(fields[1])
            documents += 1
            let ours: String
            do {
                let parsed = try TOMLDocument(parsing: document, file: "corpus.toml")
                ours = "V" + TOMLCanonicalJSON.text(parsed.root)
                if expected == ours { values += TOMLCanonicalJSON.scalarCount(.table(parsed.root)) }
            } catch {
                ours = "E" + error.description
            }
            if expected.hasPrefix("V") { valid += 1 } else { invalid += 1 }
            let agree = expected.hasPrefix("V") ? expected == ours : ours.hasPrefix("E")
            if !agree { disagreements.append(Disagreement(document: document, oracle: expected, ours: ours)) }
        }
        print(
            "TOML differential, seed \(seed): \(documents) documents, \(valid) valid and \(invalid) invalid by tomllib, \(values) values compared, \(disagreements.count) disagreements"
        )
        #expect(documents >= 4000)
        // A corpus that is nearly all valid or all invalid would prove little.
        #expect(valid >= 1000 && invalid >= 1000)
        #expect(
            disagreements.isEmpty,
            "\(disagreements.count) disagreements; the first:\n\(disagreements.prefix(15).map(\.description).joined(separator: "\n"))"
        )
    }

    static func bytes(hex: Substring) -> [UInt8]? {
        let digits = Array(hex.utf8)
        guard digits.count % 2 == 0 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(digits.count / 2)
        var i = 0
        while i < digits.count {
            guard let high = hexValue(digits[i]), let low = hexValue(digits[i + 1]) else { return nil }
            out.append(high << 4 | low)
            i += 2
        }
        return out
    }

    static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): c - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): c - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// What the oracle prints for `seed`: 4,000 documents, one a line.
    static func oracleOutput(seed: Int) throws -> (status: Int32, outputText: String, errorText: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = [oracle, String(seed), "4000"]
        process.environment = ["PATH": "/usr/bin:/bin", "PYTHONIOENCODING": "utf-8", "PYTHONDONTWRITEBYTECODE": "1"]
        // Errors go to a file, output through a pipe read to its end: nothing can fill up and stop the oracle.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent(
            "toml-oracle-\(UUID().uuidString)")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let errorData = (try? Data(contentsOf: errorFile)) ?? Data()
        return (
            process.terminationStatus, String(decoding: outputData, as: UTF8.self),
            String(decoding: errorData, as: UTF8.self)
        )
    }
}
