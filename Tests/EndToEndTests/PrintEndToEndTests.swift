import AttendanceTestSupport
import Foundation
import Testing

/// `attendance register --print` through a real CUPS scheduler and a cups-pdf queue.
@Suite(
    "Printing, end to end", .serialized,
    .enabled(if: PrivateCUPS.isAvailable, "needs root, cupsd, cups-pdf and pdfinfo"))
struct PrintEndToEndTests {
    /// A store with a few employees and a holiday, as a manager would have it.
    static func seededSandbox() throws -> Sandbox {
        let sandbox = Sandbox(
            config: "[policy]\ntimezone = \"\(ScenarioClock.zoneName)\"\n[kiosk]\noffice_name = \"Pune Office\"\n")
        for (code, name) in [("E001", "Asha Rao"), ("E002", "Bilal Chaudhry-Fernandes"), ("E003", "Chen Jun")] {
            #expect(try sandbox.run("employee", "add", code, "--name", name).status == 0)
        }
        #expect(try sandbox.run("holiday", "add", ScenarioClock.day(-1), "--name", "Gandhi Jayanti").status == 0)
        return sandbox
    }

    @Test(
        "the register prints to a cups-pdf queue: the job id is shown and a PDF with pages comes out",
        .timeLimit(.minutes(2)))
    func printsAPDF() throws {
        let cups = PrivateCUPS()
        defer { cups.stop() }
        try cups.start()
        let sandbox = try Self.seededSandbox()
        let result = try sandbox.run(
            "register", "--month", ScenarioClock.month(), "--print", "--printer", cups.queue, "--page-size", "2",
            extra: cups.environment)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.err.isEmpty)
        #expect(
            result.out.hasPrefix(
                "sent the register for \(ScenarioClock.monthTitle()) (2 pages) to printer \(cups.queue) as job \(cups.queue)-"
            ))
        let job = try #require(
            result.out.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) })
        let pdf = try cups.waitForPDF(job: job)
        #expect(pdf.pages >= 2)
    }

    @Test(
        "a full page of the register fits landscape Letter and A4 alike: as many sheets as it says",
        .timeLimit(.minutes(3)), .enabled(if: FileManager.default.fileExists(atPath: PrivateCUPS.genericPDF)),
        arguments: ["Letter", "A4"])
    func fitsThePaper(size: String) throws {
        let cups = PrivateCUPS()
        defer { cups.stop() }
        try cups.start()
        let path = try cups.addFileQueue("Paper\(size)", pageSize: size)
        let sandbox = try Self.seededSandbox()
        // 33 people: two full pages of 132 columns. At 13 characters an inch every line was two
        // on Letter, and lines were spaced for 7.5 in of height, which A4 has not: either spilled
        // onto sheets nothing said were there.
        for number in 4...33 {
            let code = String(format: "E%03d", number)
            #expect(try sandbox.run("employee", "add", code, "--name", "Worker \(number)").status == 0)
        }
        let month = ScenarioClock.month()
        let lines = try sandbox.run("register", "--month", month).out.split(separator: "\n")
        #expect(lines.map(\.count).max() == 132)
        let result = try sandbox.run(
            "register", "--month", month, "--print", "--printer", "Paper\(size)", extra: cups.environment)
        #expect(result.status == 0, "\(result.err)")
        #expect(result.out.contains("(2 pages)"), "\(result.out)")
        #expect(try cups.waitForPDF(at: path) == 2, "\(size)")
    }

    @Test(
        "--format pdf prints the colour register itself: one sheet, turned to lie along it, names and digest intact",
        .timeLimit(.minutes(2)), .enabled(if: FileManager.default.fileExists(atPath: PrivateCUPS.genericPDF)))
    func printsTheColourPDF() throws {
        let cups = PrivateCUPS()
        defer { cups.stop() }
        try cups.start()
        // CUPS's own PDF filters, onto portrait A4 sheets, and the text kept (cups-pdf's
        // Ghostscript keeps the drawing but not the text).
        let path = try cups.addFileQueue("Colour", pageSize: "A4")
        let sandbox = try Self.seededSandbox()
        let result = try sandbox.run(
            "register", "--month", ScenarioClock.month(), "--format", "pdf", "--print", "--printer", "Colour",
            extra: cups.environment)
        #expect(result.status == 0, "\(result.err)")
        #expect(
            result.out.hasPrefix(
                "sent the register for \(ScenarioClock.monthTitle()) (1 page) to printer Colour as job Colour-"),
            "\(result.out)")
        #expect(try cups.waitForPDF(at: path) == 1)
        let environment = ["PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let text = try ChildProcess.run("/usr/bin/pdftotext", [path, "-"], environment: environment).outputText
        #expect(text.contains("Bilal Chaudhry-Fernandes") && text.contains("History digest"), "\(text)")
        // Landscape on a portrait sheet: the title's words run up the sheet, taller than wide.
        let boxes = try ChildProcess.run("/usr/bin/pdftotext", ["-bbox", path, "-"], environment: environment)
            .outputText
        let word = try #require(boxes.split(separator: "\n").first { $0.hasSuffix(">Pune</word>") })
        let numbers = word.split(separator: "\"").compactMap { Double($0) }
        #expect(numbers.count == 4 && numbers[3] - numbers[1] > numbers[2] - numbers[0], "\(word)")
        // Text and PDF are what --print prints; a workbook is not.
        let refused = try sandbox.run("register", "--format", "xlsx", "--print", extra: cups.environment)
        #expect(refused.status == 64, "\(refused.err)")
    }

    @Test("an unknown printer and a scheduler that is not running are exit 69 with a sentence", .timeLimit(.minutes(1)))
    func errors() throws {
        let cups = PrivateCUPS()
        defer { cups.stop() }
        try cups.start()
        let sandbox = try Self.seededSandbox()
        let unknown = try sandbox.run("register", "--print", "--printer", "NoSuchQueue", extra: cups.environment)
        #expect(unknown.status == 69)
        #expect(
            unknown.err == "attendance: there is no printer named \"NoSuchQueue\"; `lpstat -p` lists the printers\n")
        let stopped = try sandbox.run(
            "register", "--print", "--printer", cups.queue,
            extra: ["CUPS_SERVER": cups.folder + "/no-such.sock", "PATH": "/usr/bin:/bin"])
        #expect(stopped.status == 69)
        #expect(
            stopped.err
                == "attendance: the CUPS scheduler is not running; start it (systemctl start cups) and print again\n")
        let stoppedPDF = try sandbox.run(
            "register", "--format", "pdf", "--print", "--printer", cups.queue,
            extra: ["CUPS_SERVER": cups.folder + "/no-such.sock", "PATH": "/usr/bin:/bin"])
        #expect(stoppedPDF.status == 69)
        #expect(stoppedPDF.err == stopped.err)
        // Without CUPS's lp at all.
        let noLP = try sandbox.run("register", "--format", "pdf", "--print", extra: ["PATH": "/nonexistent"])
        #expect(noLP.status == 69)
        #expect(noLP.err.contains("printing needs CUPS's lp command"), "\(noLP.err)")
    }
}
