import AttendanceCore
import AttendanceStore
import AttendanceWiFi
import Foundation

/// The one path every punch takes, at the kiosk and from `attendance mark`: who is it, is the
/// PIN right, which WiFi are we on right now, what do the rules say — then a durable commit.
///
/// Nothing here draws, prints or words: it answers in typed results (``MarkResult``,
/// ``MarkSummary``, ``TodaySnapshot``), which each front-end words once.
package final class MarkingService {
    package let configuration: Configuration
    package let store: AttendanceStore
    package let linkReader: any WiFiLinkReading
    package let now: @Sendable () -> Date
    private let pepperPath: String
    private var pepper: [UInt8]?
    /// Once the store's files were found removed under this process: the error every later punch
    /// gets, naming the file its lost punches were kept in (they are kept once).
    private var storeGone: StoreError?

    package init(
        configuration: Configuration, store: AttendanceStore, linkReader: any WiFiLinkReading, pepperPath: String,
        now: @escaping @Sendable () -> Date
    ) {
        self.configuration = configuration
        self.store = store
        self.linkReader = linkReader
        self.pepperPath = pepperPath
        self.now = now
    }

    /// What a resident front-end (the kiosk) calls once the person has their answer: the
    /// checkpoint the store put off from the punch, if one is due
    /// (``AttendanceStore/Connections/resident``).
    package func settle() { store.checkpointIfDue() }

    // MARK: - Who is it

    /// The result of typing a code.
    package enum LookUp {
        /// Go ahead: no PIN is needed.
        case identified(Employee)
        /// Ask for a PIN. `employee` is nil for a code that does not exist: it is asked for a PIN
        /// all the same, so that nobody can tell real codes from made-up ones.
        case askPIN(Employee?)
        /// No such code, and no PINs are in use.
        case unknown
    }

    package func lookUp(code text: String) throws(StoreError) -> LookUp {
        let employee = try activeEmployee(code: text)
        let anyPIN = try store.anyEmployeeHasPIN()
        let pinsInUse = configuration.kiosk.requirePin || anyPIN
        switch employee {
        case let employee? where employee.hasPIN || configuration.kiosk.requirePin: return .askPIN(employee)
        case let employee?: return .identified(employee)
        case nil: return pinsInUse ? .askPIN(nil) : .unknown
        }
    }

    /// The employee with this code who may mark today (``Employee/employment(on:)``).
    package func activeEmployee(code text: String) throws(StoreError) -> Employee? {
        guard let code = try? EmployeeCode(parsing: text), let employee = try store.employee(code: code.rawValue)
        else { return nil }
        return employee.employment(on: configuration.policy.attendanceDate(of: now())).mayMark ? employee : nil
    }

    /// The employee with code `text` and their employment today when it does not let them mark
    /// (deactivated, or not started yet); nil when it does or no one has the code. For the
    /// manager's command line only: at the kiosk such a code looks like any unknown one.
    package func barredEmployee(code text: String) throws(StoreError) -> (Employee, Employment)? {
        guard let code = try? EmployeeCode(parsing: text), let employee = try store.employee(code: code.rawValue)
        else { return nil }
        let employment = employee.employment(on: configuration.policy.attendanceDate(of: now()))
        return employment.mayMark ? nil : (employee, employment)
    }

    /// The result of typing a PIN.
    package enum PINCheck: Equatable {
        case accepted
        /// Wrong PIN or unknown code: the same answer for both.
        case rejected
        /// Too many wrong PINs: wait this many seconds before trying again.
        case wait(seconds: Int)
        /// Locked until a manager runs `attendance employee unlock`.
        case locked
    }

    /// Checks `pin` for the code typed as `code` (`employee` is who it found, nil for none).
    ///
    /// A code with no PIN to check — made up, a former employee's, or one whose PIN was never
    /// set — goes the same way as a real one: its wrong PINs are counted in the store, delayed
    /// and locked alike, with the same work (one PBKDF2) and the same answers, so trying codes
    /// does not tell which exist. Checking the delay and taking the attempt are one step in the
    /// store, so attempts made at once cannot all slip past a delay.
    package func checkPIN(_ pin: String, for employee: Employee?, code: String) throws -> PINCheck {
        let pepper = try loadPepper()
        var record: PINRecord?
        if let employee { record = try store.pinRecord(employeeID: employee.id) }
        let employeeID = record == nil ? nil : employee?.id
        switch try store.beginPINAttempt(code: code, employeeID: employeeID, at: now()) {
        case .locked: return .locked
        case .wait(let seconds): return .wait(seconds: seconds)
        case .check: break
        }
        var right = false
        if let record {
            right = PINHasher.verify(
                pin, against: PINHash(salt: record.salt, rounds: record.rounds, hash: record.hash), pepper: pepper)
        } else {
            PINHasher.burnOneCheck(pepper: pepper)
        }
        // A wrong PIN is counted and committed before anyone is told, so killing the kiosk cannot undo it.
        let failures = try store.finishPINAttempt(code: code, employeeID: employeeID, right: right, at: now())
        if right { return .accepted }
        return PINLockout.isLocked(afterFailures: failures) ? .locked : .rejected
    }

    package func loadPepper() throws -> [UInt8] {
        if let pepper { return pepper }
        let loaded = try PepperFile.load(at: pepperPath, create: false)
        pepper = loaded
        return loaded
    }

    /// The kiosk's exit code, typed at the code prompt, checked against `[kiosk] exit_code_hash`.
    package func isExitCode(_ text: String) -> Bool {
        guard let hash = configuration.kiosk.exitCodeHash else { return false }
        return PINHasher.verifyExitCode(text, against: hash)
    }

    /// Whether this kiosk can see every punch made anywhere: always when it is the only one;
    /// with a central store, when its last sync succeeded within three sync periods (at least a
    /// minute). Otherwise an employee who marked at another kiosk may be unknown here, and the
    /// rules record their explicit choice (docs/rules.md "Punches" 9).
    package func knowledge(at time: Date) throws(StoreError) -> PunchKnowledge {
        guard configuration.central != nil else { return .complete }
        return knowledge(lastSync: try store.lastSyncSuccess(), at: time)
    }

    /// What a last successful sync at `last` lets this kiosk know at `time` (the core's rule).
    private func knowledge(lastSync last: Date?, at time: Date) -> PunchKnowledge {
        guard let central = configuration.central else { return .partial }
        return .after(lastSync: last, syncSeconds: central.syncSeconds, at: time)
    }

    /// For the kiosk's screen: what to warn of when the central store has not been reached for
    /// longer than this kiosk can vouch for what other kiosks recorded (docs/rules.md "Punches" 9),
    /// or its clock was found off the centre's at the last round; nil when there is no central
    /// store or nothing to warn of. The kiosk words it.
    package func centralWarning(at time: Date) throws(StoreError) -> CentralWarning? {
        guard configuration.central != nil else { return nil }
        let status = try store.syncStatus()
        let warning = CentralWarning(
            clockOffMinutes: status.clockOffset.flatMap(ClockOffset.minutes(ofSeconds:)),
            reach: reach(status, at: time), waiting: status.waiting)
        return warning.clockOffMinutes == nil && warning.reach == nil ? nil : warning
    }

    private func reach(_ status: SyncStatus, at time: Date) -> CentralWarning.Reach? {
        guard knowledge(lastSync: status.lastSuccess, at: time) == .partial else { return nil }
        if status.lastRoundRefused { return .refused }
        guard let last = status.lastSuccess else { return .notYet }
        let zone = configuration.policy.zone
        let (then, today) = (zone.localDateTime(of: last), zone.localDateTime(of: time))
        return .since(then.date == today.date ? zone.clockText(of: last) : zone.minuteText(of: last))
    }

    // MARK: - Where are we

    /// The WiFi link read now and checked against the allowed table.
    package enum LinkCheck {
        case verified(WiFiVerdict)
        case unavailable(WiFiError)
    }

    /// Reads the link afresh (never from a cache) and verifies it.
    package func checkLink() throws(StoreError) -> LinkCheck {
        let link: WiFiLink
        do {
            link = try linkReader.currentLink()
        } catch {
            return .unavailable(error)
        }
        return .verified(try store.allowedNetworks(activeOnly: true).verify(link))
    }

    // MARK: - Marking

    /// What became of a mark.
    package enum MarkResult {
        case recorded(Punch, details: MarkDetails)
        /// Not recorded again (docs/rules.md "Punches" 4); `since` is a later punch of the other
        /// kind, when there is one: the person's state is then not what the repeated press asked for.
        case duplicate(of: Punch, since: Punch?)
        case refused(PunchRefusal)
        case wifiNotAllowed(WiFiVerdict)
        case wifiUnavailable(WiFiError)
    }

    /// What a recorded punch means for the person.
    package struct MarkDetails {
        /// The local wall-clock time of the punch, with its offset in the hour that happened twice.
        package var clock: String
        package var summary: MarkSummary
        /// `max_session_hours` ("16") when the session this OUT closed ran longer and is not counted.
        package var sessionNotCountedOver: String?
        package var link: WiFiLink
        package var location: String
        package var clockWentBack: Bool
    }

    /// Marks `employee` in or out now: WiFi read and verified at this moment, the rules applied
    /// and the punch committed in one transaction. Returns only after the commit is durable.
    package func mark(_ kind: PunchKind, employee: Employee, note: String? = nil) throws(StoreError) -> MarkResult {
        let verdict: WiFiVerdict
        switch try checkLink() {
        case .unavailable(let error): return .wifiUnavailable(error)
        case .verified(let checked): verdict = checked
        }
        guard case .allowed(let link, let network) = verdict else { return .wifiNotAllowed(verdict) }
        let at = now()
        let policy = employee.policy(from: configuration.policy)
        let today = policy.attendanceDate(of: at)
        let attempt = PunchAttempt(
            employeeID: employee.id, kind: kind, instant: at, zone: policy.zone.identifier,
            source: link.isSimulated ? .simulated : .nl80211, ssid: link.ssid, bssid: link.bssid,
            location: network.location, note: note)
        let knowledge = try knowledge(at: at)
        // What the decision saw, inside the transaction that then inserted the punch: with the
        // punch itself, that is today as committed, and reading it again would compile and run
        // the same two queries a second time.
        var decidedOn: [Punch] = []
        let outcome: PunchOutcome
        do {
            outcome = try store.recordPunch(attempt, recentSince: today.adding(days: -1)) { recent in
                decidedOn = recent
                return policy.decide(kind, at: at, recent: recent, knowledge: knowledge)
            }
        } catch .moved(let path) {
            let gone = storeGone ?? keepPunchesNotOnDisk(ofStoreAt: path, at: at)
            storeGone = gone
            throw gone
        }
        switch outcome {
        case .duplicate(let previous):
            let latest = decidedOn.max(by: DayPunches.timeOrder)
            return .duplicate(of: previous, since: latest.flatMap { $0.kind != previous.kind ? $0 : nil })
        case .refused(let refusal): return .refused(refusal)
        case .recorded(let punch, let clockWentBack):
            let todays = (decidedOn + [punch]).filter { $0.attendanceDate == punch.attendanceDate }
                .sorted { ($0.instant, $0.id) < ($1.instant, $1.id) }
            let snapshot = self.today(for: employee, on: punch.attendanceDate, punches: todays, at: at)
            let summary: MarkSummary
            var notCountedOver: String?
            switch kind {
            case .in:
                if snapshot.day.punches.filter({ $0.kind == .in }).count > 1 {
                    summary = .welcomeBack(workedSeconds: snapshot.workedSeconds)
                } else if snapshot.evaluation.flags.contains(.halfDayLeave) {
                    summary = .halfDayLeave
                } else if snapshot.evaluation.status == .leave {
                    // A full-day leave decides the date whatever the punches (docs/rules.md 3).
                    summary = .onLeave
                } else if snapshot.evaluation.flags.contains(.workedOnHoliday) {
                    summary = .dayOff(holiday: snapshot.evaluation.holidayName)
                } else if let late = snapshot.minutesLate, late > 0 {
                    summary = .late(minutes: late)
                } else {
                    summary = .onTime
                }
            case .out:
                // docs/rules.md "Punches" 5: a session over the maximum is not counted; the front-end
                // says so rather than let "worked 0 min" stand unexplained.
                if snapshot.day.sessions.last?.isOverMax == true { notCountedOver = policy.maxSessionHoursText }
                summary = .workedToday(seconds: snapshot.workedSeconds)
            }
            return .recorded(
                punch,
                details: MarkDetails(
                    clock: policy.zone.clockText(of: punch.instant), summary: summary,
                    sessionNotCountedOver: notCountedOver, link: link, location: network.location,
                    clockWentBack: clockWentBack))
        }
    }

    /// After the store's files were found removed or replaced under this process: the punches
    /// it had recorded since it opened the store that the store there now does not hold are
    /// written beside it, in the form `attendance import punches` reads, so that none is lost.
    /// The error to show: where they are, or only what happened when there are none (or the file
    /// could not be written, which the error then does not claim).
    private func keepPunchesNotOnDisk(ofStoreAt path: String, at: Date) -> StoreError {
        let lost = store.punchesNotOnDisk()
        guard !lost.isEmpty else { return .moved(path: path) }
        let rows = lost.map { code, punch in PunchFile.row(code: code, punch, zone: configuration.policy.zone) }
        let file = "\(path).not-saved-\(FileStamp.text(of: at)).csv"
        guard KeptFile.write(CSV.render(header: PunchFile.columns, rows: rows), to: file) else {
            return .moved(path: path)
        }
        return .movedPunchesKept(path: path, count: lost.count, file: file)
    }

    // MARK: - Today

    /// An employee's current attendance date so far.
    package struct TodaySnapshot {
        package var date: AttendanceDate
        package var day: DayPunches
        package var evaluation: DayEvaluation
        package var workedSeconds: Double
        /// Minutes late of today's first IN, nil when not in yet.
        package var minutesLate: Int?
        package var zone: LocalZone
        /// `max_session_hours` ("16") when the open session has run longer: it is not counted.
        package var openPastMaximum: String?
        /// The person's own earlier dates left open (M) that a manager can still correct, latest
        /// first; filled in only for the kiosk's menu (``MarkingService/menu(for:)``).
        package var missingMarkOuts: [AttendanceDate] = []
        /// The dates of the person's requests still waiting for an answer; for the menu too.
        package var waitingRequests: [AttendanceDate] = []
        /// Answers to the person's requests not yet shown to them; for the menu too.
        package var answers: [AskedCorrection] = []

        package var isIn: Bool { day.openSession != nil }
    }

    /// How many of a person's open dates the kiosk's menu names: the latest ones.
    package static let menuMissingLimit = 2

    /// Today's snapshot with the person's latest missing mark-outs, for the kiosk's menu.
    package func menu(for employee: Employee) throws(StoreError) -> TodaySnapshot {
        var snapshot = try today(for: employee)
        snapshot.missingMarkOuts = Array(
            try Reports.missingMarkOuts(of: employee, policy: configuration.policy, now: now(), store: store)
                .prefix(Self.menuMissingLimit))
        snapshot.waitingRequests = try store.askedCorrections(state: .waiting, employeeID: employee.id).map(\.date)
        snapshot.answers = try AskedCorrections.answersToShow(employee, store: store)
        return snapshot
    }

    package func today(for employee: Employee) throws(StoreError) -> TodaySnapshot {
        let at = now()
        let date = employee.policy(from: configuration.policy).attendanceDate(of: at)
        return today(
            for: employee, on: date, punches: try store.punches(employeeID: employee.id, from: date, through: date),
            at: at)
    }

    /// `date`'s snapshot at `at` from its punches, in time order.
    private func today(for employee: Employee, on date: AttendanceDate, punches: [Punch], at: Date) -> TodaySnapshot {
        let policy = employee.policy(from: configuration.policy)
        let day = policy.pairing(punches)
        let engine = StatusEngine(employee: employee, policy: configuration.policy, now: at)
        // A holiday decides what is said of any IN (docs/rules.md, status rule 4: nobody is late on
        // one). This runs after a punch's commit, so a failed read leaves the words as they are
        // rather than fail a punch already recorded.
        let holiday = (try? store.holidayNames(from: date, through: date))?[date]
        var evaluation = engine.evaluate(date, punches: punches, holiday: holiday, leave: nil, isCorrected: false)
        // No lateness on a date with leave (docs/rules.md "Half-day leave"): the date's leave is read
        // only when it would change what is said.
        if (evaluation.minutesLate ?? 0) > 0,
            let leave = (try? store.leave(employeeID: employee.id, from: date, through: date))?[date]
        {
            evaluation = engine.evaluate(date, punches: punches, holiday: holiday, leave: leave, isCorrected: false)
        }
        return TodaySnapshot(
            date: date, day: day, evaluation: evaluation, workedSeconds: day.workedSeconds(until: at),
            minutesLate: evaluation.minutesLate, zone: policy.zone,
            openPastMaximum: day.openSession.flatMap {
                at.timeIntervalSince($0.start) > day.maxSessionSeconds ? policy.maxSessionHoursText : nil
            })
    }

}

/// What the kiosk warns of about the central store, for the kiosk to word.
package struct CentralWarning: Equatable, Sendable {
    /// Why what other kiosks recorded may be missing here.
    package enum Reach: Equatable, Sendable {
        /// The centre refused the last round.
        case refused
        /// Never reached.
        case notYet
        /// Last reached at this time ("09:05" today, else "2026-11-24 09:05").
        case since(String)
    }

    /// How far this kiosk's clock was from the centre's at the last round (ahead when positive),
    /// when it is off by more than the rules allow.
    package var clockOffMinutes: Int?
    package var reach: Reach?
    /// Records kept here until the centre is reached.
    package var waiting: Int

    package init(clockOffMinutes: Int? = nil, reach: Reach? = nil, waiting: Int = 0) {
        self.clockOffMinutes = clockOffMinutes
        self.reach = reach
        self.waiting = waiting
    }
}
