import AttendanceLanguage
import Foundation

/// Prints fixed-width text through CUPS with its `lp` command: landscape, at a pitch and line
/// spacing that fit the page, one form feed between pages.
///
/// Every failure is a ``CommandFailure`` with ``ExitStatus/unavailable`` (69) and a sentence that
/// says what to do: `lp` not installed, the scheduler not running, no such printer, no default.
struct LinePrinter {
    /// The environment `lp` runs with (`PATH` to find it, `CUPS_SERVER` to reach the scheduler).
    let environment: [String: String]
    /// The words its failures are said in.
    var words: Speech = .english
    /// How long `lp` may take to hand the job over.
    var timeoutSeconds: Double = 30

    /// The printable width and height of a landscape page we plan for, in inches: the page less
    /// the half-inch margins asked for. Letter (11 × 8.5 in) is the narrower of the two common
    /// papers and A4 (11.69 × 8.27 in) the shorter, so a page laid out for both fits either.
    static let printableWidthInches = 10.0
    static let printableHeightInches = 7.25

    /// Characters per inch so that lines of `columns` fit across: 14 for the register's 132
    /// (13 left Letter two columns short, and every line wrapped), more for a wider register.
    static func charactersPerInch(for columns: Int) -> Int {
        max(13, Int((Double(columns) / printableWidthInches).rounded(.up)))
    }

    /// Lines per inch so that `linesPerPage` lines fit on one landscape page (6 at least).
    static func linesPerInch(for linesPerPage: Int) -> Int {
        max(6, Int((Double(linesPerPage) / printableHeightInches).rounded(.up)))
    }

    /// Sends `text` to `printer` (the default destination when nil) as job `title` and returns
    /// the job id CUPS gave it ("Office-12").
    func print(_ text: String, title: String, printer: String?, linesPerPage: Int) throws -> String {
        if let printer { try Self.validate(printerName: printer, words: words) }
        guard let lp = executable("lp") else { throw noLP }
        let arguments = [
            "-t", title, "-o", "landscape",
            "-o",
            "cpi=\(Self.charactersPerInch(for: text.split(separator: "\n").map { String($0).terminalWidth }.max() ?? 0))",
            "-o", "lpi=\(Self.linesPerInch(for: linesPerPage))", "-o", "page-left=36", "-o", "page-right=36",
            "-o", "page-top=36", "-o", "page-bottom=36",
        ]
        return try submit(Array(text.utf8), with: lp, arguments, printer: printer)
    }

    /// Sends the PDF `document` to `printer` (the default destination when nil), landscape, as job
    /// `title`, and returns the job id: CUPS's own filters print it at the size it was drawn.
    func print(pdf document: [UInt8], title: String, printer: String?) throws -> String {
        if let printer { try Self.validate(printerName: printer, words: words) }
        guard let lp = executable("lp") else { throw noLP }
        return try submit(document, with: lp, ["-t", title, "-o", "landscape"], printer: printer)
    }

    /// Runs `lp` with `arguments` (and the printer) on `input`; the job id, or why there is none.
    private func submit(_ input: [UInt8], with lp: String, _ arguments: [String], printer: String?) throws -> String {
        let result = try run(lp, arguments + (printer.map { ["-d", $0] } ?? []), input: input)
        if result.status == 0, let job = Self.jobID(in: result.out) { return job }
        throw failure(lpError: result.err.isEmpty ? result.out : result.err, printer: printer)
    }

    var noLP: CommandFailure {
        CommandFailure(
            words.tr("printing needs CUPS's lp command, which is not installed (Debian: apt-get install cups-client)"),
            status: .unavailable)
    }

    // MARK: - Errors a person can act on

    func failure(lpError: String, printer: String?) -> CommandFailure {
        if let lpstat = executable("lpstat"), let state = try? run(lpstat, ["-r"], input: ""),
            state.out.contains("not running")
        {
            return CommandFailure(
                words.tr("the CUPS scheduler is not running; start it (systemctl start cups) and print again"),
                status: .unavailable)
        }
        let message = lpError.trimmingCharacters(in: .whitespacesAndNewlines)
        if message.contains("does not exist"), let printer {
            return CommandFailure(
                words.tr(
                    "there is no printer named {printer}; `lpstat -p` lists the printers",
                    ["printer": printer.quotedForMessage]), status: .unavailable)
        }
        if message.contains("No default destination") {
            return CommandFailure(
                words.tr("there is no default printer; name one with --printer NAME (`lpstat -p` lists them)"),
                status: .unavailable)
        }
        guard !message.isEmpty else {
            return CommandFailure(words.tr("printing failed: lp said: no message"), status: .unavailable)
        }
        return CommandFailure(
            words.tr(
                "printing failed: lp said: {message}", ["message": message.replacingOccurrences(of: "\n", with: " ")]),
            status: .unavailable)
    }

    /// CUPS printer names: up to 127 printable characters, no spaces, "/", "#" or quotes.
    static func validate(printerName name: String, words: Speech) throws {
        let forbidden: Set<Character> = [" ", "/", "#", "\\", "\"", "'"]
        guard (1...127).contains(name.count), name.first != "-",
            !name.contains(where: { forbidden.contains($0) }),
            !name.unicodeScalars.contains(where: \.isUnsafeForTerminal)
        else {
            throw CommandFailure(
                words.tr(
                    "invalid printer name {name}: expected a CUPS printer name such as Office_Laser",
                    ["name": name.quotedForMessage]))
        }
    }

    /// "request id is Office-12 (1 file(s))" → "Office-12".
    static func jobID(in output: String) -> String? {
        guard let range = output.range(of: "request id is ") else { return nil }
        let id = output[range.upperBound...].prefix { !$0.isWhitespace }
        return id.isEmpty ? nil : String(id)
    }

    // MARK: - Running lp

    func executable(_ name: String) -> String? {
        let path = environment["PATH"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    struct Output {
        let status: Int32
        let out: String
        let err: String
    }

    /// Runs `program` with `input` on its standard input, reading its output concurrently and
    /// stopping it if it takes longer than `timeoutSeconds`.
    func run(_ program: String, _ arguments: [String], input: String) throws -> Output {
        try run(program, arguments, input: Array(input.utf8))
    }

    func run(_ program: String, _ arguments: [String], input: [UInt8]) throws -> Output {
        // lp exits without reading its input when, say, the printer is unknown; writing to it
        // then must fail with EPIPE (ignored below) rather than kill this process with SIGPIPE.
        signal(SIGPIPE, SIG_IGN)
        let run: ProgramRun
        do {
            run = try ProgramRun.run(
                program, arguments, environment: environment, input: input, timeout: timeoutSeconds)
        } catch .cannotStart(let code) {
            throw CommandFailure(
                words.tr(
                    "cannot run {program}: {reason}", ["program": program, "reason": String(cString: strerror(code))]),
                status: .unavailable)
        } catch .timedOut {
            throw CommandFailure(
                words.tr(
                    "{program} did not finish within {seconds} s; is CUPS working?",
                    ["program": (program as NSString).lastPathComponent, "seconds": "\(Int(timeoutSeconds))"]),
                status: .unavailable)
        }
        return Output(
            status: run.status, out: String(decoding: run.out, as: UTF8.self),
            err: String(decoding: run.err, as: UTF8.self))
    }
}
