import Foundation

// The records that travel between a kiosk's store and the central store. Plain values: the
// stores keep them, sync moves them, the core decides with them once they are stored. Keys are
// snake_case as in both schemas; instants are UTC milliseconds and dates `YYYY-MM-DD`, as the
// SQLite store keeps them, so nothing is converted on the way.

/// What this store is to the central store.
public enum SyncRole: String, Sendable, Codable {
    /// A kiosk: its punches, corrections and audit entries go up; employees, access points,
    /// holidays and leave come down. What it knew of those before its first sync goes up only
    /// where the centre lacks it, and a PIN lock it raised goes up as a lock.
    case kiosk
    /// A manager's desk: a copy of the central store that the manager's commands work on. Its
    /// changes to employees, access points, holidays and leave replace the centre's.
    case desk
}

/// A store that syncs with the centre, as the centre last saw it: what a desk shows of each kiosk.
public struct SyncNode: Sendable, Codable, Equatable {
    public var name: String
    public var role: SyncRole
    /// When it last sent its records up, and last fetched the others'; nil before it did.
    public var lastPush: Date?
    public var lastPull: Date?

    public init(name: String, role: SyncRole, lastPush: Date?, lastPull: Date?) {
        self.name = name
        self.role = role
        self.lastPush = lastPush
        self.lastPull = lastPull
    }
}

/// A punch as it travels.
public struct SyncedPunch: Sendable, Hashable, Codable {
    public var node: String
    public var originID: Int64
    public var employeeCode: String
    public var instantMs: Int64
    public var zone: String
    public var attendanceDate: String
    public var kind: String
    public var source: String
    /// The SSID's bytes in hex (SSIDs are bytes, not text).
    public var ssidHex: String?
    public var bssid: String?
    public var location: String?
    public var note: String?
    public var enteredBy: String?
    public var clockWentBack: Bool
    public var createdAtMs: Int64
    /// How far the kiosk's clock was off the centre's, in minutes, when it took the punch (or,
    /// from the centre, how far the punch's time lay after its arrival); nil or 0 when not off.
    public var clockOffMinutes: Int?

    enum CodingKeys: String, CodingKey {
        case node, originID = "origin_id", employeeCode = "employee_code", instantMs = "instant_ms", zone
        case attendanceDate = "attendance_date", kind, source, ssidHex = "ssid_hex", bssid, location, note
        case enteredBy = "entered_by", clockWentBack = "clock_went_back", createdAtMs = "created_at_ms"
        case clockOffMinutes = "clock_off_minutes"
    }

    public init(
        node: String, originID: Int64, employeeCode: String, instantMs: Int64, zone: String, attendanceDate: String,
        kind: String, source: String, ssidHex: String?, bssid: String?, location: String?, note: String?,
        enteredBy: String?, clockWentBack: Bool, createdAtMs: Int64, clockOffMinutes: Int? = nil
    ) {
        self.node = node
        self.originID = originID
        self.employeeCode = employeeCode
        self.instantMs = instantMs
        self.zone = zone
        self.attendanceDate = attendanceDate
        self.kind = kind
        self.source = source
        self.ssidHex = ssidHex
        self.bssid = bssid
        self.location = location
        self.note = note
        self.enteredBy = enteredBy
        self.clockWentBack = clockWentBack
        self.createdAtMs = createdAtMs
        self.clockOffMinutes = clockOffMinutes
    }
}

/// A manager's correction of a punch as it travels; the punch is named by its own origin.
public struct SyncedCorrection: Sendable, Hashable, Codable {
    public var node: String
    public var originID: Int64
    public var punchNode: String
    public var punchOriginID: Int64
    public var employeeCode: String
    public var action: String
    public var punchDate: String
    public var fromDate: String
    public var toDate: String
    public var newInstantMs: Int64?
    public var outsideEditWindow: Bool
    public var actor: String
    public var atMs: Int64
    public var reason: String

    enum CodingKeys: String, CodingKey {
        case node, originID = "origin_id", punchNode = "punch_node", punchOriginID = "punch_origin_id"
        case employeeCode = "employee_code", action, punchDate = "punch_date", fromDate = "from_date"
        case toDate = "to_date", newInstantMs = "new_instant_ms", outsideEditWindow = "outside_edit_window"
        case actor, atMs = "at_ms", reason
    }

    public init(
        node: String, originID: Int64, punchNode: String, punchOriginID: Int64, employeeCode: String, action: String,
        punchDate: String, fromDate: String, toDate: String, newInstantMs: Int64?, outsideEditWindow: Bool,
        actor: String, atMs: Int64, reason: String
    ) {
        self.node = node
        self.originID = originID
        self.punchNode = punchNode
        self.punchOriginID = punchOriginID
        self.employeeCode = employeeCode
        self.action = action
        self.punchDate = punchDate
        self.fromDate = fromDate
        self.toDate = toDate
        self.newInstantMs = newInstantMs
        self.outsideEditWindow = outsideEditWindow
        self.actor = actor
        self.atMs = atMs
        self.reason = reason
    }
}

