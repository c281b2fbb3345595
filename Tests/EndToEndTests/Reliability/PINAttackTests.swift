import AttendanceTestSupport
import Foundation
import Testing

/// Guessing PINs. The lock-out cannot be dodged by killing the process, an
/// unknown code cannot be told from a wrong PIN, and a copy of the database gives the PINs away
/// neither directly nor without the pepper file.
@Suite("Reliability: PIN attacks", .serialized)
struct PINAttackTests {
    static let pin = "48151623"
    static let otherPIN = "27182818"
    static let rejected = "attendance: unknown code or wrong PIN — NOT recorded\n"
    static let locked = "attendance: this code is locked after too many wrong PINs; ask your manager — NOT recorded\n"

    /// A sandbox where W001 and W002 have PINs, with the pepper file beside the store.
    static func sandbox() throws -> (Sandbox, [String: String]) {
        let s = try Office.sandbox()
        let environment = ["ATTENDANCE_PEPPER": s.folder + "/pin-pepper"]
        for (code, pin) in [(Office.code(1), pin), (Office.code(2), otherPIN)] {
            let set = try ChildProcess.attendance(
                ["employee", "set-pin", code], sandbox: s, environment: environment, input: "\(pin)\n\(pin)\n")
            #expect(set.finish(timeout: 30) == .exited(0), "\(set.errorText)")
        }
        return (s, environment)
    }

    static func pinState(_ s: Sandbox, _ code: String) throws -> (failures: Int, locked: Bool) {
        let row = try s.sqlite("SELECT failed_pin_attempts, locked FROM employee WHERE code = '\(code)'")
        let fields = row.trimmingCharacters(in: .newlines).split(separator: "|").compactMap { Int($0) }
        return (fields.first ?? -1, fields.last == 1)
    }

