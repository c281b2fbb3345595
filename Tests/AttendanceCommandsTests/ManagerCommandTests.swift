import AttendanceApp
import AttendanceStore
import Foundation
import Testing

/// The web console's accounts from the command line, and signing in with them.
@Suite("Console accounts")
struct ManagerCommandTests {
    static let password = "correct horse battery"

    func harness() throws -> CommandHarness {
        let h = CommandHarness()
        h.input = [Self.password]
        #expect(h.run("manager", "add", "boss", "--role", "manager").status == 0)
        return h
    }

    @Test("add, list, passwd and remove, each in the audit log; a name is never given twice")
    func lifecycle() throws {
        let h = try harness()
        h.input = [Self.password]
        #expect(h.run("manager", "add", "eve", "--role", "viewer").status == 0)
        let list = h.run("manager", "list", "--format", "csv")
        #expect(
            list.out
                == "name,role,created,removed\r\nboss,manager,2026-11-21 14:03,no\r\neve,viewer,2026-11-21 14:03,no\r\n"
        )
        h.input = [Self.password]
        let taken = h.run("manager", "add", "BOSS", "--role", "viewer")
        #expect(taken.status == 65, "\(taken.err)")
        #expect(taken.err.contains("exists already, or existed"), "\(taken.err)")
        h.input = ["another long password"]
        #expect(h.run("manager", "passwd", "eve").status == 0)
        #expect(h.run("manager", "remove", "eve").status == 0)
        h.input = [Self.password]
        #expect(h.run("manager", "add", "eve", "--role", "manager").status == 65)
        let audit = h.run("audit", "--format", "json").out
        for action in ["\"add\"", "\"passwd\"", "\"remove\""] { #expect(audit.contains(action), "\(audit)") }
        // The hash never reaches the audit log.
        #expect(!audit.contains("pbkdf2"), "\(audit)")
    }

    @Test("a short password, a name with a space and an unknown role are refused, nothing stored")
    func refusals() throws {
        let h = try harness()
        h.input = ["too short"]
        let short = h.run("manager", "add", "ann", "--role", "viewer")
        #expect(short.status == 65 && short.err.contains("at least 12 characters"), "\(short.err)")
        h.input = [Self.password]
        let spaced = h.run("manager", "add", "ann smith", "--role", "viewer")
        #expect(spaced.status == 65 && spaced.err.contains("no spaces"), "\(spaced.err)")
        #expect(h.run("manager", "add", "ann", "--role", "owner").status == 64)
        let list = h.run("manager", "list", "--format", "csv")
        #expect(
            list.out == "name,role,created,removed\r\nboss,manager,2026-11-21 14:03,no\r\n", "\(list.out) \(list.err)")
    }

    @Test("signing in: the right password, a wrong one, an unknown name; the sixth wrong try waits")
    func signIn() throws {
        let h = try harness()
        let store = try AttendanceStore(path: h.storePath)
        let signIn = SignIn(store: store)
        let now = h.now
        let good = try signIn.attempt(name: "Boss", password: Self.password, from: "127.0.0.1", now: now)
        guard case .signedIn(let account) = good else {
            Issue.record("\(good)")
            return
        }
        #expect(account.name == "boss" && account.role == .manager && account.actor == "boss via web")
        for name in ["boss", "nobody"] {
            var answers: [SignIn.Outcome] = []
            for _ in 0..<6 {
                answers.append(try signIn.attempt(name: name, password: "wrong password", from: "127.0.0.1", now: now))
            }
            #expect(answers == Array(repeating: .refused, count: 5) + [.wait(seconds: 2)], "\(name): \(answers)")
        }
        // The right password waits too, then works once the wait is over.
        let waiting = try signIn.attempt(
            name: "boss", password: Self.password, from: "127.0.0.1", now: now.addingTimeInterval(0.5))
        #expect(waiting == .wait(seconds: 2))
        let later = try signIn.attempt(
            name: "boss", password: Self.password, from: "127.0.0.1", now: now.addingTimeInterval(2))
        #expect(later == .signedIn(account))
        let audit = h.run("audit", "--format", "json").out
        #expect(audit.contains("sign-in refused") && audit.contains("\"sign-in\""), "\(audit)")
    }
}
