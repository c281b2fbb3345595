import Foundation

/// What a recorded mark means for the person, as the marking service found it. Each front-end
/// words it once: the kiosk and `attendance mark` in English sentences, the console in its pages.
package enum MarkSummary: Sendable, Equatable {
    /// An IN after an earlier session today: worked so far.
    case welcomeBack(workedSeconds: Double)
    /// An IN on a date with half-day leave.
    case halfDayLeave
    /// An IN on a date of full-day leave, which the leave decides whatever the punches.
    case onLeave
    /// The first IN on a holiday (`holiday` its name) or a weekly off: nobody is expected at a
    /// shift time on such a date, so it is neither late nor on time (docs/rules.md, status rule 4).
    case dayOff(holiday: String?)
    /// The first IN of the day, past the shift's start and its grace.
    case late(minutes: Int)
    case onTime
    /// An OUT: worked today.
    case workedToday(seconds: Double)
}