    @Test(
        "100 and more wrong PINs, each process SIGKILLed at a random moment, the clock moved past every delay: locked at exactly 10"
    )
    func lockOutSurvivesKills() throws {
        let (s, environment) = try Self.sandbox()
        let code = Office.code(1)
        var random = SeededGenerator(seed: 0x9A55)
        let start = ScenarioClock.instant(time: "08:00")
        var durations: [Double] = []
        var kills = 0
        var rejections = 0
        var lockedAnswers = 0
        var previous = try Self.pinState(s, code)
        var attempt = -1
        // At least 100 attempts, and on until the lock has been reached and answered once: how
        // many kills land before the failure is committed depends on the machine's load, so
        // the number of attempts it takes to count ten is not fixed (at most 600).
        while attempt < 99 || (lockedAnswers == 0 && attempt < 599) {
            attempt += 1
            // Two minutes apart: longer than the longest delay (60 s), so no attempt is told to wait.
            s.clock.set(start.addingTimeInterval(Double(attempt) * 120))
            let child = try ChildProcess.attendance(
                ["mark", "in", code], sandbox: s, environment: environment,
                input: String(format: "%08d\n", 10_000_000 + attempt))
            // The first two run to the end and measure an attempt here; then anywhere in one and a half.
            let delay = attempt < 2 ? 60 : Double.random(in: 0...(1.5 * median(durations)), using: &random)
            if child.wait(timeout: delay) == nil { child.send(SIGKILL) }
            let ended = child.finish(timeout: 60)
            let state = try Self.pinState(s, code)
            let context =
                "attempt \(attempt): \(ended.map(String.init(describing:)) ?? "hung") \(child.errorText) \(previous) → \(state)"

            #expect(child.outputText.isEmpty, "a wrong PIN marked: \(context)")
            #expect(state.failures == previous.failures || state.failures == previous.failures + 1, "\(context)")
            #expect(state.failures <= 10 && state.locked == (state.failures >= 10), "\(context)")
            switch ended {
            case .signalled(SIGKILL)?:
                kills += 1
            case .exited(14)?:
                // Told "wrong" only once the failure is counted.
                rejections += 1
                #expect(child.errorText == Self.rejected)
                #expect(state.failures == previous.failures + 1 && !state.locked, "\(context)")
            case .exited(15)?:
                lockedAnswers += 1
                #expect(child.errorText == Self.locked)
                #expect(state.failures == 10 && state.locked, "\(context)")
            default:
                Issue.record("unexpected end: \(context)")
            }
            if let seconds = child.seconds, ended != .signalled(SIGKILL) {
                durations = (durations + [seconds]).suffix(9)
            }
            previous = state
        }
        #expect(kills >= 20, "only \(kills) of \(attempt + 1) attempts were killed")
        #expect(rejections <= 9 && lockedAnswers >= 1, "\(rejections) rejections, \(lockedAnswers) locked answers")
        #expect(try Self.pinState(s, code) == (10, true))
        #expect(
            try s.sqlite("SELECT count(*) FROM audit_log WHERE action = 'lock' AND entity_key = '\(code)'") == "1\n")
        // Each counted wrong PIN is in the audit log, in the same transaction as the count.
        #expect(
            try s.sqlite("SELECT count(*) FROM audit_log WHERE action = 'wrong-pin' AND entity_key = '\(code)'")
                == "10\n")

        // Locked means locked, for the right PIN too, until the manager unlocks.
        let right = try ChildProcess.attendance(
            ["mark", "in", code], sandbox: s, environment: environment, input: Self.pin + "\n")
        #expect(right.finish(timeout: 30) == .exited(15) && right.errorText == Self.locked)
        // The manager the employee is sent to sees the lock, and what unlocking lifted.
        #expect(try s.run("employee", "show", code).out.contains("  PIN:       set; LOCKED after too many wrong PINs"))
        #expect(try s.run("employee", "list").out.contains("active, PIN LOCKED"))
        #expect(try s.run("employee", "show", code, "--format", "json").out.contains("\"pin_locked\" : true"))
        let unlocked = try ChildProcess.attendance(["employee", "unlock", code], sandbox: s, environment: environment)
        #expect(unlocked.finish(timeout: 30) == .exited(0))
        #expect(unlocked.outputText == "unlocked \(code) (locked after 10 wrong PINs)\n")
        #expect(try s.run("employee", "unlock", code).out == "\(code) was not locked; nothing to lift\n")
        #expect(try s.run("employee", "show", code).out.contains("  PIN:       set\n"))
        let marked = try ChildProcess.attendance(
            ["mark", "in", code], sandbox: s, environment: environment, input: Self.pin + "\n")
        #expect(marked.finish(timeout: 30) == .exited(0), "\(marked.errorText)")
        #expect(marked.outputText.hasPrefix("IN \(code) Worker 1 at "))
    }

    @Test("wrong PINs at 10:00, then the clock set back an hour: the wait is the delay, not an hour and more")
    func waitAfterClockSetBack() throws {
        let (s, environment) = try Self.sandbox()
        let code = Office.code(1)
        s.clock.set(time: "10:00")
        for _ in 1...5 {
            let wrong = try ChildProcess.attendance(
                ["mark", "in", code], sandbox: s, environment: environment, input: "1111\n")
            #expect(wrong.finish(timeout: 30) == .exited(14), "\(wrong.errorText)")
        }
        s.clock.advance(by: -3600)
        let right = try ChildProcess.attendance(
            ["mark", "in", code], sandbox: s, environment: environment, input: Self.pin + "\n")
        #expect(right.finish(timeout: 30) == .exited(15))
        #expect(right.errorText == "attendance: too many wrong PINs; try again in 2 s — NOT recorded\n")
        s.clock.advance(by: 3)
        let later = try ChildProcess.attendance(
            ["mark", "in", code], sandbox: s, environment: environment, input: Self.pin + "\n")
        #expect(later.finish(timeout: 30) == .exited(0), "\(later.errorText)")
    }

    @Test("an unknown code, a malformed code, a former employee and a wrong PIN: the same words, the same status")
    func sameAnswer() throws {
        let (s, environment) = try Self.sandbox()
        #expect(try s.run("employee", "deactivate", Office.code(4)).status == 0)
        for code in ["NOBODY", "no such code!", Office.code(4), Office.code(2)] {
            let child = try ChildProcess.attendance(
                ["mark", "in", code], sandbox: s, environment: environment, input: "1234\n")
            #expect(child.finish(timeout: 30) == .exited(14), "\(code)")
            #expect(child.errorText == Self.rejected, "\(code): \(child.errorText)")
            #expect(child.outputText.isEmpty)
        }
    }

    @Test("an unknown code costs the same CPU as a wrong PIN: one PBKDF2 each")
    func sameTimingClass() throws {
        let (s, environment) = try Self.sandbox()
        // The same command where no PIN is in use answers an unknown code without any PBKDF2.
        let plain = try Office.sandbox()
        func cpu(_ sandbox: Sandbox, _ code: String) throws -> Double {
            let child = try ChildProcess.attendance(
                ["mark", "in", code], sandbox: sandbox, environment: environment, input: "1234\n")
            #expect(child.finish(timeout: 60) == .exited(14))
            return child.cpuSeconds ?? 0
        }
        var unknown: [Double] = []
        var wrong: [Double] = []
        var baseline: [Double] = []
        // Five wrong PINs cost no delay yet (it starts after the fifth).
        for _ in 0..<5 {
            unknown.append(try cpu(s, "NOBODY"))
            wrong.append(try cpu(s, Office.code(2)))
            baseline.append(try cpu(plain, "NOBODY"))
        }
        let unknownWork = median(unknown) - median(baseline)
        let wrongWork = median(wrong) - median(baseline)
        #expect(unknownWork > 0.015 && wrongWork > 0.015, "unknown \(unknown), wrong \(wrong), baseline \(baseline)")
        #expect(
            abs(median(unknown) - median(wrong)) < 0.5 * min(unknownWork, wrongWork),
            "unknown \(unknown), wrong \(wrong), baseline \(baseline)")
    }

    @Test("a dump of the database holds no PIN, and its hash can be checked only with the pepper file")
    func dumpIsUselessWithoutPepper() throws {
        let (s, environment) = try Self.sandbox()
        let dump = try runTool("/usr/bin/sqlite3", [s.store, ".dump"])
        #expect(dump.status == 0 && dump.output.contains("CREATE TABLE employee"))
        for pin in [Self.pin, Self.otherPIN] {
            let hex = pin.utf8.map { String(format: "%02X", $0) }.joined()
            #expect(!dump.output.contains(pin) && !dump.output.uppercased().contains(hex), "the dump holds \(pin)")
            #expect(!contents(of: s.store).contains(Array(pin.utf8)), "the file holds \(pin)")
        }

        // What the dump holds, and the pepper: enough to check the PIN (openssl, not our code).
        let row = try s.sqlite("SELECT hex(pin_salt), hex(pin_hash), pin_rounds FROM employee WHERE code = 'W001'")
        let fields = row.trimmingCharacters(in: .newlines).split(separator: "|").map(String.init)
        try #require(fields.count == 3)
        let (salt, hash, rounds) = (fields[0], fields[1], fields[2])
        let pepper = contents(of: s.folder + "/pin-pepper").map { String(format: "%02X", $0) }.joined()
        #expect(pepper.count == 64)
        func pbkdf2(password hexPassword: String) throws -> String {
            let derived = try runTool(
                "/usr/bin/openssl",
                [
                    "kdf", "-keylen", "32", "-kdfopt", "digest:SHA256", "-kdfopt", "hexpass:\(hexPassword)", "-kdfopt",
                    "hexsalt:\(salt)", "-kdfopt", "iter:\(rounds)", "PBKDF2",
                ])
            return derived.output.filter(\.isHexDigit).uppercased()
        }
        func hmac(key: String) throws -> String {
            let file = s.folder + "/pin.txt"
            try Data(Self.pin.utf8).write(to: URL(fileURLWithPath: file))
            let mac = try runTool(
                "/usr/bin/openssl", ["mac", "-digest", "SHA256", "-macopt", "hexkey:\(key)", "-in", file, "HMAC"])
            return mac.output.filter(\.isHexDigit).uppercased()
        }
        #expect(try pbkdf2(password: hmac(key: pepper)) == hash, "with the pepper the PIN checks out")
        let bare = Self.pin.utf8.map { String(format: "%02X", $0) }.joined()
        #expect(try pbkdf2(password: bare) != hash, "the PIN alone must not check out")
        #expect(try pbkdf2(password: hmac(key: String(repeating: "00", count: 32))) != hash)

        // The program agrees: with another pepper the right PIN is wrong; with none it says so.
        let otherPepper = s.folder + "/other-pepper"
        try Data((0..<32).map { UInt8($0) }).write(to: URL(fileURLWithPath: otherPepper))
        let wrongPepper = try ChildProcess.attendance(
            ["mark", "in", "W001"], sandbox: s, environment: ["ATTENDANCE_PEPPER": otherPepper], input: Self.pin + "\n")
        #expect(wrongPepper.finish(timeout: 30) == .exited(14) && wrongPepper.errorText == Self.rejected)
        let missing = s.folder + "/moved-away"
        let noPepper = try ChildProcess.attendance(
            ["mark", "in", "W001"], sandbox: s, environment: ["ATTENDANCE_PEPPER": missing], input: Self.pin + "\n")
        #expect(noPepper.finish(timeout: 30) == .exited(74))
        #expect(
            noPepper.errorText
                == "attendance: the PIN pepper file \(missing) is missing; PINs cannot be checked (was it moved?)\n")
        let right = try ChildProcess.attendance(
            ["mark", "in", "W001"], sandbox: s, environment: environment, input: Self.pin + "\n")
        #expect(right.finish(timeout: 30) == .exited(0), "\(right.errorText)")
    }
}
