import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage

/// `attendance employee pins CODE… | --all-without-pin`
struct EmployeePINs: ContextCommand {
    static let configuration = CommandConfiguration(
        commandName: "pins", abstract: "Give many employees a new random PIN at once and print their PIN slips.",
        discussion: """
            Each employee gets six random digits, stored hashed as `employee set-pin` stores a PIN, all in one \
            change (audited, never the PIN). A PIN made here is recorded as one-time (handed out, not chosen by the \
            employee) until `employee set-pin` sets another. The slips, one per employee in their own language (office, name, code, PIN), go to standard output, or with \
            --format pdf to the --output file, and nowhere else: print them, hand each over, and keep no copy. They are \
            written before the PINs are kept, so slips that cannot be written change no PIN. Giving an employee who has a PIN a new one \
            replaces it.
            """)

    @OptionGroup var change: ChangeOptions
    @Argument(help: "The employees' codes.") var codes: [EmployeeCode] = []
    @Flag(help: "Everyone employed now or later who has no PIN yet.") var allWithoutPin = false
    @Option(help: "text (to standard output), or pdf (with --output).") var format: SlipFormat = .text
    @Option(help: ArgumentHelp("Where the PDF goes: a file, or - for standard output.", valueName: "path"))
    var output: String?
    @Option(help: "The paper of a PDF: a4 or letter, four slips a page.") var paper: RegisterPDF.Paper = .a4

    func validate() throws {
        guard codes.isEmpty == allWithoutPin else {
            throw ValidationError("give the employees' codes or --all-without-pin")
        }
        guard (format == .pdf) == (output != nil) else {
            throw ValidationError(
                "--format pdf goes with --output FILE (or - for standard output); text goes to standard output")
        }
    }

    func run(in context: Context) throws {
        let (configuration, store, actor) = try change.open(in: context)
        let office = Speech(
            configuration.kiosk.language ?? Language(environment: context.environment) ?? .english,
            catalog: Catalog(directory: Catalog.directory(environment: context.environment)))
        let officeName = configuration.kiosk.officeName
        var written: (path: String, pages: Int)?
        // The slips are written before the PINs are kept: a slip that cannot be written changes no PIN.
        let slips = try Employees.oneTimePINs(
            for: allWithoutPin ? nil : codes, policy: configuration.policy, now: context.now(),
            pepper: { try PepperFile.forNewPIN(storePath: store.path, in: context) }, actor: actor, store: store
        ) { slips in
            let worded = slips.map { PINSlipText(slip: $0, words: $0.employee.language.map(office.speaking) ?? office) }
            guard let output else {
                for slip in worded { context.out.write(slip.text(office: officeName)) }
                return
            }
            let document = PINSlipsPDF(
                slips: worded.map { .init(heading: $0.heading, pin: $0.pin, notes: $0.notes) }, office: officeName,
                paper: paper, words: office)
            let made = try DocumentOutput.write(to: output, protecting: store, in: context, document.write(to:))
            FontWarning.say(made.unshaped, in: output, to: context)
            written = (output, made.pages)
        }
        guard !slips.isEmpty else {
            context.err.line("attendance: everyone employed has a PIN already; no PIN was made")
            return
        }
        let count = "\(slips.count) employee\(slips.count == 1 ? "" : "s")"
        let slipsAre =
            written.map {
                "the slips in \($0.path == "-" ? "the PDF" : $0.path) (\($0.pages) page\($0.pages == 1 ? "" : "s")) are"
            }
            ?? "the slips above are"
        context.err.line(
            "attendance: new one-time PINs for \(count); \(slipsAre) their only copy: hand each over and keep none")
    }
}

/// What `employee pins --format` writes.
enum SlipFormat: String, ExpressibleByArgument, CaseIterable {
    case text, pdf
}

/// One PIN slip's words, in its employee's language: as text, cut along the dashed line, folded,
/// handed over; or drawn on a PDF page.
struct PINSlipText {
    let heading: String
    /// "PIN: ", as the kiosk's prompt says it.
    let pinLabel: String
    let pin: String
    let notes: [String]

    init(slip: PINSlip, words: Speech) {
        heading = words.tr(
            "Kiosk PIN for {name} ({code})", ["name": slip.employee.name.rawValue, "code": slip.employee.code.rawValue])
        pinLabel = words.tr("PIN: ")
        pin = slip.pin
        notes = [
            words.tr("At the kiosk, type your code, then this PIN."),
            words.tr("Keep it to yourself; if anyone else learns it, ask your manager for a new one."),
        ]
    }

    /// The slip as text, `office` at its head.
    func text(office: String) -> String {
        let cut = String(repeating: "- ", count: 30) + "\n"
        return cut + "\n  \(office)\n  \(heading)\n\n      \(pinLabel)\(pin)\n\n" + notes.map { "  \($0)\n" }.joined()
            + "\n"
    }
}
