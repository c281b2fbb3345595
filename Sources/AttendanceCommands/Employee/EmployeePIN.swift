import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore

/// `attendance employee set-pin CODE`
struct EmployeeSetPIN: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "set-pin", Phrase("Set or reset an employee's kiosk PIN (4–8 digits)."),
            discussion: Phrase(
                "The PIN is read twice from standard input (without echo on a terminal). It is stored as PBKDF2-SHA256 with 210,000 rounds, a salt of its own and the pepper file; setting it also clears a lock-out."
            ))
    }

    @OptionGroup var employee: EmployeeChangeOptions

    func run(in context: Context) throws {
        let employeeCode = employee.code
        let (_, store, actor) = try employee.open(in: context)
        _ = try requireEmployee(employeeCode, in: store)
        let words = context.words
        let pin = try PINHasher.validate(
            context.readSecret(words.tr("New PIN for {code}: ", ["code": "\(employeeCode)"])) ?? "")
        guard context.readSecret(words.tr("Again: ")) == pin else {
            throw CommandFailure(words.tr("the two PINs differ; nothing was changed"))
        }
        try Employees.setPIN(
            employeeCode, pin: pin, pepper: { try PepperFile.forNewPIN(storePath: store.path, in: context) },
            actor: actor, store: store)
        context.out.line(words.tr("PIN set for {code}", ["code": "\(employeeCode)"]))
    }
}

/// `attendance employee unlock CODE`
struct EmployeeUnlock: ContextCommand {
    static var configuration: CommandConfiguration {
        .command("unlock", Phrase("Lift the lock after too many wrong PINs."))
    }

    @OptionGroup var employee: EmployeeChangeOptions

    func run(in context: Context) throws {
        let (_, store, actor) = try employee.open(in: context)
        let lifted = try Employees.unlock(employee.code, actor: actor, store: store)
        let (words, code) = (context.words, ["code": "\(employee.code)"])
        // At a desk of the central store the lock arrives from the kiosk without its count.
        let said =
            switch (lifted.wasLocked, lifted.failures > 0) {
            case (true, true):
                words.ntr(
                    "unlocked {code} (locked after {n} wrong PIN)", "unlocked {code} (locked after {n} wrong PINs)",
                    lifted.failures, code)
            case (true, false): words.tr("unlocked {code} (locked after too many wrong PINs)", code)
            case (false, true):
                words.ntr(
                    "{code} was not locked; its {n} wrong PIN in a row is forgotten",
                    "{code} was not locked; its {n} wrong PINs in a row are forgotten", lifted.failures, code)
            case (false, false): words.tr("{code} was not locked; nothing to lift", code)
            }
        context.out.line(said)
    }
}
