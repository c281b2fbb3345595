import AttendanceCore
import Foundation
import Testing

@testable import AttendanceCommands

@Suite("The live context")
struct ContextTests {
    @Test("the environment read from environ is the one Foundation reads, values with '=' and UTF-8 included")
    func environmentFromEnviron() {
        setenv("ATTENDANCE_CONTEXT_TEST_EQUALS", "a=b=c", 1)
        setenv("ATTENDANCE_CONTEXT_TEST_EMPTY", "", 1)
        setenv("ATTENDANCE_CONTEXT_TEST_UTF8", "Carmen Díaz ✓", 1)
        defer {
            for name in ["EQUALS", "EMPTY", "UTF8"] { unsetenv("ATTENDANCE_CONTEXT_TEST_" + name) }
        }
        let read = Context.processEnvironment()
        #expect(read["ATTENDANCE_CONTEXT_TEST_EQUALS"] == "a=b=c")
        #expect(read["ATTENDANCE_CONTEXT_TEST_EMPTY"] == "")
        #expect(read["ATTENDANCE_CONTEXT_TEST_UTF8"] == "Carmen Díaz ✓")
        // LANGUAGE is left out: a translation in a test running beside this one sets it for the
        // span of one lookup (Catalog), so the two reads may straddle it.
        func withoutLanguage(_ environment: [String: String]) -> [String: String] {
            environment.filter { $0.key != "LANGUAGE" }
        }
        #expect(withoutLanguage(read) == withoutLanguage(ProcessInfo.processInfo.environment))
    }
}

@Suite("The system's zone files")
struct SystemZoneFilesTests {
    @Test(
        "the reader the executable installs gives tzdata's file, whose rules agree with Foundation's on 2026's changes")
    func readsTheDatabase() throws {
        let bytes = try #require(SystemZoneFiles.read("Europe/Berlin"))
        let rules = try ZoneRules(tzif: bytes)
        let foundation = try #require(TimeZone(identifier: "Europe/Berlin"))
        // 2026: summer time from 29 March 01:00 UTC to 25 October 01:00 UTC.
        for instant in [1_774_745_999, 1_774_746_000, 1_792_889_999, 1_792_890_000] as [Int64] {
            #expect(
                rules.offset(at: instant)
                    == foundation.secondsFromGMT(for: Date(timeIntervalSince1970: Double(instant))))
        }
        #expect(SystemZoneFiles.read("Mars/Olympus") == nil)
        #expect(SystemZoneFiles.read("Europe") == nil, "a folder is not a zone")
    }
}
