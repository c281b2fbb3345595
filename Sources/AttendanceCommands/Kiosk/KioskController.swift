import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import AttendanceWiFi
import Foundation

/// The kiosk's behaviour: which screen is up, what typing does there, and when to go back to
/// idle. It talks to the marking desk; drawing is `KioskView`'s, the loop is `KioskCommand`'s.
final class KioskController {
    /// A screen and what it holds.
    enum Screen {
        case idle
        /// Asking for a PIN. Only the typed code is shown, never a name: a made-up code must
        /// look exactly like a real one.
        case pin(Employee?, code: String)
        case menu(Employee, MarkingService.TodaySnapshot, selection: Int)
        case working(String)
        case message(KioskMessage)
        /// The person's calendar of `month`: this month at first, left and right go back and
        /// forth; its flagged days from `flaggedFrom` on, up and down turn their pages.
        case calendar(Employee, month: YearMonth, flaggedFrom: Int, StyledText)
        /// Asking for a correction: the day, the time they left, why.
        case request(Employee, KioskRequestForm)
        /// Asking a person who came in with a one-time PIN for their own, before their menu.
        case newPIN(Employee, KioskNewPIN)

        /// Lists start at the top; everything else is centred.
        var isList: Bool {
            if case .calendar = self { return true }
            return false
        }
    }

    /// What a menu offers, only the actions that apply.
    enum Action: Equatable, CaseIterable {
        case markIn, markOut, calendar, request, cancel

        func label(_ words: Speech) -> String {
            switch self {
            case .markIn: words.tr("Mark IN")
            case .markOut: words.tr("Mark OUT")
            case .calendar: words.tr("My calendar")
            case .request: words.tr("Ask for a correction")
            case .cancel: words.tr("Cancel")
            }
        }

        var key: Character {
            switch self {
            case .markIn: "i"
            case .markOut: "o"
            case .calendar: "c"
            case .request: "r"
            case .cancel: "x"
            }
        }

        /// The keys of every action, those a menu does not offer too: pressed there, they do nothing.
        static let allKeys = Set(allCases.map(\.key))
    }

    let desk: MarkingService
    let settings: KioskSettings
    /// The office's language: the idle screen's, the PIN prompt's (the code is not yet proven to
    /// be the person's) and that of everyone who has none of their own.
    let office: Speech
    /// The language of the screen that is up: the employee's from their menu until idle again.
    private(set) var words: Speech
    let now: @Sendable () -> Date
    /// Monotonic seconds for the idle, message and WiFi timers: a wall clock set back an hour
    /// must not leave a confirmation up for an hour, nor freeze the WiFi line.
    let uptime: @Sendable () -> TimeInterval
    private(set) var screen: Screen = .idle
    /// What has been typed at the code or PIN prompt.
    private(set) var typed = ""
    private(set) var link: MarkingService.LinkCheck?
    /// Why the allowed-WiFi table could not be read at the last refresh; shown, never hidden
    /// behind "checking…".
    private(set) var linkStoreFailure: StoreError?
    /// Shown while idle when the central store has not been reached for a while.
    private(set) var centralWarning: CentralWarning?
    private(set) var shouldExit = false
    private var lastInput: TimeInterval
    private var messageUntil: TimeInterval?
    private var linkReadAt: TimeInterval?
    /// Work to do after the "working" screen has been drawn.
    private var pending: (() -> Void)?
    /// The answers to the person's requests shown on this visit's menu: each is noted as seen
    /// when first shown, and stays on the menu until the person leaves.
    private var visitAnswers: [AskedCorrection] = []

    /// An OUT this soon after the person's own IN is more likely a second Enter than a departure
    /// (docs/rules.md "The kiosk's menu"): the menu then starts on Cancel, and only the O key or
    /// the arrows choose Mark OUT.
    static let recentMarkInSeconds: TimeInterval = 5 * 60

    static let maxCodeLength = 32
    static let maxPINLength = 8
    static let linkRefreshSeconds: TimeInterval = 3

    init(
        desk: MarkingService, settings: KioskSettings, office: Speech, now: @escaping @Sendable () -> Date,
        uptime: @escaping @Sendable () -> TimeInterval
    ) {
        self.desk = desk
        self.settings = settings
        self.office = office
        words = office
        self.now = now
        self.uptime = uptime
        lastInput = uptime()
    }

