import ArgumentParser
import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceTerminal

/// `attendance employee pins CODE… | --all-without-pin`
struct EmployeePINs: ContextCommand {
    static var configuration: CommandConfiguration {
        .command(
            "pins", Phrase("Give many employees a new random PIN at once and print their PIN slips."),
            discussion: Phrase(
                "Each employee gets six random digits, stored hashed as `employee set-pin` stores a PIN, all in one change (audited, never the PIN). A PIN made here is recorded as one-time (handed out, not chosen by the employee) until `employee set-pin` sets another. The slips, one per employee in their own language (office, name, code, PIN), go to standard output, or with --format pdf to the --output file, and nowhere else: print them, hand each over, and keep no copy. They are written before the PINs are kept, so slips that cannot be written change no PIN. Giving an employee who has a PIN a new one replaces it."
            ))
    }

    @OptionGroup var change: ChangeOptions
    @Argument(help: .tr("The employees' codes.")) var codes: [EmployeeCode] = []
    @Flag(help: .tr("Everyone employed now or later who has no PIN yet.")) var allWithoutPin = false
    @Option(help: .tr("text (to standard output), or pdf (with --output).")) var format: SlipFormat = .text
    @Option(help: .tr("Where the PDF goes: a file, or - for standard output.", valueName: "path"))
    var output: String?
    @Option(help: .tr("The paper of a PDF: a4 or letter, four slips a page.")) var paper: RegisterPDF.Paper = .a4

    func validate() throws {
        let words = CommandWords.locale
        guard codes.isEmpty == allWithoutPin else {
            throw ValidationError(words.tr("give the employees' codes or --all-without-pin"))
        }
        guard (format == .pdf) == (output != nil) else {
            throw ValidationError(
                words.tr(
                    "--format pdf goes with --output FILE (or - for standard output); text goes to standard output"))
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
            guard let output else {
                for slip in slips {
                    context.out.write(
                        PINSlipText(employee: slip.employee, pin: slip.pin, office: office).text(office: officeName))
                }
                return
            }
            let document = PINSlipFiles.pdf(slips, office: office, officeName: officeName, paper: paper)
            let made = try DocumentOutput.write(to: output, protecting: store, in: context, document.write(to:))
            FontWarning.say(made.unshaped, in: output, to: context)
            written = (output, made.pages)
        }
        let words = context.words
        guard !slips.isEmpty else {
            context.err.line("attendance: " + words.tr("everyone employed has a PIN already; no PIN was made"))
            return
        }
        let employees = words.ntr("{n} employee", "{n} employees", slips.count)
        guard let written else {
            return context.err.line(
                "attendance: "
                    + words.tr(
                        "new one-time PINs for {employees}; the slips above are their only copy: hand each over and keep none",
                        ["employees": employees]))
        }
        context.err.line(
            "attendance: "
                + words.tr(
                    "new one-time PINs for {employees}; the slips in {file} ({pages}) are their only copy: hand each over and keep none",
                    [
                        "employees": employees, "file": written.path == "-" ? words.tr("the PDF") : written.path,
                        "pages": words.ntr("{n} page", "{n} pages", written.pages),
                    ]))
    }
}

/// What `employee pins --format` writes.
enum SlipFormat: String, ExpressibleByArgument, CaseIterable {
    case text, pdf
}
