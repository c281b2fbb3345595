import AttendanceApp
import AttendanceCentral
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceSync
import AttendanceWiFi
import Foundation
import Testing

/// Every error a person can meet words itself once, through the catalog: English (its
/// `description`, byte for byte) without one, French and Spanish with the built catalogs, every
/// placeholder filled.
@Suite("Errors in the reader's language")
struct ErrorWordingTests {
    let french: Speech
    let spanish: Speech

    init() {
        let folder =
            ProcessInfo.processInfo.environment["ATTENDANCE_LOCALEDIR"]
            ?? URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/locale").path
        let catalog = Catalog(directory: folder)
        french = Speech(.french, catalog: catalog)
        spanish = Speech(.spanish, catalog: catalog)
    }

    /// Each error's English, French and Spanish: English as the reader's words say it is its
    /// description (the sources' own English, with no catalog); the others are translated, so they
    /// differ from it. In every language each `{placeholder}` of the sentence is filled: a name
    /// misspelt in the sources or in a catalog would be printed as it stands.
    func expectTranslated(
        _ errors: [any WordedError], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for error in errors {
            let english = error.worded(Speech.english)
            #expect(english == error.description, sourceLocation: sourceLocation)
            #expect(Self.unfilled(in: english).isEmpty, "\(english)", sourceLocation: sourceLocation)
            for speech in [french, spanish] {
                let words = error.worded(speech)
                #expect(!words.isEmpty, sourceLocation: sourceLocation)
                #expect(words != english, "\(speech.language): \(english)", sourceLocation: sourceLocation)
                #expect(
                    Self.unfilled(in: words).isEmpty, "\(speech.language): \(words)", sourceLocation: sourceLocation)
                #expect(speech.sentence(for: error) == words, sourceLocation: sourceLocation)
            }
        }
    }

    /// The `{placeholders}` left in `sentence`.
    static func unfilled(in sentence: String) -> [Substring] {
        sentence.matches(of: /\{[a-z][A-Za-z_]*\}/).map(\.output)
    }

    @Test("a placeholder left unfilled is seen")
    func unfilledPlaceholders() {
        #expect(Self.unfilled(in: EnglishWords().tr("removed {name} at {time}", ["name": "Asha"])) == ["{time}"])
        #expect(Self.unfilled(in: "a table { key = 1 }").isEmpty)
    }

    @Test("every store error is translated")
    func storeErrors() throws {
        let code = try EmployeeCode(parsing: "E001")
        let date = try AttendanceDate(parsing: "2026-11-25")
        let later = try AttendanceDate(parsing: "2026-11-27")
        let bssid = try BSSID(parsing: "aa:bb:cc:dd:ee:01")
        expectTranslated([
            StoreError.cannotOpen(path: "/x.sqlite", reason: "unable to open"), .busy, .diskFull,
            .needsUpgrade(path: "/x.sqlite"), .moved(path: "/x.sqlite"),
            .movedPunchesKept(path: "/x.sqlite", count: 2, file: "/kept.csv"), .fileSizeLimit(bytes: 1_024),
            .readOnly(path: "/x.sqlite"), .readOnly(path: "/x.sqlite", reason: "read-only file system"),
            .corrupt(path: "/x.sqlite", details: "malformed"), .notDurable(setting: "synchronous", actual: "0"),
            .duplicateEmployee(code), .unknownEmployee("E404"), .unknownNetwork(bssid),
            .duplicateHoliday(date, name: "Diwali"), .unknownHoliday(date), .noHolidays(date, later),
            .duplicateLeave(code, date, .full), .duplicateLeave(code, date, .half), .unknownLeave(code, date, date),
            .unknownLeave(code, date, later), .ioError("disk I/O error"), .backupFailed("no space"),
            .backupTarget("/backups is not a folder"),
            .unreadableRecord(table: "punches", column: "kind", value: "SIDEWAYS"), .syncIdentity("renamed kiosk"),
            .duplicateManager("boss"), .unknownManager("boss"), .unknownRequest(7),
            .requestAnswered(7, state: "approved"),
        ])
    }

    @Test("every central store error is translated")
    func centralErrors() throws {
        let address = try CentralAddress(parsing: "postgresql://kiosk@db.example:5432/attendance")
        expectTranslated([
            CentralError.unreachable(address, reason: "connection refused"),
            .authentication(address, reason: "password"), .notInitialised(address),
            .notPermitted(address, reason: "permission denied"), .passwordFile(path: "/pw", reason: "is empty"),
            .tls(reason: "no CA"), .server(address, reason: "XX000"), .nameTaken(address, node: "front-desk"),
            .conflict(address, node: "desk-1", changes: ["E001 (by boss)"]),
            .historyDiverged(address, node: "front-desk", seq: 12, reason: "differs"),
            .refused(address, reason: "a punch of E404"),
        ])
    }

    @Test("every WiFi reader error is translated")
    func wifiErrors() throws {
        let name = try InterfaceName(parsing: "wlan0")
        expectTranslated([
            WiFiError.nl80211Unavailable, .noWirelessInterface, .interfaceNotFound(name, available: []),
            .interfaceNotFound(name, available: ["wlp2s0"]), .notAStation(name, mode: .accessPoint),
            .notAssociated(interface: nil), .notAssociated(interface: "wlan0"),
            .permissionDenied(action: "list the WiFi interfaces", message: "no"),
            .kernelError(action: "list the WiFi interfaces", errno: 19, message: nil),
            .timedOut(action: "list the WiFi interfaces"),
            .dumpInterrupted(action: "list the WiFi interfaces", attempts: 3),
            .malformedReply(action: "list the WiFi interfaces", detail: "short"),
            .inconsistentLink(interface: "wlan0", detail: "BSSID changed"),
            .netlink(action: "allocate a netlink socket", code: -5, message: "Out of memory"),
        ])
    }

    @Test("every correction, employment, value and history problem is translated")
    func coreAndHistoryErrors() throws {
        let code = try EmployeeCode(parsing: "E001")
        let date = try AttendanceDate(parsing: "2026-11-25")
        let later = try AttendanceDate(parsing: "2026-11-27")
        let many = (1...12).map { try! AttendanceDate(parsing: "2026-11-\(String(format: "%02d", $0))") }
        expectTranslated([
            CorrectionError.reasonRequired, .placeholderReason("REASON"),
            .invalidText(what: Phrase("reason"), value: "\u{7}"),
            .unknownPunch(9), .alreadyVoid(9), .notVoid(9), .retimeOfVoid(9), .unchanged(9, time: "09:00"),
            .inFuture(time: "18:00", now: "10:00"), .outsideEditWindow(date, days: 30), .namedTwice(9),
        ])
        expectTranslated([
            EmploymentError.endsBeforeStart(code: code, start: later, end: date),
            .hidesRecordedWork(code: code, dates: many),
            .outsideEmployment(code: code, dates: [date], employed: "employed from 2026-12-01", what: "a punch"),
            .alreadyDeactivated(code: code, lastDate: nil), .alreadyDeactivated(code: code, lastDate: date),
        ])
        expectTranslated([
            CoreError.invalidValue(
                what: Phrase("date"), value: "2026-13-01", expected: Phrase("a real date as YYYY-MM-DD"))
        ])
        let problems: [HistoryProblem.Break] = [
            .missing(first: 3, last: 4), .notFollowing(record: "punch 5"), .changed(record: "punch 5"),
            .gone(record: "punch 5"), .linkedTwice(record: "punch 5"), .unchained(record: "punch 5"),
        ]
        for kind in problems {
            let problem = HistoryProblem(entry: 5, kind: kind)
            #expect(problem.worded(Speech.english) == problem.description)
            for speech in [french, spanish] {
                #expect(!problem.worded(speech).isEmpty && problem.worded(speech) != problem.description)
            }
        }
        #expect(
            EmploymentError.hidesRecordedWork(code: code, dates: many).worded(french).contains(
                "2026-11-10 et 2 autres"))
    }

    @Test("a service's refusal is translated, and reads as before in English")
    func serviceRefusal() {
        do {
            _ = try ManagerAccounts.validPassword("short")
            Issue.record("a short password was accepted")
        } catch let failure as AppFailure {
            #expect(failure.message.hasPrefix("a password has at least "))
            #expect(failure.worded(french).hasPrefix("un mot de passe compte au moins "))
            #expect(failure.worded(spanish).hasPrefix("una contraseña tiene al menos "))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("an unknown code, in French: the store's sentence keeps the code quoted as in English")
    func unknownCodeInFrench() {
        #expect(StoreError.unknownEmployee("E\u{1B}9").description == "no employee has code \"E\\x1b9\"")
        #expect(StoreError.unknownEmployee("E404").worded(french) == "aucun employé n'a le code \"E404\"")
        #expect(StoreError.unknownEmployee("E404").worded(spanish) == "ningún empleado tiene el código \"E404\"")
    }
}