    /// Reads the WiFi link. A store that cannot be written, a damaged one or one changed outside
    /// the program never gets this far: `KioskRun.start` shows its out-of-service screen instead,
    /// and tries again every few seconds.
    func startUp() {
        refreshLink()
    }

    // MARK: - Keys

    func handle(_ key: Key) {
        lastInput = uptime()
        switch screen {
        case .idle: handleCodeKey(key)
        case .pin(let employee, let code): handlePINKey(key, employee: employee, code: code)
        case .menu(let employee, let today, let selection): handleMenuKey(key, employee, today, selection)
        case .working: break
        case .message:
            // Any key dismisses a message early; a code character also starts the next code.
            goIdle()
            if case .character = key { handleCodeKey(key) }
        case .calendar(let employee, let month, let flaggedFrom, _):
            if let shown = KioskCalendar.month(after: key, from: month, for: employee, desk: desk) {
                return showCalendar(of: employee, month: shown)
            }
            if let page = KioskCalendar.flaggedFrom(after: key, from: flaggedFrom) {
                return showCalendar(of: employee, month: month, flaggedFrom: page)
            }
            if key == .escape || key == .enter || key == .character("x") || key == .character("c") {
                // Back with "My calendar" chosen, where the person left: the Enter that closed
                // the calendar, pressed once more, opens it again instead of marking.
                showMenu(for: employee, selecting: .calendar)
            }
        case .request(let employee, var form):
            switch form.handle(key) {
            case .stay: screen = .request(employee, form)
            case .cancel: showMenu(for: employee, selecting: .request)
            case .submit: submitRequest(form, employee: employee)
            }
        case .newPIN(let employee, let form):
            handleNewPINKey(key, employee: employee, form: form)
        }
    }

    private func handleCodeKey(_ key: Key) {
        switch key {
        case .character(let c) where c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-"):
            if typed.count < Self.maxCodeLength { typed.append(c) }
        case .backspace, .delete:
            if !typed.isEmpty { typed.removeLast() }
        case .escape, .control("u"):
            typed = ""
        case .enter:
            guard !typed.isEmpty else { return }
            let code = typed
            typed = ""
            submitCode(code)
        default:
            break  // Ctrl-C, Ctrl-Z, Ctrl-\, Ctrl-D and everything else: nothing.
        }
    }

    private func handlePINKey(_ key: Key, employee: Employee?, code: String) {
        if KioskNewPIN.edit(&typed, with: key) { return }
        switch key {
        case .escape:
            goIdle()
        case .enter:
            guard !typed.isEmpty else { return }
            let pin = typed
            typed = ""
            work(words.tr("Checking…")) { self.submitPIN(pin, employee: employee, code: code) }
        default:
            break
        }
    }

    private func handleMenuKey(
        _ key: Key, _ employee: Employee, _ today: MarkingService.TodaySnapshot, _ selection: Int
    ) {
        let actions = Self.actions(for: today)
        switch key {
        case .up, .left:
            screen = .menu(employee, today, selection: (selection + actions.count - 1) % actions.count)
        case .down, .right, .tab:
            screen = .menu(employee, today, selection: (selection + 1) % actions.count)
        case .enter:
            perform(actions[selection], employee, today)
        case .escape:
            goIdle()
        case .character(let c):
            let lower = Character(c.lowercased())
            if let action = actions.first(where: { $0.key == lower }) {
                perform(action, employee, today)
            } else if !Action.allKeys.contains(lower) {
                // Any other character is the next person starting a code while this menu is
                // still up: it goes to a new code prompt, so their Enter cannot choose this
                // menu's action for the person before them.
                goIdle()
                handleCodeKey(key)
            }
        default:
            break
        }
    }

    static func actions(for today: MarkingService.TodaySnapshot) -> [Action] {
        [today.isIn ? .markOut : .markIn, .calendar, .request, .cancel]
    }

    /// Whether `today`'s open session began less than ``recentMarkInSeconds`` before `now`.
    static func justMarkedIn(_ today: MarkingService.TodaySnapshot, now: Date) -> Bool {
        guard let start = today.day.openSession?.start else { return false }
        return now.timeIntervalSince(start) < recentMarkInSeconds
    }

    /// The action a menu starts on: Mark IN or OUT, except an OUT just after the IN.
    static func defaultAction(for today: MarkingService.TodaySnapshot, now: Date) -> Action {
        justMarkedIn(today, now: now) ? .cancel : actions(for: today)[0]
    }

    // MARK: - Steps

