import Foundation

/// Which way a punch goes. Always chosen explicitly, never guessed from parity.
public enum PunchKind: String, Sendable, Hashable, CaseIterable {
    case `in`
    case out

    /// "IN" / "OUT", as the kiosk and reports show it.
    public var label: String { rawValue.uppercased() }

    /// A kind as a person or a file writes it: `in` or `out`, in any case.
    public init(parsing text: String) throws(CoreError) {
        guard let kind = PunchKind(rawValue: text.lowercased()) else {
            throw .invalidValue(what: Phrase("kind"), value: text, expected: Phrase("in or out"))
        }
        self = kind
    }
}

/// Where a punch's location evidence came from.
public enum PunchSource: String, Sendable, Hashable, CaseIterable {
    /// Verified against the kernel's WiFi link.
    case nl80211
    /// Verified against a simulated link (demos, tests). Labelled SIMULATED everywhere.
    case simulated
    /// Entered by a manager's correction.
    case manual
    /// Brought in from another time clock by `attendance import punches`.
    case `import`

    /// Whether the punch was taken at the kiosk and stamped with its clock at that moment (not
    /// entered afterwards by a manager or an import).
    public var isTakenAtKiosk: Bool { self == .nl80211 || self == .simulated }
}

/// One recorded punch. Never deleted or overwritten; corrections are separate records.
public struct Punch: Sendable, Hashable, Identifiable {
    public var id: Int64
    public var employeeID: Int64
    /// The moment, in UTC.
    public var instant: Date
    /// The IANA zone the punch was taken in.
    public var zone: String
    public var attendanceDate: AttendanceDate
    public var kind: PunchKind
    public var source: PunchSource
    /// The link the punch was verified against (nil for manual and imported punches).
    public var ssid: SSID?
    public var bssid: BSSID?
    public var location: String?
    public var note: String?
    public var createdAt: Date
    /// True when a manager's correction added, re-timed or restored this punch: ``instant`` and
    /// ``attendanceDate`` are then the corrected ones, no longer the kiosk's own stamp.
    public var isCorrected: Bool
    /// True when the kiosk stored this punch with a moment earlier than a punch it already held
    /// (its clock had gone back; `Policy.decide` says so), kept with the punch for the manager.
    /// Declared beside the other flag, in the byte after it: a punch is copied often in a
    /// register, and a field after `origin` made every copy 8 bytes longer (BENCHMARKS.md).
    public var clockWentBack: Bool
    /// How far the recording kiosk's clock was from the central store's when it took this punch,
    /// in whole minutes (ahead positive), when more than ``Policy/clockTolerance``; 0 otherwise
    /// or when unknown. Beside the other flag too, in the bytes after it.
    public var clockOffMinutes: Int16
    /// The kiosk (or manager's desk) that recorded the punch, when it came from another one
    /// through the central store; nil for a punch recorded on this store.
    public var origin: String?

    public init(
        id: Int64, employeeID: Int64, instant: Date, zone: String, attendanceDate: AttendanceDate,
        kind: PunchKind, source: PunchSource, ssid: SSID? = nil, bssid: BSSID? = nil,
        location: String? = nil, note: String? = nil, createdAt: Date, isCorrected: Bool = false,
        origin: String? = nil, clockWentBack: Bool = false, clockOffMinutes: Int16 = 0
    ) {
        self.id = id
        self.employeeID = employeeID
        self.instant = instant
        self.zone = zone
        self.attendanceDate = attendanceDate
        self.kind = kind
        self.source = source
        self.ssid = ssid
        self.bssid = bssid
        self.location = location
        self.note = note
        self.createdAt = createdAt
        self.isCorrected = isCorrected
        self.origin = origin
        self.clockWentBack = clockWentBack
        self.clockOffMinutes = clockOffMinutes
    }
}
