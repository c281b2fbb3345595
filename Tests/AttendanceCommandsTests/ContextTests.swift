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
        #expect(read == ProcessInfo.processInfo.environment)
    }
}
