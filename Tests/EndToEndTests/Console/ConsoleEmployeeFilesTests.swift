import AttendanceTestSupport
import Foundation
import Testing

/// Adding employees from a CSV file and making PIN slips through the console over HTTP (curl
/// against `attendance serve`): a manager's upload and download, a viewer's refused, a malformed
/// file answered with a page naming its lines.
@Suite("The console's employee import and PIN slips over HTTP")
struct ConsoleEmployeeFilesTests {
    /// One signed-in account talking to the console with curl.
    struct Browser {
        let url: String
        let folder: String
        let cookie: String
        let csrf: String
        static let tools = ["PATH": "/usr/bin:/bin", "HOME": NSTemporaryDirectory()]

        init(_ name: String, url: String, folder: String) throws {
            self.url = url
            self.folder = folder
            let signedIn = try ChildProcess.run(
                "/usr/bin/curl",
                [
                    "-sS", "-o", "/dev/null", "-D", "-", "--data-urlencode", "name=\(name)", "--data-urlencode",
                    "password=correct horse battery", url + "/login",
                ], environment: Self.tools)
            cookie = try #require(
                signedIn.outputText.firstMatch(of: /attendance_session=([^;\r\n]+)/).map { String($0.1) },
                "\(signedIn.outputText)")
            let page = try ChildProcess.run(
                "/usr/bin/curl", ["-sS", "-H", "Cookie: attendance_session=\(cookie)", url + "/employees"],
                environment: Self.tools
            ).outputText
            csrf = try #require(page.firstMatch(of: /name="csrf" value="([^"]+)"/).map { String($0.1) }, "\(page)")
        }

        /// POSTs `fields` (curl's `-F` for a multipart body, `--data-urlencode` otherwise) to
        /// `path`; the status, the content type and the body saved in `saved`.
        func post(
            _ path: String, multipart: [String] = [], form: [String] = [], saved: String
        ) throws -> (
            status: String, type: String, body: [UInt8]
        ) {
            let fields =
                multipart.isEmpty
                ? (["csrf=\(csrf)"] + form).flatMap { ["--data-urlencode", $0] }
                : (["csrf=\(csrf)"] + multipart).flatMap { ["-F", $0] }
            let run = try ChildProcess.run(
                "/usr/bin/curl",
                [
                    "-sS", "-o", saved, "-w", "%{http_code} %{content_type}", "-H",
                    "Cookie: attendance_session=\(cookie)",
                ]
                    + fields + [url + path], environment: Self.tools)
            let answer = run.outputText.split(separator: " ", maxSplits: 1).map(String.init)
            let body = [UInt8](FileManager.default.contents(atPath: saved) ?? Data())
            return (answer.first ?? "", answer.count > 1 ? answer[1] : "", body)
        }
    }

    @Test("a manager imports a CSV and downloads PIN slips; a viewer is refused both; a malformed CSV names its lines")
    func importAndSlips() throws {
        let s = try ConsoleBrowserTests.office()
        let (server, url) = try ConsoleBrowserTests.serve(
            s, environment: s.environment.merging(["ATTENDANCE_PEPPER": s.folder + "/pepper"]) { $1 })
        defer {
            server.send(SIGTERM)
            _ = server.finish(timeout: 30)
        }
        let boss = try Browser("boss", url: url, folder: s.folder)
        let eve = try Browser("eve", url: url, folder: s.folder)
        let good = s.folder + "/staff.csv"
        let bad = s.folder + "/broken.csv"
        try "code,name,department\nW010,Ravi Kumar,Stores\nW011,\"Rao, Priya\",\n".write(
            toFile: good, atomically: true, encoding: .utf8)
        try "code,name,start_date\nW020,Lena,2026-02-30\nW021,<b>Bold</b>,\nW010,\n".write(
            toFile: bad, atomically: true, encoding: .utf8)
        let answer = s.folder + "/answer"

        let viewerImport = try eve.post("/employees/import", multipart: ["file=@\(good);type=text/csv"], saved: answer)
        #expect(viewerImport.status == "403", "\(viewerImport)")
        let malformed = try boss.post("/employees/import", multipart: ["file=@\(bad);type=text/csv"], saved: answer)
        let page = String(decoding: malformed.body, as: UTF8.self)
        #expect(malformed.status == "400", "\(page)")
        #expect(page.contains("broken.csv has 2 wrong lines; nobody was added."), "\(page)")
        #expect(page.contains("<li>line 2: ") && page.contains("<li>line 4: "), "\(page)")
        #expect(try s.run("employee", "show", "W021").status != 0, "a refused file added an employee")

        let imported = try boss.post("/employees/import", multipart: ["file=@\(good);type=text/csv"], saved: answer)
        let done = String(decoding: imported.body, as: UTF8.self)
        #expect(imported.status == "200" && done.contains("Added 2 employees from staff.csv."), "\(done)")
        #expect(try s.run("employee", "show", "W011").out.contains("Rao, Priya"))

        let viewerSlips = try eve.post("/employees/pins", form: ["codes=W010 W011"], saved: answer)
        #expect(viewerSlips.status == "403", "\(viewerSlips)")
        #expect(try s.sqlite("SELECT count(*) FROM employee WHERE pin_hash IS NOT NULL") == "0\n")
        let slips = try boss.post("/employees/pins", form: ["codes=W010 W011", "paper=letter"], saved: answer)
        #expect(slips.status == "200" && slips.type == "application/pdf", "\(slips.status) \(slips.type)")
        #expect(slips.body.starts(with: Array("%PDF".utf8)))
        #expect(
            try s.sqlite("SELECT code FROM employee WHERE pin_one_time = 1 ORDER BY code") == "W010\nW011\n")
        #expect(
            try s.sqlite("SELECT actor, action, entity_key FROM audit_log WHERE action = 'set-pin' ORDER BY id")
                == "boss via web|set-pin|W010\nboss via web|set-pin|W011\n")
    }
}
