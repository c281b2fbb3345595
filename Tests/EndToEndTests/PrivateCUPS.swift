import AttendanceTestSupport
import Foundation

/// A CUPS scheduler of the test's own, with a cups-pdf queue, listening only on a Unix socket in
/// a temporary folder: nothing on the network, nothing of the system's printers touched.
///
/// cups-pdf reads its settings from `/etc/cups/cups-pdf-<instance>.conf` only (the path is
/// compiled in), so the queue gets an instance of its own whose file sends the PDFs to this
/// folder; the file is removed again by ``stop()``. cupsd runs cups-pdf as root, so this needs root.
final class PrivateCUPS {
    let folder: String
    let queue: String
    private let instance: String
    private var process: ChildProcess?

    var socket: String { folder + "/cups.sock" }
    var output: String { folder + "/pdf" }
    var instanceConfig: String { "/etc/cups/cups-pdf-\(instance).conf" }
    /// The environment that points `lp` and `lpstat` at this scheduler.
    var environment: [String: String] { ["CUPS_SERVER": socket, "PATH": "/usr/bin:/bin:/usr/sbin:/sbin"] }

    /// Whether this machine can run one: root, cupsd, lpadmin, cups-pdf and pdfinfo present.
    static var isAvailable: Bool {
        geteuid() == 0
            && [
                "/usr/sbin/cupsd", "/usr/sbin/lpadmin", "/usr/bin/lp", "/usr/bin/pdfinfo",
                "/usr/lib/cups/backend/cups-pdf",
            ]
            .allSatisfy(FileManager.default.fileExists(atPath:))
            && FileManager.default.fileExists(atPath: "/etc/cups")
    }

    init(queue: String = "AttendancePDF") {
        let id = UUID().uuidString.prefix(8).lowercased()
        folder = "/tmp/attendance-cups-" + id
        instance = "attendance-test-" + id
        self.queue = queue
    }

    deinit { stop() }

    /// Writes the configuration, starts cupsd and adds the cups-pdf queue; waits at most `timeout`.
    func start(timeout: TimeInterval = 20) throws {
        let manager = FileManager.default
        for sub in ["", "/root", "/spool", "/spool/tmp", "/cache", "/state", "/log", "/pdf"] {
            try manager.createDirectory(atPath: folder + sub, withIntermediateDirectories: true)
        }
        // cups-pdf writes as the job's user; the filters run as lp.
        try manager.setAttributes([.posixPermissions: 0o777], ofItemAtPath: output)
        try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder)
        try write(
            "root/cupsd.conf",
            """
            Listen \(socket)
            LogLevel warn
            ErrorLog \(folder)/log/error_log
            AccessLog \(folder)/log/access_log
            PageLog \(folder)/log/page_log
            Browsing No
            BrowseLocalProtocols none
            DefaultAuthType None
            WebInterface No
            <Location />
              Order allow,deny
              Allow all
            </Location>
            <Policy default>
              <Limit All>
                Order deny,allow
              </Limit>
            </Policy>

            """)
        try write(
            "root/cups-files.conf",
            """
            ServerRoot \(folder)/root
            RequestRoot \(folder)/spool
            CacheDir \(folder)/cache
            StateDir \(folder)/state
            TempDir \(folder)/spool/tmp
            ErrorLog \(folder)/log/error_log
            AccessLog \(folder)/log/access_log
            PageLog \(folder)/log/page_log
            Sandboxing relaxed
            FileDevice Yes

            """)
        try "Out \(output)\nAnonDirName \(output)\nLabel 1\n".write(
            toFile: instanceConfig, atomically: true, encoding: .utf8)

        let cupsd = try ChildProcess(
            "/usr/sbin/cupsd",
            ["-f", "-c", folder + "/root/cupsd.conf", "-s", folder + "/root/cups-files.conf"].map { Array($0.utf8) },
            environment: ["PATH": "/usr/bin:/bin:/usr/sbin:/sbin"], folder: folder)
        process = cupsd

