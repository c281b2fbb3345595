import AttendanceCore

extension DayFlags {
    /// The words of this one flag in `words`' language: "late", "en retard", "tarde".
    public func name(_ words: Speech) -> String {
        switch self {
        // Its own entry: a flag is said as an adjective ("en retard"), the status as a noun ("retard").
        case .late: words.ctr("day flag", "late")
        case .earlyExit: words.tr("early exit")
        case .workedOnHoliday: words.tr("worked on holiday")
        case .corrected: words.tr("corrected")
        case .overMaxSession: words.tr("session over max hours")
        case .missingMarkOut: words.tr("missing mark-out")
        case .unpairedPunch: words.tr("OUT without IN")
        case .clockWentBack: words.tr("clock went back")
        case .clockOff: words.tr("kiosk clock off")
        case .halfDayLeave: words.tr("half-day leave")
        default: description
        }
    }

    /// The words of each flag that is set, in `words`' language and the order of
    /// ``DayFlags/named``: "late, early exit", "en retard, départ anticipé".
    public func described(_ words: Speech) -> String { names(words).joined(separator: ", ") }

    /// The words of each flag that is set, in `words`' language and the order of ``DayFlags/named``.
    public func names(_ words: Speech) -> [String] {
        Self.named.filter { contains($0.flag) }.map { $0.flag.name(words) }
    }
}
