import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceStore

/// `attendance employee set-pin CODE`
struct EmployeeSetPIN: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-pin", abstract: "Set or reset an employee's kiosk PIN (4–8 digits).",
        discussion: """
            The PIN is read twice from standard input (without echo on a terminal). It is stored as \
            PBKDF2-SHA256 with 210,000 rounds, a salt of its own and the pepper file; setting it also \
            clears a lock-out.
            """)

    @OptionGroup var employee: EmployeeChangeOptions

    func run(in context: Context) throws {
        let employeeCode = employee.code
        let (_, store, actor) = try employee.open(in: context)
        _ = try requireEmployee(employeeCode, in: store)
        let pin = try PINHasher.validate(context.readSecret("New PIN for \(employeeCode): ") ?? "")
        guard context.readSecret("Again: ") == pin else {
            throw CommandFailure("the two PINs differ; nothing was changed")
        }
        try Employees.setPIN(
            employeeCode, pin: pin, pepper: { try PepperFile.forNewPIN(storePath: store.path, in: context) },
            actor: actor, store: store)
        context.out.line("PIN set for \(employeeCode)")
    }
}

/// `attendance employee unlock CODE`
struct EmployeeUnlock: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "unlock", abstract: "Lift the lock after too many wrong PINs.")

    @OptionGroup var employee: EmployeeChangeOptions

    func run(in context: Context) throws {
        let (_, store, actor) = try employee.open(in: context)
        let lifted = try Employees.unlock(employee.code, actor: actor, store: store)
        let wrong = "\(lifted.failures) wrong PIN\(lifted.failures == 1 ? "" : "s")"
        // At a desk of the central store the lock arrives from the kiosk without its count.
        let why = lifted.failures > 0 ? "locked after \(wrong)" : "locked after too many wrong PINs"
        context.out.line(
            lifted.wasLocked
                ? "unlocked \(employee.code) (\(why))"
                : lifted.failures > 0
                    ? "\(employee.code) was not locked; its \(wrong) in a row are forgotten"
                    : "\(employee.code) was not locked; nothing to lift")
    }
}
