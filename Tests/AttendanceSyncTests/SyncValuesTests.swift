import AttendanceSync
import Testing

@Suite("What travels to the central store")
struct SyncValuesTests {
    @Test(
        "a central store's address: user, host or socket folder, port and database, percent-decoded",
        arguments: [
            ("postgresql://kiosk@db.example:5432/attendance", "postgresql://kiosk@db.example:5432/attendance"),
            ("postgres://k@db/a", "postgresql://k@db:5432/a"),
            ("postgresql://k@/a?host=/run/postgresql", "postgresql://k@/a?host=/run/postgresql (port 5432)"),
            ("postgresql://k@/a?host=%2Frun%2Fpg", "postgresql://k@/a?host=/run/pg (port 5432)"),
            ("postgresql://k@[::1]:5433/a", "postgresql://k@[::1]:5433/a"),
            ("postgresql://k@[::1]/a", "postgresql://k@[::1]:5432/a"),
            ("postgresql://k%40x@db/a%20b", "postgresql://k@x@db:5432/a b"),
            ("postgresql://k@DB.Example:6543/a", "postgresql://k@DB.Example:6543/a"),
        ])
    func addresses(text: String, seen: String) throws {
        #expect(try CentralAddress(url: text).description == seen)
    }

    @Test(
        "an address that cannot be used says which part is wrong",
        arguments: [
            ("mysql://k@db/a", CentralAddress.Problem.notAnAddress),
            ("postgresql://k@db/a\u{1B}[2J", .notAnAddress),
            ("postgresql://k@db/a#part", .notAnAddress),
            ("postgresql://k@db:x/a", .notAnAddress),
            ("postgresql://k%ZZ@db/a", .notAnAddress),
            ("postgresql://k@db/a%ZZ", .notAnAddress),
            ("postgresql://k@db/a b", .notAnAddress),
            ("postgresql://db/a", .userMissing),
            ("postgresql://@db/a", .userMissing),
            ("postgresql://k:secret@db/a", .passwordGiven),
            ("postgresql://k:@db/a", .passwordGiven),
            ("postgresql://k@db", .databaseMissing),
            ("postgresql://k@db/", .databaseMissing),
            ("postgresql://k@db/a/b", .databaseMissing),
            ("postgresql://k@db/a%2Fb", .databaseMissing),
            ("postgresql://k@db/a?sslmode=require", .otherOption),
            ("postgresql://k@/a?host=run", .otherOption),
            ("postgresql://k@db:0/a", .badPort),
            ("postgresql://k@db:70000/a", .badPort),
            ("postgresql://k@/a", .hostMissing),
            ("postgresql://k@:5432/a", .hostMissing),
            ("postgresql://k@db/a?host=/run/postgresql", .hostAndSocketFolder),
        ])
    func refusedAddresses(text: String, problem: CentralAddress.Problem) {
        #expect(throws: problem) { try CentralAddress(url: text) }
    }

    @Test(
        "only a socket folder, localhost, 127.0.0.0/8 or ::1 stays on this machine",
        arguments: [
            ("postgresql://k@db.example:5432/a", false), ("postgresql://k@10.0.0.5/a", false),
            ("postgresql://k@127.0.0.2:5433/a", true), ("postgresql://k@LocalHost/a", true),
            ("postgresql://k@[::1]:5432/a", true), ("postgresql://k@/a?host=/run/postgresql", true),
            ("postgresql://k@127.example.com/a", false),
        ])
    func staysOnThisMachine(text: String, local: Bool) throws {
        let address = try CentralAddress(url: text)
        #expect(address.staysOnThisMachine == local && (address.plainTextRefusal == nil) == local)
    }

    @Test("a round's pages added up count every kind of record they carry, the console's accounts too")
    func syncBatchAppend() {
        var page = SyncBatch()
        page.holidays = [SyncedHoliday(date: "2026-12-25", name: "Christmas", removed: false)]
        page.managers = [SyncedManager(name: "boss", role: "manager", passwordHash: "h", removed: false)]
        var round = SyncBatch()
        round.append(page)
        round.append(page)
        #expect(page.count == 2 && !page.isEmpty)
        #expect(round.count == 4 && round.holidays.count == 2 && round.managers.count == 2, "\(round)")
        #expect(SyncBatch().isEmpty && SyncBatch().count == 0)
    }
}
