import AttendanceCore

#if canImport(Glibc)
    import Glibc
#endif

/// Everything that can stop the kiosk from reading its WiFi link, worded for the person at the kiosk.
///
/// Each case keeps the facts (the interface, the errno, the kernel's own text) so a caller can
/// decide what to do; `description` turns them into one sentence that says what to fix.
public enum WiFiError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The kernel has no nl80211 generic netlink family: `genl_ctrl_resolve` gave -NLE_OBJ_NOTFOUND.
    case nl80211Unavailable
    /// nl80211 exists but lists no WiFi interface at all.
    case noWirelessInterface
    /// The configured interface is not one of the kernel's WiFi interfaces (`available` lists those).
    case interfaceNotFound(InterfaceName, available: [String])
    /// The configured interface is a WiFi interface in another mode than station (client).
    case notAStation(InterfaceName, mode: NL80211InterfaceType)
    /// No access point is associated: on `interface` when one was named, otherwise on any station.
    case notAssociated(interface: String?)
    /// The system or the kernel refused access while trying to `action` (its text, when it sent one).
    case permissionDenied(action: String, message: String?)
    /// The kernel refused a request with `errno`, and its own explanation when it sent one.
    case kernelError(action: String, errno: Int32, message: String?)
    /// Nothing arrived within the one-second receive timeout.
    case timedOut(action: String)
    /// A dump was interrupted (NLM_F_DUMP_INTR) on every attempt: the list kept changing.
    case dumpInterrupted(action: String, attempts: Int)
    /// A reply whose bytes do not add up; `detail` says which part.
    case malformedReply(action: String, detail: String)
    /// Two parts of one reading disagree, so the link probably changed while it was read.
    case inconsistentLink(interface: String, detail: String)
    /// libnl itself failed before the kernel was involved (memory, socket); its own text.
    case netlink(action: String, code: Int32, message: String)

    public var description: String {
        switch self {
        case .nl80211Unavailable:
            return "this machine's kernel has no WiFi (nl80211) support"
        case .noWirelessInterface:
            return "this machine has no WiFi interface; fit a WiFi adapter or load its driver"
        case .interfaceNotFound(let name, let available):
            let known =
                available.isEmpty
                ? "this machine has no WiFi interface"
                : "WiFi interfaces here: " + available.joined(separator: ", ")
            return "there is no WiFi interface named \(name.rawValue.quotedForMessage) (\(known)); "
                + "set [wifi] interface to one of them or leave it empty"
        case .notAStation(let name, let mode):
            return "WiFi interface \(name.rawValue) is in \(mode) mode, not station (client) mode; "
                + "the kiosk must join the office network as a client"
        case .notAssociated(nil):
            return "no WiFi interface is associated; connect the kiosk to the office network"
        case .notAssociated(let name?):
            return "WiFi interface \(name) is not associated with an access point; connect it to the office network"
        case .permissionDenied(let action, let message):
            return "permission denied when trying to \(action)\(Self.kernelSays(message)); "
                + "run the kiosk as a user that may query WiFi over netlink"
        case .kernelError(let action, let errno, let message):
            return "the kernel refused to \(action): \(Self.errnoText(errno))\(Self.kernelSays(message))"
        case .timedOut(let action):
            return "the kernel did not answer within 1 s when asked to \(action); try again"
        case .dumpInterrupted(let action, let attempts):
            return "the kernel's answer kept changing while trying to \(action) (\(attempts) attempts); try again"
        case .malformedReply(let action, let detail):
            return "the kernel's reply was malformed when trying to \(action): \(detail)"
        case .inconsistentLink(let interface, let detail):
            return "the WiFi link on \(interface) changed while it was being read (\(detail)); try again"
        case .netlink(let action, let code, let message):
            return "could not \(action): \(message) (libnl error \(code))"
        }
    }

    // MARK: - Wording helpers

    /// The kernel's extended-ack text, quoted because it is not ours and must not steer a terminal.
    private static func kernelSays(_ message: String?) -> String {
        guard let message, !message.isEmpty else { return "" }
        return " (the kernel says \(message.quotedForMessage))"
    }

    private static func errnoText(_ code: Int32) -> String {
        #if canImport(Glibc)
            if let text = strerror(code) {
                return "\(String(cString: text)) (errno \(code))"
            }
        #endif
        return "errno \(code)"
    }
}
