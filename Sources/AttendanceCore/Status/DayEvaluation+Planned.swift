extension DayEvaluation {
    /// What a future date is planned as (docs/rules.md, "The status of one employee on one
    /// attendance date" 2): a full-day leave, else a holiday, else a weekly off; nil for any
    /// other date. A planned date is not counted in any summary.
    public var planned: DayStatus? {
        guard status == .future else { return nil }
        if leave == .full { return .leave }
        if holidayName != nil { return .holiday }
        return isWorkingDay ? nil : .weeklyOff
    }
}