    private func submitCode(_ code: String) {
        work(words.tr("Checking…")) {
            do {
                let found = try self.desk.lookUp(code: code)
                switch found {
                case .identified(let employee):
                    self.showMenu(for: employee)
                case .askPIN(let employee):
                    if employee == nil, self.desk.isExitCode(code) { return self.exit() }
                    self.screen = .pin(employee, code: code)
                case .unknown:
                    if self.desk.isExitCode(code) { return self.exit() }
                    self.show(.unknownCodeOrPIN(self.words))
                }
            } catch {
                self.show(.storeFailure(error, self.words))
            }
        }
    }

    private func submitPIN(_ pin: String, employee: Employee?, code: String) {
        do {
            switch try desk.checkPIN(pin, for: employee, code: code) {
            case .accepted:
                guard let employee else { return show(.unknownCodeOrPIN(words)) }
                if employee.hasOneTimePIN {
                    words = speech(for: employee)
                    screen = .newPIN(employee, KioskNewPIN())
                } else {
                    showMenu(for: employee)
                }
            case .rejected: show(.unknownCodeOrPIN(words))
            case .wait(let seconds): show(.wait(seconds, words))
            case .locked: show(.locked(words))
            }
        } catch {
            show(.storeFailure(error, words))
        }
    }

    private func handleNewPINKey(_ key: Key, employee: Employee, form: KioskNewPIN) {
        var form = form
        switch form.handle(key) {
        case .stay:
            screen = .newPIN(employee, form)
        case .cancel:
            // Nothing was changed: the PIN stays one-time, and is asked for again next time.
            goIdle()
        case .notAPIN:
            form.restart(because: words.tr("A PIN is 4 to 8 digits."))
            screen = .newPIN(employee, form)
        case .differ:
            form.restart(because: words.tr("The two PINs differ. Type your new PIN again."))
            screen = .newPIN(employee, form)
        case .chosen(let pin):
            work(words.tr("Saving…")) { [form] in self.replaceOneTimePIN(of: employee, with: pin, form: form) }
        }
    }

    /// Keeps the person's own PIN in place of their one-time one, then shows their menu.
    private func replaceOneTimePIN(of employee: Employee, with pin: String, form: KioskNewPIN) {
        do {
            // False when a manager set a PIN meanwhile: theirs is kept, and the person, who has
            // just proved the PIN they had, goes on to the menu.
            _ = try Employees.replaceOneTimePIN(
                of: employee, with: pin, pepper: desk.loadPepper, actor: Self.actor(employee), store: desk.store)
            showMenu(for: employee)
        } catch let refusal as Employees.OwnPINRefusal {
            var form = form
            form.restart(
                because: refusal == .sameAsOneTime
                    ? words.tr("That is the PIN from your slip. Choose a PIN of your own.")
                    : words.tr("A PIN is 4 to 8 digits."))
            screen = .newPIN(employee, form)
        } catch {
            show(.storeFailure(error, words))
        }
    }

    /// Who the audit log names for a change an employee makes at the kiosk.
    static func actor(_ employee: Employee) -> String { "\(employee.code) at the kiosk" }

    /// The menu for `employee`, with `action` chosen (the default action when nil).
    private func showMenu(for employee: Employee, selecting action: Action? = nil) {
        words = speech(for: employee)
        do {
            var today = try desk.menu(for: employee)
            if today.answers.isEmpty { today.answers = visitAnswers } else { visitAnswers = today.answers }
            let chosen = action ?? Self.defaultAction(for: today, now: now())
            let selection = Self.actions(for: today).firstIndex(of: chosen) ?? 0
            screen = .menu(employee, today, selection: selection)
        } catch {
            show(.storeFailure(error, words))
        }
    }

    private func perform(_ action: Action, _ employee: Employee, _ today: MarkingService.TodaySnapshot) {
        switch action {
        case .cancel:
            goIdle()
        case .calendar:
            showCalendar(of: employee, month: KioskCalendar.currentMonth(for: employee, desk: desk))
        case .request:
            do {
                screen = .request(employee, try requestForm(for: employee, today))
            } catch {
                show(.storeFailure(error, words))
            }
        case .markIn, .markOut:
            let kind: PunchKind = action == .markIn ? .in : .out
            work(words.tr("Checking WiFi and saving…")) {
                do {
                    // The menu may have been up a while: a deactivation or a new end date made
                    // meanwhile stops the code now, as it would at the code prompt.
                    guard let current = try self.desk.activeEmployee(code: employee.code.rawValue) else {
                        return self.show(.mayNotMark(employee, self.words))
                    }
                    let result = try self.desk.mark(kind, employee: current)
                    self.show(
                        .mark(
                            result, kind: kind, employee: employee, zone: self.desk.configuration.policy.zone,
                            self.words))
                } catch {
                    self.show(.storeFailure(error, self.words))
                }
            }
        }
    }

