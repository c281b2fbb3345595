import Foundation
import Testing

@testable import AttendanceCore

@Suite("PIN lock-out delays")
struct PINLockoutTests {
    static let failure = Date(timeIntervalSince1970: 1_800_000_000)

    @Test(
        "the wait counts down from the last failure, never below 0",
        arguments: [(5, 0.0, 2), (5, 1.5, 1), (5, 2.0, 0), (7, 3.0, 5), (9, 100.0, 0), (4, 0.0, 0)])
    func countdown(failures: Int, after seconds: Double, wait: Int) {
        let now = Self.failure.addingTimeInterval(seconds)
        #expect(PINLockout.remainingWait(failures: failures, lastFailure: Self.failure, now: now) == wait)
    }

    @Test(
        "a clock set back after the failure never asks for more than the delay itself",
        arguments: [(5, 2), (6, 4), (9, 32)])
    func clockSetBack(failures: Int, delay: Int) {
        let anHourEarlier = Self.failure.addingTimeInterval(-3600)
        #expect(PINLockout.remainingWait(failures: failures, lastFailure: Self.failure, now: anHourEarlier) == delay)
        #expect(Int(PINLockout.delay(afterFailures: failures)) == delay)
    }
}