        let deadline = Date().addingTimeInterval(timeout)
        while !manager.fileExists(atPath: socket) {
            guard Date() < deadline, cupsd.wait(timeout: 0) == nil else {
                throw Failure("cupsd did not start; see \(folder)/log")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        let added = try run(
            "/usr/sbin/lpadmin",
            ["-p", queue, "-v", "cups-pdf:/\(instance)", "-P", "/usr/share/ppd/cups-pdf/CUPS-PDF_opt.ppd", "-E"],
            timeout: timeout)
        guard added.status == 0 else { throw Failure("lpadmin failed: \(added.output)") }
    }

    /// The generic PDF printer's description, for ``addFileQueue(_:pageSize:)``.
    static let genericPDF = "/usr/share/ppd/cupsfilters/Generic-PDF_Printer-PDF.ppd"

    /// Adds queue `name` on `size` paper ("Letter", "A4") that writes each job to one PDF file,
    /// whose path it returns: CUPS's own text filter's pages, on the paper given.
    func addFileQueue(_ name: String, pageSize size: String) throws -> String {
        let path = output + "/\(name).pdf"
        let added = try run(
            "/usr/sbin/lpadmin",
            ["-p", name, "-v", "file://\(path)", "-P", Self.genericPDF, "-o", "PageSize=\(size)", "-E"], timeout: 20)
        guard added.status == 0 else { throw Failure("lpadmin failed: \(added.output)") }
        return path
    }

    /// Waits at most `timeout` for the PDF at `path` to be whole, and returns its page count.
    func waitForPDF(at path: String, timeout: TimeInterval = 60) throws -> Int {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let info = try run("/usr/bin/pdfinfo", [path], timeout: 10)
            if info.status == 0, let pages = Self.pages(in: info.output), pages > 0 { return pages }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw Failure("no whole PDF at \(path) within \(Int(timeout)) s")
    }

    /// Waits at most `timeout` for a PDF with at least one page from job `job` ("AttendancePDF-1")
    /// and returns its path and `pdfinfo`'s page count.
    func waitForPDF(job: String, timeout: TimeInterval = 60) throws -> (path: String, pages: Int) {
        let number = job.split(separator: "-").last.map(String.init) ?? job
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let files = (try? FileManager.default.contentsOfDirectory(atPath: output)) ?? []
            if let name = files.first(where: { $0.hasSuffix("job_\(number).pdf") }) {
                let path = output + "/" + name
                let info = try run("/usr/bin/pdfinfo", [path], timeout: 10)
                if info.status == 0, let pages = Self.pages(in: info.output), pages > 0 { return (path, pages) }
            }
            Thread.sleep(forTimeInterval: 0.25)
        }
        throw Failure("no PDF for job \(job) in \(output) within \(Int(timeout)) s")
    }

    /// Stops cupsd (SIGTERM, then SIGKILL after 5 s) and removes the folder and the cups-pdf file.
    func stop() {
        if let process {
            process.send(SIGTERM)
            process.finish(timeout: 5)
        }
        process = nil
        try? FileManager.default.removeItem(atPath: instanceConfig)
        try? FileManager.default.removeItem(atPath: folder)
    }

    // MARK: - Helpers

    struct Failure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private func write(_ relative: String, _ text: String) throws {
        try text.write(toFile: folder + "/" + relative, atomically: true, encoding: .utf8)
    }

    static func pages(in pdfinfo: String) -> Int? {
        for line in pdfinfo.split(separator: "\n") where line.hasPrefix("Pages:") {
            return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces))
        }
        return nil
    }

    /// Runs a program against this scheduler, killing it after `timeout`.
    func run(_ program: String, _ arguments: [String], timeout: TimeInterval) throws -> (status: Int32, output: String)
    {
        let child = try ChildProcess(
            program, arguments.map { Array($0.utf8) }, environment: environment, folder: NSTemporaryDirectory())
        child.finish(timeout: timeout)
        return (child.status, child.outputText + child.errorText)
    }
}
