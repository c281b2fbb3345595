import AttendanceTestSupport
import Foundation
import Testing

/// What the document tests (PDFs and workbooks) share: the readers run beside them, the
/// document on standard output, and the outputs a command must refuse.

/// Runs a reader that is not ours (poppler, qpdf) to its end, with a plain environment.
func runReader(_ program: String, _ arguments: [String]) throws -> ChildProcess {
    try ChildProcess.run(program, arguments, environment: ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
}

extension Sandbox {
    /// Runs `attendance` with `arguments` under the locale `locale` (`LANG`), reading the catalogs
    /// `make po` built.
    func run(_ arguments: [String], locale: String) throws -> Executable.Result {
        try Executable.run(
            arguments,
            environment: environment.merging(["LANG": locale, "ATTENDANCE_LOCALEDIR": builtCatalogs]) { $1 })
    }

    /// Runs `attendance` with `arguments` to its end; its standard output is kept as bytes (a PDF
    /// or a workbook written with `--output -`).
    func runKeepingBytes(_ arguments: [String]) throws -> ChildProcess {
        try ChildProcess.run(
            Executable.attendance, arguments, environment: Executable.baseEnvironment.merging(environment) { $1 })
    }

    /// `arguments --output PATH` exits 73 naming PATH and leaves nothing there, for a path in a
    /// missing folder and for the store itself, which still verifies afterwards.
    func expectOutputRefused(
        _ arguments: [String], file name: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let missing = folder + "/no-such-folder/" + name
        let refused = try Executable.run(arguments + ["--output", missing], environment: environment)
        #expect(refused.status == 73, "\(refused.err)", sourceLocation: sourceLocation)
        #expect(refused.err.contains("cannot write \(missing)"), "\(refused.err)", sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: missing), sourceLocation: sourceLocation)
        let overStore = try Executable.run(arguments + ["--output", store], environment: environment)
        #expect(overStore.status == 73, "\(overStore.err)", sourceLocation: sourceLocation)
        #expect(overStore.err.contains("which this program keeps"), "\(overStore.err)", sourceLocation: sourceLocation)
        #expect(try run("store", "verify").status == 0, sourceLocation: sourceLocation)
    }
}