    private func showCalendar(of employee: Employee, month: YearMonth, flaggedFrom: Int = 0) {
        do {
            let shown = try KioskCalendar.view(
                for: employee, month: month, flaggedFrom: flaggedFrom, desk: desk, words)
            screen = .calendar(employee, month: month, flaggedFrom: shown.flaggedFrom, shown.text)
        } catch {
            show(.storeFailure(error, words))
        }
    }

    /// A new form, on the person's latest missing mark-out when they have one, else their latest
    /// working day (``AskedCorrections/firstDateToAsk(for:missing:today:policy:store:)``).
    private func requestForm(
        for employee: Employee, _ snapshot: MarkingService.TodaySnapshot
    ) throws(StoreError) -> KioskRequestForm {
        let today = snapshot.date
        let policy = desk.configuration.policy
        return KioskRequestForm(
            date: try AskedCorrections.firstDateToAsk(
                for: employee, missing: snapshot.missingMarkOuts, today: today, policy: policy, store: desk.store),
            earliest: AskedCorrections.earliestDate(for: employee, today: today, policy: policy), latest: today)
    }

    private func submitRequest(_ form: KioskRequestForm, employee: Employee) {
        var form = form
        guard let leftAt = form.leftAt else {
            form.problem = words.tr("Type the time you left as HH:MM, for example 18:00.")
            form.field = .time
            screen = .request(employee, form)
            return
        }
        do {
            _ = try AskedCorrections.ask(
                employee, date: form.date, leftAt: leftAt, reason: form.reason, policy: desk.configuration.policy,
                now: now(), store: desk.store)
            show(.requestSent(date: form.date, leftAt: leftAt, words))
        } catch let refusal as AskedCorrections.Refusal {
            form.problem = KioskMessage.wording(of: refusal, words)
            // The field to mend comes up.
            switch refusal {
            case .leftInFuture: form.field = .time
            case .dateOutOfReach, .alreadyWaiting: form.field = .date
            case .reasonMissing, .reasonPlaceholder, .reasonInvalid: form.field = .reason
            }
            screen = .request(employee, form)
        } catch {
            show(.storeFailure(error, words))
        }
    }

    private func exit() { shouldExit = true }

    /// The language `employee` reads: their own, else the office's.
    func speech(for employee: Employee) -> Speech {
        employee.language.map(office.speaking) ?? office
    }

    // MARK: - Time

    /// Called every second: expires messages and idle screens, refreshes the WiFi line.
    func tick() {
        let current = uptime()
        if let until = messageUntil, current >= until {
            goIdle()
        }
        switch screen {
        case .pin, .menu, .calendar, .request, .newPIN:
            if current - lastInput >= Double(settings.idleSeconds) { goIdle() }
        case .idle:
            if !typed.isEmpty, current - lastInput >= Double(settings.idleSeconds) { typed = "" }
            if linkReadAt.map({ current - $0 >= Self.linkRefreshSeconds }) ?? true { refreshLink() }
        default:
            break
        }
    }

    func refreshLink() {
        linkReadAt = uptime()
        do {
            link = try desk.checkLink()
            linkStoreFailure = nil
        } catch {
            link = nil
            linkStoreFailure = error
        }
        centralWarning = try? desk.centralWarning(at: now())
    }

    /// Runs the work queued behind a "working" screen; the loop draws that screen first.
    func performPendingWork() {
        guard let work = pending else { return }
        pending = nil
        work()
    }

    var hasPendingWork: Bool { pending != nil }

    private func work(_ label: String, _ body: @escaping () -> Void) {
        screen = .working(label)
        pending = body
    }

    private func show(_ message: KioskMessage) {
        screen = .message(message)
        let seconds = message.tone == .success ? settings.confirmSeconds : settings.confirmSeconds + 3
        messageUntil = uptime() + Double(seconds)
    }

    private func goIdle() {
        screen = .idle
        words = office
        typed = ""
        messageUntil = nil
        visitAnswers = []
    }
}
