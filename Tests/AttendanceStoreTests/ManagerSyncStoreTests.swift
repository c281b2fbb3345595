import AttendanceCore
import AttendanceStore
import AttendanceSync
import Foundation
import Testing

/// What a store sends up of the console's accounts, in a real SQLite file.
@Suite("Store: console accounts going up")
struct ManagerSyncStoreTests {
    let folder = TemporaryFolder()
    let hash = "pbkdf2-sha256$600000$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA=="

    @Test("a desk sends the accounts its changes name, a kiosk never; a sign-in sends no account again")
    func accountsGoingUp() throws {
        let store = try AttendanceStore(
            path: folder.file("s.sqlite"), clock: { Date(timeIntervalSince1970: 1_790_000_000) })
        try store.addManager(name: "ana", role: "viewer", passwordHash: hash, actor: "root")
        let atKiosk = try store.outgoing(node: "kiosk-a", limit: 100)
        #expect(atKiosk.batch.managers.isEmpty && atKiosk.batch.audit.count == 1)
        let atDesk = try store.outgoing(node: "desk-1", limit: 100, withAccounts: true)
        #expect(
            atDesk.batch.managers == [SyncedManager(name: "ana", role: "viewer", passwordHash: hash, removed: false)])
        try store.markPushed(upTo: atDesk.upTo)

        try store.auditSignIn(name: "ana", succeeded: true, from: "127.0.0.1")
        let signedIn = try store.outgoing(node: "desk-1", limit: 100, withAccounts: true)
        #expect(signedIn.batch.audit.map(\.action) == ["sign-in"] && signedIn.batch.managers.isEmpty)
        try store.markPushed(upTo: signedIn.upTo)

        try store.removeManager(name: "ana", actor: "root")
        let removed = try store.outgoing(node: "desk-1", limit: 100, withAccounts: true)
        #expect(removed.batch.managers.map(\.removed) == [true])
    }
}
