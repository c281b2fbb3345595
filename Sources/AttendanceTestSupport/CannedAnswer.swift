import AttendanceCore
import AttendanceWiFi
import CNetlink

/// The kernel's whole answer to one request: the datagrams it delivers, in order, each a list
/// of messages that arrive in one receive.
public struct CannedAnswer: Sendable, Hashable {
    /// The datagrams, each a list of messages delivered by one receive.
    public let receives: [[CannedMessage]]

    /// An answer of exactly these datagrams, for replies the helpers below do not build.
    public init(receives: [[CannedMessage]]) { self.receives = receives }

    /// A dump: `messages` flagged NLM_F_MULTI, `perReceive` to a datagram, and NLMSG_DONE after
    /// the last one. `interrupted` sets NLM_F_DUMP_INTR, as the kernel does when the list
    /// changed while it was being dumped.
    public static func dump(
        _ messages: [CannedMessage], perReceive: Int = 16, interrupted: Bool = false
    ) throws(WiFiError) -> CannedAnswer {
        let flags = NLM_F_MULTI | (interrupted ? NLM_F_DUMP_INTR : 0)
        let flagged = messages.map { $0.adding(flags: UInt16(flags)) }
        let done = CannedMessage(
            encoded: try CannedEncoder.done(code: 0, flags: interrupted ? NLM_F_DUMP_INTR : 0))
        var receives = stride(from: 0, to: flagged.count, by: max(1, perReceive)).map {
            Array(flagged[$0..<min($0 + max(1, perReceive), flagged.count)])
        }
        if receives.isEmpty { receives = [[]] }
        receives[receives.count - 1].append(done)
        return CannedAnswer(receives: receives)
    }

    /// A single reply followed by the ACK libnl asks for, each in its own datagram as the
    /// kernel sends them.
    public static func reply(_ message: CannedMessage) throws(WiFiError) -> CannedAnswer {
        CannedAnswer(receives: [[message], [CannedMessage(encoded: try CannedEncoder.error(code: 0))]])
    }

    /// The request refused with `errno` in an NLMSG_ERROR, with the kernel's text as an
    /// extended ack when given.
    public static func error(errno: Int32, message: String? = nil) throws(WiFiError) -> CannedAnswer {
        CannedAnswer(receives: [[CannedMessage(encoded: try CannedEncoder.error(code: errno, message: message))]])
    }

    /// A dump that fails: NLMSG_DONE carrying `-errno`, as the kernel ends a dump whose callback
    /// failed, with the text as an extended ack when given.
    public static func dumpError(errno: Int32, message: String? = nil) throws(WiFiError) -> CannedAnswer {
        CannedAnswer(receives: [[CannedMessage(encoded: try CannedEncoder.done(code: errno, message: message))]])
    }

    /// No answer at all: the reader's receive times out.
    public static let silence = CannedAnswer(receives: [])
}
