import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore
import AttendanceTerminal
import Foundation

/// Drawing what ``Reports`` evaluated, as the terminal shows and the printer prints it.
extension Reports {
    // MARK: - Drawing

    /// The calendar view of one employee's month, as `attendance calendar` shows it.
    ///
    /// - Parameter flaggedLimit: list at most this many flagged days (the kiosk's screen has
    ///   room for a few); nil lists them all.
    public static func calendar(
        of employee: Employee, month: YearMonth, configuration: Configuration, now: Date, store: AttendanceStore,
        width: Int = 80, flaggedLimit: Int? = nil, words: Speech = .english
    ) throws(StoreError) -> StyledText {
        let policy = configuration.policy
        let evaluation = try Self.month(month, of: employee, policy: policy, now: now, store: store)
        return CalendarView(
            employee: employee, evaluation: evaluation, weekStarts: policy.weekStarts, zone: policy.zone,
            flaggedLimit: flaggedLimit, words: words
        ).render(width: width)
    }

    /// The register of `month` as plain text pages, as it is printed.
    public static func registerPages(
        _ month: YearMonth, configuration: Configuration, now: Date, store: AttendanceStore, employeesPerPage: Int
    ) throws(StoreError) -> [String] {
        let register = try Self.register(month, policy: configuration.policy, now: now, store: store)
        return registerView(register, configuration: configuration, now: now, employeesPerPage: employeesPerPage)
            .pages.map(\.plainText)
    }

    static func registerView(
        _ register: MonthRegister, configuration: Configuration, now: Date, employeesPerPage: Int,
        history: (records: Int, hash: [UInt8])? = nil, words: Speech = .english
    ) -> RegisterView {
        let local = configuration.policy.zone.localDateTime(of: now)
        return RegisterView(
            register: register, officeName: configuration.kiosk.officeName, employeesPerPage: employeesPerPage,
            asOf: "\(local.date) \(local.time)", history: history.map { ($0.hash.hexText, $0.records) },
            words: words)
    }
}
