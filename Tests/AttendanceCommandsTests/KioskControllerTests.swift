import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import AttendanceWiFi
import Foundation
import Testing

@testable import AttendanceCommands

/// The kiosk's controller driven key by key in process, on a real store, with a fixed clock:
/// what it asks and what it keeps. (The screen itself is checked in a pseudo-terminal by the
/// end-to-end tests.)
final class KioskDriver {
    let folder: String
    let store: AttendanceStore
    let pepper: [UInt8]
    let policy: Policy
    let controller: KioskController

    /// A kiosk in Asia/Kolkata at local time `local` (a Monday unless said), E001 Asha Rao
    /// employed since 2026-10-01.
    init(at local: String = "2026-11-23 10:00") throws {
        folder = NSTemporaryDirectory() + "attendance-kiosk-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let zone = try #require(LocalZone(identifier: "Asia/Kolkata"))
        let now = try zone.instant(parsingLocal: local)
        store = try AttendanceStore(path: folder + "/store.sqlite", clock: { now })
        pepper = try PepperFile.load(at: folder + "/pepper", create: true)
        var configuration = Configuration(hostZone: zone)
        policy = configuration.policy
        configuration.kiosk.idleSeconds = 3600
        try store.addEmployee(
            NewEmployee(
                code: EmployeeCode(parsing: "E001"), name: PersonName(parsing: "Asha Rao"),
                startDate: AttendanceDate(parsing: "2026-10-01")),
            actor: "manager")
        let desk = MarkingService(
            configuration: configuration, store: store,
            linkReader: SimulatedLinkSource(
                ssid: try SSID(parsing: "OfficeNet"), bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01")),
            pepperPath: folder + "/pepper", now: { now })
        controller = KioskController(
            desk: desk, settings: configuration.kiosk, office: Speech(.english, catalog: nil), now: { now },
            uptime: { 0 })
    }

    deinit { try? FileManager.default.removeItem(atPath: folder) }

    var employee: Employee {
        get throws { try #require(try store.employee(code: "E001")) }
    }

    /// Gives E001 a one-time PIN, as `employee pins` does; the PIN on their slip.
    func handOutOneTimePIN() throws -> String {
        let slips = try Employees.oneTimePINs(
            for: [EmployeeCode(parsing: "E001")], policy: policy, now: Date(), pepper: { self.pepper },
            actor: "manager", store: store, handOut: { _ in })
        return try #require(slips.first?.pin)
    }

    /// Types `text` and presses Enter, then lets the kiosk do the work it queued.
    func enter(_ text: String) {
        for c in text { controller.handle(.character(c)) }
        press(.enter)
    }

    func press(_ key: Key) {
        controller.handle(key)
        controller.performPendingWork()
    }

    /// Whether `pin` is E001's PIN now.
    func isPIN(_ pin: String) throws -> Bool {
        let record = try #require(try store.pinRecord(employeeID: try employee.id))
        return PINHasher.verify(
            pin, against: PINHash(salt: record.salt, rounds: record.rounds, hash: record.hash), pepper: pepper)
    }

    /// The screen's text, as an 80×24 kiosk draws it.
    var screenText: String {
        KioskView(officeName: "HQ", zone: policy.zone, asciiOnly: false)
            .frame(for: controller, size: TerminalSize(columns: 80, rows: 24), now: Date()).plainText
    }

    /// E001's punch at local time `local`, straight into the store.
    func punch(_ kind: PunchKind, _ local: String) throws {
        let instant = try policy.zone.instant(parsingLocal: local)
        let attempt = PunchAttempt(
            employeeID: try employee.id, kind: kind, instant: instant, zone: policy.zone.identifier,
            source: .simulated, ssid: try SSID(parsing: "OfficeNet"), bssid: try BSSID(parsing: "aa:bb:cc:dd:ee:01"),
            location: "HQ")
        let outcome = try store.recordPunch(attempt, recentSince: policy.attendanceDate(of: instant).adding(days: -1)) {
            policy.decide(kind, at: instant, recent: $0)
        }
        guard case .recorded = outcome else { throw StoreError.ioError("\(outcome)") }
    }
}

@Suite("Kiosk: a one-time PIN is replaced before the menu")
struct KioskOneTimePINTests {
    @Test(
        "the one-time PIN leads to a new PIN typed twice; the slip's PIN, a short one and two that differ are refused")
    func replaced() throws {
        let kiosk = try KioskDriver()
        let slip = try kiosk.handOutOneTimePIN()
        kiosk.enter("E001")
        kiosk.enter(slip)
        guard case .newPIN = kiosk.controller.screen else {
            Issue.record("expected the new PIN screen, got \(kiosk.controller.screen)")
            return
        }
        // One sentence a line: neither breaks off a lone word.
        let lines = kiosk.screenText.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains("Your PIN was handed to you on a slip."), "\(kiosk.screenText)")
        #expect(lines.contains("Choose a PIN of your own now."), "\(kiosk.screenText)")

        kiosk.enter("12")
        #expect(kiosk.screenText.contains("A PIN is 4 to 8 digits."), "\(kiosk.screenText)")
        kiosk.enter("2468")
        #expect(kiosk.screenText.contains("Again: "), "\(kiosk.screenText)")
        // Typed masked: the digits never show.
        #expect(!kiosk.screenText.contains("2468"))
        kiosk.enter("1357")
        #expect(kiosk.screenText.contains("The two PINs differ. Type your new PIN again."), "\(kiosk.screenText)")
        kiosk.enter(slip)
        kiosk.enter(slip)
        #expect(
            kiosk.screenText.contains("That is the PIN from your slip. Choose a PIN of your own."),
            "\(kiosk.screenText)")
        #expect(try kiosk.employee.hasOneTimePIN)
        #expect(try kiosk.isPIN(slip))

        kiosk.enter("2468")
        kiosk.enter("2468")
        guard case .menu = kiosk.controller.screen else {
            Issue.record("expected the menu, got \(kiosk.controller.screen)")
            return
        }
        #expect(try !kiosk.employee.hasOneTimePIN)
        #expect(try kiosk.isPIN("2468"))
        #expect(try !kiosk.isPIN(slip))
        let change = try #require(try kiosk.store.auditLog().last)
        #expect(
            [change.actor, change.action, change.entityKey] == ["E001 at the kiosk", "reset-pin", "E001"])

