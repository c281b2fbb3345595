import AttendanceApp
import AttendanceCore
import AttendanceTerminal

/// How the kiosk and `attendance mark` say what the marking service found: written once, for both.
enum MarkWording {
    /// "8h 12m", "45 min".
    static func duration(_ seconds: Double) -> String { TimeText.duration(seconds, minuteUnit: " min") }

    /// "late by 17 min", "on time", "worked 8h 12m today", …
    static func summary(_ summary: MarkSummary) -> String {
        switch summary {
        case .welcomeBack(let worked): "welcome back — worked \(duration(worked)) so far today"
        case .halfDayLeave: "half-day leave today"
        case .onLeave: "on leave today: the date stays LV"
        case .late(let minutes): "late by \(duration(Double(minutes) * 60))"
        case .onTime: "on time"
        case .workedToday(let seconds): "worked \(duration(seconds)) today"
        }
    }

    /// A sentence more the person must read, when there is one: a session not counted.
    static func notice(_ details: MarkingService.MarkDetails) -> String? {
        details.sessionNotCountedOver.map {
            "this session was longer than \($0) h, so it is not counted; your manager will correct it"
        }
    }
}

extension MarkingService.TodaySnapshot {
    /// "not marked in yet today", "in since 09:02 — worked 3h 12m so far", …
    var headline: String {
        if let open = day.openSession {
            // An open session past max_session_hours is not counted: say so, not "worked 0 min".
            let worked =
                openPastMaximum.map { "over \($0) h, not counted: ask your manager" }
                ?? "worked \(MarkWording.duration(workedSeconds)) so far"
            return "in since \(zone.clockText(of: open.start)) — \(worked)"
        }
        if let lastOut = day.lastOut {
            return "out since \(zone.clockText(of: lastOut)) — worked \(MarkWording.duration(workedSeconds)) today"
        }
        return "not marked in yet today"
    }

    /// "You did not mark out on Tue 24 Nov — ask your manager to fix it", nil when nothing is open.
    var missingLine: String? {
        guard !missingMarkOuts.isEmpty else { return nil }
        let dates = missingMarkOuts.sorted().map {
            "\($0.weekday.shortName) \($0.day) \(YearMonth.monthNames[$0.month - 1].prefix(3))"
        }
        return "You did not mark out on \(dates.joined(separator: " and ")) — ask your manager to fix "
            + (dates.count == 1 ? "it" : "them")
    }

    /// "away 13:00–13:45 (45 min)" for each gap.
    var gapLines: [String] {
        day.gaps.map { gap in
            "away \(zone.clockText(of: gap.start))–\(zone.clockText(of: gap.end)) (\(MarkWording.duration(gap.length)))"
        }
    }
}
