import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceLanguage

/// `attendance employee pins CODE… | --all-without-pin`
struct EmployeePINs: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins", abstract: "Give many employees a new random PIN at once and print their PIN slips.",
        discussion: """
            Each employee gets six random digits, stored hashed as `employee set-pin` stores a PIN, all in one \
            change (audited, never the PIN). A PIN made here is recorded as one-time (handed out, not chosen by the \
            employee) until `employee set-pin` sets another. The slips, one per employee in their own language (office, name, code, PIN), go to standard output and \
            nowhere else: print them, hand each over, and keep no copy. Giving an employee who has a PIN a new one \
            replaces it.
            """)

    @OptionGroup var change: ChangeOptions
    @Argument(help: "The employees' codes.") var codes: [EmployeeCode] = []
    @Flag(help: "Everyone employed now or later who has no PIN yet.") var allWithoutPin = false

    func validate() throws {
        guard codes.isEmpty == allWithoutPin else {
            throw ValidationError("give the employees' codes or --all-without-pin")
        }
    }

    func run(in context: Context) throws {
        let (configuration, store, actor) = try change.open(in: context)
        let slips = try Employees.oneTimePINs(
            for: allWithoutPin ? nil : codes, policy: configuration.policy, now: context.now(),
            pepper: { try PepperFile.forNewPIN(storePath: store.path, in: context) }, actor: actor, store: store)
        guard !slips.isEmpty else {
            context.err.line("attendance: everyone employed has a PIN already; no PIN was made")
            return
        }
        let office = Speech(
            configuration.kiosk.language ?? Language(environment: context.environment) ?? .english,
            catalog: Catalog(directory: Catalog.directory(environment: context.environment)))
        for slip in slips {
            context.out.write(
                PINSlipText.render(slip, office: configuration.kiosk.officeName, words: speech(for: slip, office)))
        }
        let count = "\(slips.count) employee\(slips.count == 1 ? "" : "s")"
        context.err.line(
            "attendance: new one-time PINs for \(count); the slips above are their only copy: hand each over and keep none"
        )
    }

    /// The language `slip`'s employee reads: their own, else the office's.
    private func speech(for slip: PINSlip, _ office: Speech) -> Speech {
        slip.employee.language.map(office.speaking) ?? office
    }
}

/// One PIN slip as text: cut along the dashed line, folded, handed over.
enum PINSlipText {
    static func render(_ slip: PINSlip, office: String, words: Speech) -> String {
        let cut = String(repeating: "- ", count: 30) + "\n"
        return cut + "\n  \(office)\n  "
            + words.tr(
                "Kiosk PIN for {name} ({code})",
                ["name": slip.employee.name.rawValue, "code": slip.employee.code.rawValue])
            + "\n\n      " + words.tr("PIN: ") + slip.pin + "\n\n  "
            + words.tr("At the kiosk, type your code, then this PIN.") + "\n  "
            + words.tr("Keep it to yourself; if anyone else learns it, ask your manager for a new one.") + "\n\n"
    }
}
