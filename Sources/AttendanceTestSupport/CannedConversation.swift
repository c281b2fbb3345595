// A canned kernel in the kernel's place behind libnl's own pipeline: the `NetlinkPeer` that
// `NL80211LinkReader` talks to in tests and benchmarks.

import AttendanceCore
import AttendanceWiFi
import CNetlink
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

extension NL80211LinkReader {
    /// A reader whose every reading talks to `kernel` through libnl's own pipeline.
    public init(interface: InterfaceName?, replaying kernel: CannedKernel) {
        self.init(interface: interface, transport: .peer({ CannedConversation(kernel: kernel) }))
    }
}

/// One reading's conversation with a canned kernel: the requests it was sent, the datagrams
/// it still has to deliver. A new one per socket, so every reading starts the script afresh.
final class CannedConversation: NetlinkPeer, @unchecked Sendable {
    private struct State {
        /// Receive buffers queued by the last request, delivered one per recv.
        var pending: [[UInt8]] = []
        /// How many answers of each command have been used, so a script can change between requests.
        var used: [NL80211Command: Int] = [:]
    }

    let kernel: CannedKernel
    private let state = Mutex(State())

    init(kernel: CannedKernel) { self.kernel = kernel }

    func take(request bytes: [UInt8]) -> Bool {
        guard let request = SentRequest(bytes) else { return false }
        state.withLock { state in
            state.pending = answer(request, used: &state.used)
        }
        return true
    }

    func nextDatagram() -> [UInt8]? {
        state.withLock { state in state.pending.isEmpty ? nil : state.pending.removeFirst() }
    }
}

private let headerLength = MemoryLayout<nlmsghdr>.size

/// A request as the canned kernel sees it after libnl completed it (port, sequence, flags).
private struct SentRequest {
    var header: [UInt8]
    var type: UInt16
    var flags: UInt16
    var sequence: UInt32
    var port: UInt32
    var command: UInt8 = 0
    var attributes: NetlinkAttributes?

    init?(_ bytes: [UInt8]) {
        guard bytes.count >= headerLength else { return nil }
        let parsed: (nlmsghdr, UInt8, NetlinkAttributes?) = bytes.withUnsafeBytes { raw in
            let header = raw.loadUnaligned(as: nlmsghdr.self)
            guard let base = raw.baseAddress else { return (header, 0, nil) }
            let message = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: nlmsghdr.self))
            guard genlmsg_valid_hdr(message, 0) != 0, let genericHeader = genlmsg_hdr(message),
                let data = genlmsg_attrdata(genericHeader, 0)
            else { return (header, 0, nil) }
            let count = Int(max(0, genlmsg_attrlen(genericHeader, 0)))
            let attributes = try? NetlinkAttributes(
                walking: Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: count)))
            return (header, genericHeader.pointee.cmd, attributes)
        }
        header = Array(bytes.prefix(headerLength))
        type = parsed.0.nlmsg_type
        flags = parsed.0.nlmsg_flags
        sequence = parsed.0.nlmsg_seq
        port = parsed.0.nlmsg_pid
        command = parsed.1
        attributes = parsed.2
    }
}

extension CannedConversation {
    /// The datagrams the canned kernel sends back for `request`, stamped with its sequence
    /// number and port so libnl's checks treat them as the kernel's.
    fileprivate func answer(_ request: SentRequest, used: inout [NL80211Command: Int]) -> [[UInt8]] {
        let receives: [[CannedMessage]]
        if request.type == UInt16(GENL_ID_CTRL) {
            kernel.record(.resolveFamily(request.attributes?.string(controlFamilyName) ?? ""))
            receives = familyAnswer(request)
        } else if case .registered(let id) = kernel.nl80211, request.type == id,
            let command = NL80211Command(number: request.command)
        {
            kernel.record(
                .nl80211(
                    command, dump: Int32(request.flags) & NLM_F_DUMP == NLM_F_DUMP,
                    interfaceIndex: try? request.attributes?.u32(NL80211Keys.interfaceIndex),
                    mac: request.attributes?.payload(NL80211Keys.mac).flatMap { BSSID(bytes: Array($0)) }))
            let script = kernel.answers[command] ?? []
            let index = used[command, default: 0]
            used[command] = index + 1
            if let answer = script.isEmpty ? nil : script[min(index, script.count - 1)] {
                receives = answer.receives
            } else {
                receives = Self.single(try? .error(errno: EOPNOTSUPP, message: "the canned kernel has no answer"))
            }
        } else {
            kernel.record(.other(type: request.type, command: request.command))
            receives = Self.single(try? .error(errno: EINVAL, message: nil))
        }
        let familyID: UInt16 = if case .registered(let id) = kernel.nl80211 { id } else { 0 }
        return receives.map { messages in
            messages.flatMap { $0.stamped(for: request, familyID: familyID) }
        }
    }

    /// The controller's answer: the family and an ACK, or ENOENT as a kernel without cfg80211 gives.
    private func familyAnswer(_ request: SentRequest) -> [[CannedMessage]] {
        let name = request.attributes?.string(controlFamilyName) ?? ""
        guard request.command == UInt8(CTRL_CMD_GETFAMILY), name == "nl80211",
            case .registered(let id) = kernel.nl80211,
            let reply = try? CannedEncoder.familyReply(id: id, name: name), let ack = try? CannedEncoder.error(code: 0)
        else {
            return Self.single(try? .error(errno: ENOENT, message: nil))
        }
        return [[CannedMessage(encoded: reply, carriesFamilyType: false)], [CannedMessage(encoded: ack)]]
    }

    private static func single(_ answer: CannedAnswer?) -> [[CannedMessage]] { answer?.receives ?? [] }
}

private let controlFamilyName = AttributeKey(UInt32(CTRL_ATTR_FAMILY_NAME), "CTRL_ATTR_FAMILY_NAME")

extension CannedMessage {
    /// The bytes as delivered for `request`: its sequence number and port, the family id in the
    /// type where the message is nl80211's, and an error's echoed header.
    fileprivate func stamped(for request: SentRequest, familyID: UInt16) -> [UInt8] {
        var bytes = encoded
        guard bytes.count >= headerLength else { return bytes }
        bytes.withUnsafeMutableBytes { raw in
            if carriesFamilyType { raw.storeBytes(of: familyID, toByteOffset: 4, as: UInt16.self) }
            raw.storeBytes(of: request.sequence, toByteOffset: 8, as: UInt32.self)
            raw.storeBytes(of: request.port, toByteOffset: 12, as: UInt32.self)
            let isError = raw.loadUnaligned(fromByteOffset: 4, as: UInt16.self) == UInt16(NLMSG_ERROR)
            let echoAt = headerLength + MemoryLayout<Int32>.size
            if isError, raw.count >= echoAt + headerLength {
                for (index, byte) in request.header.enumerated() { raw[echoAt + index] = byte }
            }
        }
        return bytes
    }
}