/// An audit-log entry as it travels.
public struct SyncedAuditEntry: Sendable, Hashable, Codable {
    public var node: String
    public var originID: Int64
    public var atMs: Int64
    public var actor: String
    public var action: String
    public var entity: String
    public var entityKey: String
    public var employeeCode: String?
    public var oldValue: String?
    public var newValue: String?
    public var reason: String?

    enum CodingKeys: String, CodingKey {
        case node, originID = "origin_id", atMs = "at_ms", actor, action, entity, entityKey = "entity_key"
        case employeeCode = "employee_code", oldValue = "old_value", newValue = "new_value", reason
    }

    public init(
        node: String, originID: Int64, atMs: Int64, actor: String, action: String, entity: String, entityKey: String,
        employeeCode: String?, oldValue: String?, newValue: String?, reason: String?
    ) {
        self.node = node
        self.originID = originID
        self.atMs = atMs
        self.actor = actor
        self.action = action
        self.entity = entity
        self.entityKey = entityKey
        self.employeeCode = employeeCode
        self.oldValue = oldValue
        self.newValue = newValue
        self.reason = reason
    }
}

/// An employee as the centre keeps them: the latest state, PIN hash and lock included.
public struct SyncedEmployee: Sendable, Hashable, Codable {
    public var code: String
    public var name: String
    public var startDate: String?
    public var endDate: String?
    public var shiftStart: String?
    public var shiftEnd: String?
    public var active: Bool
    public var pinHashHex: String?
    public var pinSaltHex: String?
    public var pinRounds: Int?
    public var locked: Bool
    /// The language the kiosk speaks to them ("fr"); nil: the office's. A centre or a store of an
    /// older version leaves it out.
    public var language: String?
    /// Their department ("Sales"); nil: none. A centre or a store of an older version leaves it out.
    public var department: String?

    enum CodingKeys: String, CodingKey {
        case code, name, startDate = "start_date", endDate = "end_date", shiftStart = "shift_start"
        case shiftEnd = "shift_end", active, pinHashHex = "pin_hash_hex", pinSaltHex = "pin_salt_hex"
        case pinRounds = "pin_rounds", locked, language, department
    }

    public init(
        code: String, name: String, startDate: String?, endDate: String?, shiftStart: String?, shiftEnd: String?,
        active: Bool, pinHashHex: String?, pinSaltHex: String?, pinRounds: Int?, locked: Bool, language: String? = nil,
        department: String? = nil
    ) {
        self.language = language
        self.department = department
        self.code = code
        self.name = name
        self.startDate = startDate
        self.endDate = endDate
        self.shiftStart = shiftStart
        self.shiftEnd = shiftEnd
        self.active = active
        self.pinHashHex = pinHashHex
        self.pinSaltHex = pinSaltHex
        self.pinRounds = pinRounds
        self.locked = locked
    }
}

/// An allowed access point as the centre keeps it.
public struct SyncedWiFi: Sendable, Hashable, Codable {
    public var bssid: String
    public var ssidHex: String?
    public var location: String
    public var active: Bool

    enum CodingKeys: String, CodingKey { case bssid, ssidHex = "ssid_hex", location, active }

    public init(bssid: String, ssidHex: String?, location: String, active: Bool) {
        self.bssid = bssid
        self.ssidHex = ssidHex
        self.location = location
        self.active = active
    }
}

/// A holiday as the centre keeps it; `removed` when a manager took it out again.
public struct SyncedHoliday: Sendable, Hashable, Codable {
    public var date: String
    public var name: String
    public var removed: Bool
    public init(date: String, name: String, removed: Bool) {
        self.date = date
        self.name = name
        self.removed = removed
    }
}

/// A leave day as the centre keeps it; `removed` when a manager took it out again.
public struct SyncedLeave: Sendable, Hashable, Codable {
    public var employeeCode: String
    public var date: String
    public var halfDay: Bool
    /// The leave type's name ("sick"); nil, as an older centre or store sends it: annual.
    public var type: String?
    public var reason: String
    public var removed: Bool

    enum CodingKeys: String, CodingKey {
        case employeeCode = "employee_code", date, halfDay = "half_day", type, reason, removed
    }

    public init(
        employeeCode: String, date: String, halfDay: Bool, type: String? = nil, reason: String, removed: Bool
    ) {
        self.employeeCode = employeeCode
        self.date = date
        self.halfDay = halfDay
        self.type = type
        self.reason = reason
        self.removed = removed
    }
}

/// An account of the manager's web console as the centre keeps it: made, given new passwords
/// and removed at a desk, and taken by every store so the organisation's managers sign in at any
/// console. The password travels only as its slow, salted hash.
public struct SyncedManager: Sendable, Hashable, Codable {
    public var name: String
    /// `manager` or `viewer`.
    public var role: String
    /// `pbkdf2-sha256$ROUNDS$SALT$HASH`.
    public var passwordHash: String
    public var removed: Bool

    enum CodingKeys: String, CodingKey { case name, role, passwordHash = "password_hash", removed }

