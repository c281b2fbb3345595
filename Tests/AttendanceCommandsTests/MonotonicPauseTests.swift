import Foundation
import Testing

@testable import AttendanceCommands

/// The background sync's pause between rounds (the wall clock never times it: see
/// `MonotonicPause`).
@Suite("The pause between sync rounds")
struct MonotonicPauseTests {
    @Test("a pause that was not interrupted ends by itself and says so")
    func endsByItself() {
        let pause = MonotonicPause()
        #expect(pause.wait(seconds: 0) == false)
        #expect(pause.wait(seconds: 1) == false)
    }

    @Test("stopping during a pause ends it, and every pause after it ends at once")
    func interrupted() throws {
        let pause = MonotonicPause()
        let stopper = Thread {
            Thread.sleep(forTimeInterval: 0.2)
            pause.interrupt()
        }
        stopper.start()
        // An hour: the test would not end if the interruption were lost.
        #expect(pause.wait(seconds: 3600))
        #expect(pause.wait(seconds: 3600))
    }
}
