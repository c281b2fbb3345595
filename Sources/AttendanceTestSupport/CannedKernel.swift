import AttendanceCore
import AttendanceWiFi
import Synchronization

/// A pretend kernel for `NL80211LinkReader`: canned replies that travel through libnl's own
/// receive pipeline instead of a socket.
///
/// Each nl80211 command has a list of answers, used one per request in order; the last one
/// answers every further request, so a script can say "interrupted, then fine". Every
/// `currentLink()` call starts the script afresh. The controller answers the nl80211 lookup
/// from `nl80211`: the family with its id, or ENOENT as a kernel without cfg80211 does.
public struct CannedKernel: Sendable {
    /// What the generic netlink controller knows about nl80211.
    public enum Family: Sendable, Hashable {
        /// nl80211 is there under this generic netlink id.
        case registered(id: UInt16)
        /// The kernel has no nl80211: the lookup is answered with ENOENT.
        case missing
    }

    /// How the controller answers the lookup of nl80211.
    public let nl80211: Family
    /// The answers to each command, used in order; the last one repeats.
    public let answers: [NL80211Command: [CannedAnswer]]
    private let log = RequestLog()

    /// A kernel whose nl80211 answers GET_INTERFACE, GET_SCAN and GET_STATION from these lists;
    /// a command without answers is refused with EOPNOTSUPP.
    public init(
        nl80211: Family = .registered(id: 0x1c), interfaces: [CannedAnswer] = [], scan: [CannedAnswer] = [],
        station: [CannedAnswer] = []
    ) {
        self.nl80211 = nl80211
        self.answers = [.getInterface: interfaces, .getScan: scan, .getStation: station]
    }

    /// Every request this kernel has answered, oldest first, across all readers using it.
    public var requests: [CannedRequest] { log.entries.withLock { $0 } }

    func record(_ request: CannedRequest) { log.entries.withLock { $0.append(request) } }
}

/// The requests a canned kernel saw; shared by copies of the kernel, so tests can read it.
private final class RequestLog: Sendable {
    let entries = Mutex<[CannedRequest]>([])
}

/// One request as a canned kernel received it, for tests to check what the reader asked.
public enum CannedRequest: Sendable, Hashable {
    /// `CTRL_CMD_GETFAMILY` for the named family (what genl_ctrl_resolve sends).
    case resolveFamily(String)
    /// An nl80211 command; `interfaceIndex` and `mac` are its NL80211_ATTR_IFINDEX and _MAC.
    case nl80211(NL80211Command, dump: Bool, interfaceIndex: UInt32?, mac: BSSID?)
    /// Anything else, by netlink type and generic netlink command.
    case other(type: UInt16, command: UInt8)
}
