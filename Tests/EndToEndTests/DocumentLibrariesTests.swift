import AttendanceTestSupport
import Foundation
import Testing

/// cairo, Pango and libxlsxwriter are opened on the first document, not at every start: a punch
/// must not pay for mapping and relocating them and the thirty libraries they bring. Their
/// functions are declared by the program itself (Sources/CDocumentLibraries), which
/// must agree with the installed headers.
@Suite("The documents' libraries")
struct DocumentLibrariesTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().path

    @Test("the program's declarations of cairo, Pango and libxlsxwriter compile against the installed headers")
    func declarationsAgreeWithTheHeaders() throws {
        let environment = ["PATH": "/usr/bin:/bin"]
        let flags = try ChildProcess.run(
            "/usr/bin/pkg-config", ["--cflags", "pangocairo", "xlsxwriter"], environment: environment)
        try #require(flags.status == 0, "pkg-config: \(flags.errorText); install libpango1.0-dev and libxlsxwriter-dev")
        let arguments =
            ["-std=c11", "-fsyntax-only", "-Wall", "-Werror"]
            + flags.outputText.split(separator: " ").map {
                String($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }.filter { !$0.isEmpty } + [
                "-I", Self.root + "/Sources/CDocumentLibraries/include",
                Self.root + "/Tests/EndToEndTests/DocumentLibraries/abi_check.c",
            ]
        let check = try ChildProcess.run("/usr/bin/cc", arguments, environment: environment)
        #expect(check.status == 0, "\(check.errorText)")
    }

    /// The libraries the dynamic loader reports opening while `arguments` run (`LD_DEBUG=files`).
    static func librariesOpened(_ s: Sandbox, _ arguments: [String]) throws -> (Executable.Result, String) {
        let run = try Executable.run(arguments, environment: s.environment.merging(["LD_DEBUG": "files"]) { $1 })
        return (run, run.err)
    }

    @Test("a punch and a text register open none of them; a PDF opens cairo and Pango, a workbook libxlsxwriter")
    func openedOnTheFirstDocument() throws {
        let s = try Office.sandbox(employees: 2)
        let (marked, markTrace) = try Self.librariesOpened(s, ["mark", "in", "W001"])
        #expect(marked.status == 0, "\(marked.out)")
        let (text, textTrace) = try Self.librariesOpened(s, ["register"])
        #expect(text.status == 0)
        for trace in [markTrace, textTrace] {
            // The trace names every library the process opened; what it shows the loader did is the test.
            #expect(trace.contains("file=libsqlite3.so.0"), "\(trace.prefix(2000))")
            for library in ["libcairo", "libpango", "libxlsxwriter", "libglib"] {
                #expect(!trace.contains("file=" + library), "\(library) was opened")
            }
        }
        let (pdf, pdfTrace) = try Self.librariesOpened(
            s, ["register", "--format", "pdf", "--output", s.folder + "/r.pdf"])
        #expect(pdf.status == 0)
        #expect(pdfTrace.contains("file=libpangocairo-1.0.so.0"))
        #expect(pdfTrace.contains("file=libcairo.so.2"))
        #expect(!pdfTrace.contains("file=libxlsxwriter"))
        let (xlsx, xlsxTrace) = try Self.librariesOpened(
            s, ["register", "--format", "xlsx", "--output", s.folder + "/r.xlsx"])
        #expect(xlsx.status == 0)
        #expect(xlsxTrace.contains("file=libxlsxwriter.so.4"))
        #expect(!xlsxTrace.contains("file=libpango"))
    }
}
