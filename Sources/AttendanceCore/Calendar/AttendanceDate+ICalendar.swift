extension AttendanceDate {
    /// The date of an iCalendar `DATE` value (RFC 5545 3.3.4): `20260126`, eight digits, a real date.
    init?(iCalendarDate text: some StringProtocol) {
        guard text.utf8.count == 8, text.allSatisfy(\.isASCIIDigit), let year = Int(text.prefix(4)),
            let month = Int(text.dropFirst(4).prefix(2)), let day = Int(text.suffix(2))
        else { return nil }
        self.init(year: year, month: month, day: day)
    }

    /// The date, as written, of an iCalendar `DATE-TIME` value (RFC 5545 3.3.5): `20260126T093000`,
    /// local or floating, or `20260126T093000Z` in UTC; with `utcOnly`, only the UTC form.
    init?(dateOfICalendarDateTime text: some StringProtocol, utcOnly: Bool = false) {
        let time = text.dropFirst(8)
        let clock = time.dropFirst().prefix(6)
        let zone = time.dropFirst(7)
        guard time.first == "T", clock.count == 6, clock.allSatisfy(\.isASCIIDigit),
            zone == "Z" || (!utcOnly && zone.isEmpty)
        else { return nil }
        self.init(iCalendarDate: text.prefix(8))
    }
}
