import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal

/// A punch as every listing shows it: the one JSON shape of a punch, in `punch list`,
/// `calendar --day` and wherever else a punch is written out (docs/json.md).
struct PunchRecord {
    let punch: Punch
    let code: EmployeeCode
    let zone: LocalZone

    /// The punch's columns, with `extra` (a history's) placed before the note, which stays last
    /// because it is the widest.
    static func columns<Row>(
        of record: @escaping @Sendable (Row) -> PunchRecord, extra: [ListingColumn<Row>] = []
    )
        -> [ListingColumn<Row>]
    {
        let leading: [ListingColumn<PunchRecord>] = [
            .init("id", header: ColumnHeader.ctr("column header", "ID"), alignment: .right) { .integer($0.punch.id) },
            .init("code") { .text($0.code.rawValue) },
            .init("attendance_date", header: ColumnHeader.ctr("column header", "DATE")) {
                .text($0.punch.attendanceDate.description)
            },
            .shown(ColumnHeader.ctr("column header", "TIME")) { $0.shortTime },
            .init("local_time") { .text($0.zone.minuteText(of: $0.punch.instant)) },
            .init("timestamp") { .text(PunchTimestamp.text(of: $0.punch.instant, zone: $0.zone)) },
            .init(
                "kind", header: ColumnHeader.ctr("column header", "KIND"), cell: { $0.punch.kind.rawValue.uppercased() }
            ) {
                .text($0.punch.kind.rawValue)
            },
            .init("source", header: ColumnHeader.ctr("column header", "SOURCE")) { .text($0.punch.source.rawValue) },
            .init("ssid") { .text($0.punch.ssid?.escaped) },
            .init("bssid") { .text($0.punch.bssid?.description) },
            .init("location") { .text($0.punch.location) },
            // Where the punch was verified: the location, else the SSID, else the BSSID.
            .shown(ColumnHeader.ctr("column header", "WIFI")) {
                $0.punch.location ?? $0.punch.ssid?.escaped ?? $0.punch.bssid?.description ?? ""
            },
            .init("corrected") { .bool($0.punch.isCorrected) },
        ]
        let note = ListingColumn<PunchRecord>(
            "note", header: ColumnHeader.ctr("column header", "NOTE"),
            cell: { $0.punch.note.map { $0.truncated(toWidth: 40) } ?? "" }
        ) { .text($0.punch.note) }
        return leading.map { $0.reading(record) } + extra + [note.reading(record)]
    }

    /// The punch as a JSON object, for reports that nest punches (`calendar --day`).
    var object: ListingValue { Listing(Self.columns { (record: PunchRecord) in record }).object(self) }

    /// "09:02", or "01:30 +1d" for a time on the local date after the attendance date, with the
    /// offset in the hour that happened twice ("02:30+02:00 +1d").
    var shortTime: String {
        let local = zone.localDateTime(of: punch.instant)
        let days = punch.attendanceDate.distance(to: local.date)
        return zone.clockText(of: punch.instant) + (days == 0 ? "" : days > 0 ? " +\(days)d" : " \(days)d")
    }
}
