import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal

/// How the kiosk and `attendance mark` say what the marking service found: written once, for both.
enum MarkWording {
    /// "8h 12m", "45 min".
    static func duration(_ seconds: Double) -> String { TimeText.duration(seconds, minuteUnit: " min") }

    /// "late by 17 min", "on time", "worked 8h 12m today", …
    static func summary(_ summary: MarkSummary, _ words: Speech = .english) -> String {
        switch summary {
        case .welcomeBack(let worked):
            words.tr("welcome back — worked {duration} so far today", ["duration": duration(worked)])
        case .halfDayLeave: words.tr("half-day leave today")
        case .onLeave: words.tr("on leave today: the date stays LV")
        case .late(let minutes): words.tr("late by {duration}", ["duration": duration(Double(minutes) * 60)])
        case .dayOff(let holiday?): words.tr("{holiday} is a holiday: the time worked counts", ["holiday": holiday])
        case .dayOff(nil): words.tr("a day off: the time worked counts")
        case .onTime: words.tr("on time")
        case .workedToday(let seconds): words.tr("worked {duration} today", ["duration": duration(seconds)])
        }
    }

    /// Why a punch was refused by the rules, as a clause: "already marked in at 09:02 — mark out
    /// first". The kiosk shows it as a sentence of its own, `attendance mark` after the person's name.
    static func refusal(_ refusal: PunchRefusal, _ words: Speech = .english) -> String {
        switch refusal {
        case .alreadyIn(_, let clock): words.tr("already marked in at {time} — mark out first", ["time": clock])
        case .notIn: words.tr("not marked in today")
        case .clockBehindMarkIn(_, let clock):
            words.tr("the clock is earlier than your mark-in at {time} — ask a manager", ["time": clock])
        }
    }

    /// A sentence more the person must read, when there is one: a session not counted.
    static func notice(_ details: MarkingService.MarkDetails, _ words: Speech = .english) -> String? {
        details.sessionNotCountedOver.map {
            words.tr(
                "this session was longer than {hours} h, so it is not counted; your manager will correct it",
                ["hours": "\($0)"])
        }
    }
}

extension MarkingService.TodaySnapshot {
    /// "not marked in yet today", "in since 09:02 — worked 3h 12m so far", …
    func headline(_ words: Speech = .english) -> String {
        if let open = day.openSession {
            let since = zone.clockText(of: open.start)
            // An open session past max_session_hours is not counted: say so, not "worked 0 min".
            if let hours = openPastMaximum {
                return words.tr(
                    "in since {time} — over {hours} h, not counted: ask your manager", ["time": since, "hours": hours])
            }
            return words.tr(
                "in since {time} — worked {duration} so far",
                ["time": since, "duration": MarkWording.duration(workedSeconds)])
        }
        if let lastOut = day.lastOut {
            return words.tr(
                "out since {time} — worked {duration} today",
                ["time": zone.clockText(of: lastOut), "duration": MarkWording.duration(workedSeconds)])
        }
        return words.tr("not marked in yet today")
    }

    /// "You did not mark out on Tue 24 Nov — press R to ask for a correction", nil when nothing is
    /// open: the menu's R asks for one.
    func missingLine(_ words: Speech = .english) -> String? {
        guard !missingMarkOuts.isEmpty else { return nil }
        let dates = missingMarkOuts.sorted().map { words.shortDate($0) }
        return words.ntr(
            "You did not mark out on {dates} — press R to ask for a correction",
            "You did not mark out on {dates} — press R to ask for corrections", dates.count,
            ["dates": dates.joined(separator: words.tr(" and "))])
    }

    /// "Your request for Tue 24 Nov was refused: …" for each answer not seen before, then the
    /// dates still waiting.
    func requestLines(_ words: Speech = .english) -> [String] {
        var lines = answers.map { answer in
            let date = words.shortDate(answer.date)
            let reply = answer.answer ?? ""
            switch (answer.state, reply.isEmpty) {
            case (.refused, _):
                return words.tr("Your request for {date} was refused: {reason}", ["date": date, "reason": reply])
            case (_, true):
                return words.tr("Your request for {date} was approved.", ["date": date])
            case (_, false):
                return words.tr("Your request for {date} was approved: {note}", ["date": date, "note": reply])
            }
        }
        if !waitingRequests.isEmpty {
            let dates = waitingRequests.sorted().map { words.shortDate($0) }
            lines.append(
                words.ntr(
                    "Your request for {dates} is waiting for your manager.",
                    "Your requests for {dates} are waiting for your manager.", dates.count,
                    ["dates": dates.joined(separator: words.tr(" and "))]))
        }
        return lines
    }

    /// "away 13:00–13:45 (45 min)" for each gap.
    func gapLines(_ words: Speech = .english) -> [String] {
        day.gaps.map { gap in
            words.tr(
                "away {start}–{end} ({duration})",
                [
                    "start": zone.clockText(of: gap.start), "end": zone.clockText(of: gap.end),
                    "duration": MarkWording.duration(gap.length),
                ])
        }
    }
}