        // The next visit takes their own PIN straight to the menu.
        kiosk.press(.escape)
        kiosk.enter("E001")
        kiosk.enter("2468")
        guard case .menu = kiosk.controller.screen else {
            Issue.record("expected the menu, got \(kiosk.controller.screen)")
            return
        }
    }

    @Test("Esc on the new PIN screen goes back to idle without marking, and the PIN stays one-time")
    func escapeKeepsOneTime() throws {
        let kiosk = try KioskDriver()
        let slip = try kiosk.handOutOneTimePIN()
        kiosk.enter("E001")
        kiosk.enter(slip)
        kiosk.enter("2468")
        kiosk.press(.escape)
        guard case .idle = kiosk.controller.screen else {
            Issue.record("expected idle, got \(kiosk.controller.screen)")
            return
        }
        #expect(try kiosk.employee.hasOneTimePIN)
        #expect(try kiosk.isPIN(slip))
        #expect(
            try kiosk.store.punches(
                employeeID: kiosk.employee.id, from: .earliest, through: AttendanceDate(parsing: "2026-12-31")
            ).isEmpty)
        // Asked again on the next visit.
        kiosk.enter("E001")
        kiosk.enter(slip)
        guard case .newPIN = kiosk.controller.screen else {
            Issue.record("expected the new PIN screen, got \(kiosk.controller.screen)")
            return
        }
    }

    @Test("a PIN a manager set while the employee was choosing theirs is kept")
    func managerPINMeanwhileKept() throws {
        let kiosk = try KioskDriver()
        _ = try kiosk.handOutOneTimePIN()
        let atTheKiosk = try kiosk.employee
        try Employees.setPIN(
            EmployeeCode(parsing: "E001"), pin: "9999", pepper: { kiosk.pepper }, actor: "manager",
            store: kiosk.store)
        #expect(
            try !Employees.replaceOneTimePIN(
                of: atTheKiosk, with: "2468", pepper: { kiosk.pepper }, actor: "E001 at the kiosk",
                store: kiosk.store))
        #expect(try kiosk.isPIN("9999"))
    }
}

@Suite("Kiosk: the day a correction request starts on")
struct KioskRequestDayTests {
    @Test("without a missing mark-out the form starts on the latest working day, past the weekend and a holiday")
    func latestWorkingDay() throws {
        // Monday 23 November: Sunday and Saturday are weekly offs, Friday 20 a holiday.
        let kiosk = try KioskDriver(at: "2026-11-23 10:00")
        try kiosk.store.addHoliday(
            Holiday(date: AttendanceDate(parsing: "2026-11-20"), name: "Founders' Day"), actor: "manager")
        kiosk.enter("E001")
        kiosk.controller.handle(.character("r"))
        guard case .request(_, let form) = kiosk.controller.screen else {
            Issue.record("expected the request form, got \(kiosk.controller.screen)")
            return
        }
        #expect(form.date == (try AttendanceDate(parsing: "2026-11-19")))
    }

    @Test("with a missing mark-out the form starts on the latest one")
    func latestMissingMarkOut() throws {
        let kiosk = try KioskDriver(at: "2026-11-23 10:00")
        try kiosk.punch(.in, "2026-11-17 09:30")
        try kiosk.punch(.in, "2026-11-18 09:30")
        try kiosk.punch(.in, "2026-11-19 09:30")
        try kiosk.punch(.out, "2026-11-19 18:00")
        kiosk.enter("E001")
        kiosk.controller.handle(.character("r"))
        guard case .request(_, let form) = kiosk.controller.screen else {
            Issue.record("expected the request form, got \(kiosk.controller.screen)")
            return
        }
        #expect(form.date == (try AttendanceDate(parsing: "2026-11-18")))
    }
}
