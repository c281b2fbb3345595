import AttendanceCore

#if canImport(Glibc)
    import Glibc
#endif

/// Everything that can stop the kiosk from reading its WiFi link, worded for the person at the kiosk.
///
/// Each case keeps the facts (the interface, the errno, the kernel's own text) so a caller can
/// decide what to do; `description` turns them into one sentence that says what to fix.
public enum WiFiError: WordedError, Equatable, Sendable {
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

    public var description: String { worded(EnglishWords()) }

    /// The sentence in `words`' language; the kernel's and libnl's own texts stay as they sent them.
    public func worded(_ words: some Wording) -> String {
        switch self {
        case .nl80211Unavailable:
            return words.tr("this machine's kernel has no WiFi (nl80211) support", [:])
        case .noWirelessInterface:
            return words.tr("this machine has no WiFi interface; fit a WiFi adapter or load its driver", [:])
        case .interfaceNotFound(let name, let available):
            let known =
                available.isEmpty
                ? words.tr("this machine has no WiFi interface", [:])
                : words.tr("WiFi interfaces here: {names}", ["names": available.joined(separator: ", ")])
            return words.tr(
                "there is no WiFi interface named {name} ({known}); set [wifi] interface to one of them or leave it empty",
                ["name": name.rawValue.quotedForMessage, "known": known])
        case .notAStation(let name, let mode):
            return words.tr(
                "WiFi interface {name} is in {mode} mode, not station (client) mode; the kiosk must join the office network as a client",
                ["name": name.rawValue, "mode": "\(mode)"])
        case .notAssociated(nil):
            return words.tr("no WiFi interface is associated; connect the kiosk to the office network", [:])
        case .notAssociated(let name?):
            return words.tr(
                "WiFi interface {name} is not associated with an access point; connect it to the office network",
                ["name": name])
        case .permissionDenied(let action, let message):
            return words.tr(
                "permission denied when trying to {action}{kernel}; run the kiosk as a user that may query WiFi over netlink",
                ["action": action, "kernel": Self.kernelSays(message, words)])
        case .kernelError(let action, let errno, let message):
            return words.tr(
                "the kernel refused to {action}: {error}{kernel}",
                ["action": action, "error": Self.errnoText(errno), "kernel": Self.kernelSays(message, words)])
        case .timedOut(let action):
            return words.tr(
                "the kernel did not answer within 1 s when asked to {action}; try again", ["action": action])
        case .dumpInterrupted(let action, let attempts):
            return words.tr(
                "the kernel's answer kept changing while trying to {action} ({attempts} attempts); try again",
                ["action": action, "attempts": "\(attempts)"])
        case .malformedReply(let action, let detail):
            return words.tr(
                "the kernel's reply was malformed when trying to {action}: {detail}",
                ["action": action, "detail": detail])
        case .inconsistentLink(let interface, let detail):
            return words.tr(
                "the WiFi link on {interface} changed while it was being read ({detail}); try again",
                ["interface": interface, "detail": detail])
        case .netlink(let action, let code, let message):
            return words.tr(
                "could not {action}: {message} (libnl error {code})",
                ["action": action, "message": message, "code": "\(code)"])
        }
    }

    // MARK: - Wording helpers

    /// The kernel's extended-ack text, quoted because it is not ours and must not steer a terminal.
    private static func kernelSays(_ message: String?, _ words: some Wording) -> String {
        guard let message, !message.isEmpty else { return "" }
        return words.tr(" (the kernel says {message})", ["message": message.quotedForMessage])
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
