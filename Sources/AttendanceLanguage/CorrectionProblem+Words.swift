import AttendanceCore

extension Speech {
    /// "on 2026-03-02, the new OUT at 17:00 would be followed by OUT at 18:00 (punch 2); punches
    /// must alternate IN, OUT, IN, OUT", in this language. IN and OUT stay as the kiosk shows them.
    public func sentence(for problem: CorrectionProblem) -> String {
        switch problem.facts {
        case .notAlternating(let date, let first, let second):
            return tr(
                "on {date}, {first} would be followed by {second}; punches must alternate IN, OUT, IN, OUT",
                ["date": date.description, "first": label(first), "second": label(second)])
        case .outWithoutIn(let date, let punch, nil):
            return tr(
                "on {date}, {punch} would have no IN before it", ["date": date.description, "punch": label(punch)])
        case .outWithoutIn(let date, let punch, let next?):
            return tr(
                "on {date}, {punch} would have no IN before it: it is not after {next}, which it cannot close",
                ["date": date.description, "punch": label(punch), "next": label(next)])
        case .sessionTooShort(let date, let start, let end):
            return tr(
                "on {date}, the session from {start} to {end} would be shorter than 1 minute",
                ["date": date.description, "start": label(start), "end": label(end)])
        case .sessionTooLong(let date, let start, let end, let hours):
            return tr(
                "on {date}, the session from {start} to {end} would be longer than max_session_hours ({hours})",
                ["date": date.description, "start": label(start), "end": label(end), "hours": hours])
        case .overlap(let first, let second):
            return tr("{first} would overlap {second}", ["first": label(first), "second": label(second)])
        case .inside(let punch, let date, let session):
            return tr(
                "{punch} of {date} would fall inside {session}",
                ["punch": label(punch), "date": date.description, "session": label(session)])
        }
    }

    /// "IN at 09:02 (punch 12)", "OUT at 18:00 (line 6)", "the new OUT at 18:00".
    private func label(_ punch: PunchLabel) -> String {
        let values = ["kind": punch.kind.label, "time": punch.time]
        switch punch.origin {
        case .new: return tr("the new {kind} at {time}", values)
        case .line(let line):
            return tr("{kind} at {time} (line {line})", values.merging(["line": String(line)]) { a, _ in a })
        case .punch(let id):
            return tr("{kind} at {time} (punch {id})", values.merging(["id": String(id)]) { a, _ in a })
        }
    }

    /// "the session of 2026-03-02 from IN at 22:00 (punch 1) to OUT at 2026-03-03 03:30 (punch 2)"
    private func label(_ session: SessionLabel) -> String {
        tr(
            "the session of {date} from {start} to {end}",
            ["date": session.date.description, "start": label(session.start), "end": label(session.end)])
    }
}