    public init(name: String, role: String, passwordHash: String, removed: Bool) {
        self.name = name
        self.role = role
        self.passwordHash = passwordHash
        self.removed = removed
    }
}

/// A correction an employee asked for at a kiosk, as it travels: asked at one kiosk, answered at
/// any desk, its answer shown at whichever kiosk the employee visits next. `node` and `originID`
/// name it everywhere (the kiosk where it was asked, and a number made at random there, so a
/// kiosk restored from an older copy never asks again under a number the centre holds).
public struct SyncedRequest: Sendable, Hashable, Codable {
    public var node: String
    public var originID: Int64
    public var employeeCode: String
    public var date: String
    /// `HH:MM`.
    public var leftAt: String
    public var reason: String
    public var askedAtMs: Int64
    /// `waiting`, `approved` or `refused`.
    public var state: String
    public var decidedAtMs: Int64?
    public var decidedBy: String?
    public var answer: String?
    /// When a kiosk first showed the answer to the employee.
    public var seenAtMs: Int64?

    enum CodingKeys: String, CodingKey {
        case node, originID = "origin_id", employeeCode = "employee_code", date, leftAt = "left_at", reason
        case askedAtMs = "asked_at_ms", state, decidedAtMs = "decided_at_ms", decidedBy = "decided_by", answer
        case seenAtMs = "seen_at_ms"
    }

    public init(
        node: String, originID: Int64, employeeCode: String, date: String, leftAt: String, reason: String,
        askedAtMs: Int64, state: String, decidedAtMs: Int64?, decidedBy: String?, answer: String?, seenAtMs: Int64?
    ) {
        self.node = node
        self.originID = originID
        self.employeeCode = employeeCode
        self.date = date
        self.leftAt = leftAt
        self.reason = reason
        self.askedAtMs = askedAtMs
        self.state = state
        self.decidedAtMs = decidedAtMs
        self.decidedBy = decidedBy
        self.answer = answer
        self.seenAtMs = seenAtMs
    }
}

/// One link of a store's history chain (docs/rules.md "History") as the centre keeps it: which
/// record it links, by the record's identity across kiosks, and the hashes. The centre keeps
/// each kiosk's chain and accepts only links that extend what it holds.
public struct SyncedLink: Sendable, Hashable, Codable {
    public var seq: Int64
    public var kind: String
    public var recordNode: String
    public var recordID: Int64
    public var prevHex: String
    public var hashHex: String

    enum CodingKeys: String, CodingKey {
        case seq, kind, recordNode = "record_node", recordID = "record_id", prevHex = "prev_hex", hashHex = "hash_hex"
    }

    public init(seq: Int64, kind: String, recordNode: String, recordID: Int64, prevHex: String, hashHex: String) {
        self.seq = seq
        self.kind = kind
        self.recordNode = recordNode
        self.recordID = recordID
        self.prevHex = prevHex
        self.hashHex = hashHex
    }
}

/// Everything one side hands the other in one step of a sync round.
public struct SyncBatch: Sendable, Hashable, Codable {
    public var employees: [SyncedEmployee] = []
    public var wifi: [SyncedWiFi] = []
    public var holidays: [SyncedHoliday] = []
    public var leave: [SyncedLeave] = []
    /// The console's accounts: sent by desks only, taken by every store.
    public var managers: [SyncedManager] = []
    public var punches: [SyncedPunch] = []
    public var corrections: [SyncedCorrection] = []
    public var audit: [SyncedAuditEntry] = []
    /// Corrections asked for at kiosks: a kiosk sends those asked there and the answers it showed,
    /// a desk the answers given there.
    public var requests: [SyncedRequest] = []
    /// The pushing store's history links (pushed only; not counted as records).
    public var links: [SyncedLink] = []

    public init() {}

    public var isEmpty: Bool { count == 0 && links.isEmpty }

    /// How many records the batch holds.
    public var count: Int {
        let states = employees.count + wifi.count + holidays.count + leave.count + managers.count
        return states + punches.count + corrections.count + audit.count + requests.count
    }

    /// Adds `other`'s records to these: a round's pages, for counting what moved, or a restored
    /// store's own records, page after page.
    public mutating func append(_ other: SyncBatch) {
        employees += other.employees
        wifi += other.wifi
        holidays += other.holidays
        leave += other.leave
        managers += other.managers
        punches += other.punches
        corrections += other.corrections
        audit += other.audit
        requests += other.requests
    }
}

/// Where a sync round stands between two rounds: the high-water marks on each side.
public struct SyncCursors: Sendable, Hashable, Codable {
    /// The last local row id of each kind that the central store has (pushed and committed).
    public var pushedPunch: Int64 = 0
    public var pushedCorrection: Int64 = 0
    public var pushedAudit: Int64 = 0
    /// The last history link the central store has (nil before the first: stores synced before
    /// the chain existed have no such mark).
    public var pushedLink: Int64?
    /// The last change to a request made here that the central store has (nil before the first:
    /// stores synced before requests travelled have no such mark).
    public var pushedRequest: Int64?
    /// The last central change number of each kind that this store has applied.
    public var pulled: [String: Int64] = [:]
    public init() {}
}
