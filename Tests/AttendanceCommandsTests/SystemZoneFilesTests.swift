import AttendanceCore
import Foundation
import Testing

@testable import AttendanceCommands

@Suite("The system's zone files")
struct SystemZoneFilesTests {
    @Test(
        "the reader the live context is given reads tzdata's file, whose rules agree with Foundation's on 2026's changes"
    )
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
