// The C boundary of the WiFi reader: the only file that calls nl_*, genl_*, nla_* and nlmsg_*.
//
// Everything that leaves this file is a Swift value: attribute tables copied out of libnl's
// buffers, errors as `WiFiError`. libnl's own receive pipeline (nl_recvmsgs: sequence checks,
// multipart handling, NLM_F_DUMP_INTR, error dispatch) runs for real kernel sockets and for a
// `NetlinkPeer` in the kernel's place alike; only the bytes' origin differs.

import AttendanceCore
import CNetlink
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

// MARK: - Attributes as Swift values

/// A netlink attribute number together with the name used when it is missing or malformed.
package struct AttributeKey: Sendable {
    package let number: UInt16
    package let name: String

    package init(_ number: UInt32, _ name: String) {
        self.number = UInt16(truncatingIfNeeded: number)
        self.name = name
    }
}

/// Why a reply could not be understood; the caller adds what it was asking for.
package struct MalformedReply: Error, Sendable {
    package var detail: String
}

/// The attributes of one message (or of one nested attribute), walked once with nla_ok/nla_next.
///
/// The walk refuses leftovers: libnl's own nla_parse quietly ignores an attribute whose length
/// runs past the end, and a truncated BSS must be an error rather than a missing field.
package struct NetlinkAttributes: Sendable {
    private let bytes: [UInt8]
    private let entries: [(type: UInt16, payload: Range<Int>)]

    /// Walks `bytes`, a stream of attributes; throws when one of them does not fit.
    package init(walking bytes: [UInt8]) throws(MalformedReply) {
        var entries: [(type: UInt16, payload: Range<Int>)] = []
        var failure: MalformedReply?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            var remaining = Int32(clamping: buffer.count)
            var attribute: UnsafePointer<nlattr>? = base.assumingMemoryBound(to: nlattr.self)
            while let current = attribute, nla_ok(current, remaining) != 0 {
                let start = UnsafeRawPointer(nla_data(current)) - base
                entries.append((UInt16(truncatingIfNeeded: nla_type(current)), start..<start + Int(nla_len(current))))
                attribute = UnsafePointer(nla_next(current, &remaining))
            }
            // nla_next may step past the end by the last attribute's padding; only real leftovers count.
            guard remaining > 0, let current = attribute else { return }
            let offset = UnsafeRawPointer(current) - base
            if remaining < MemoryLayout<nlattr>.size {
                failure = MalformedReply(
                    detail: "\(remaining) stray bytes after the last attribute at offset \(offset)")
            } else {
                let claimed = Int(current.pointee.nla_len)
                let type = nla_type(current)
                failure = MalformedReply(
                    detail: claimed < MemoryLayout<nlattr>.size
                        ? "attribute \(type) at offset \(offset) claims an impossible length of \(claimed) bytes"
                        : "attribute \(type) at offset \(offset) claims \(claimed) bytes but only \(remaining) remain")
            }
        }
        if let failure { throw failure }
        self.bytes = bytes
        self.entries = entries
    }

    /// The payload of the first attribute of that type, when present.
    package func payload(_ key: AttributeKey) -> ArraySlice<UInt8>? {
        entries.first { $0.type == key.number }.map { bytes[$0.payload] }
    }

    package func u8(_ key: AttributeKey) throws(MalformedReply) -> UInt8? { try scalar(key, as: UInt8.self) }
    package func u32(_ key: AttributeKey) throws(MalformedReply) -> UInt32? { try scalar(key, as: UInt32.self) }
    package func s32(_ key: AttributeKey) throws(MalformedReply) -> Int32? { try scalar(key, as: Int32.self) }

    /// A NUL-terminated string attribute; the terminator (and anything after it) is dropped.
    package func string(_ key: AttributeKey) -> String? {
        payload(key).map { payload in String(decoding: payload.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The attributes nested inside `key`; errors name the enclosing attribute.
    package func nested(_ key: AttributeKey) throws(MalformedReply) -> NetlinkAttributes? {
        guard let payload = payload(key) else { return nil }
        do {
            return try NetlinkAttributes(walking: Array(payload))
        } catch {
            throw MalformedReply(detail: "in \(key.name): \(error.detail)")
        }
    }

    /// A fixed-size scalar in host byte order, as netlink carries them; any other size is an error.
    private func scalar<T: FixedWidthInteger>(_ key: AttributeKey, as type: T.Type) throws(MalformedReply) -> T? {
        guard let payload = payload(key) else { return nil }
        guard payload.count == MemoryLayout<T>.size else {
            throw MalformedReply(detail: "\(key.name) has \(payload.count) bytes, expected \(MemoryLayout<T>.size)")
        }
        return payload.withUnsafeBytes { $0.loadUnaligned(as: T.self) }
    }
}

// MARK: - Requests

/// One generic netlink request as Swift describes it, before it becomes an nl_msg.
package struct NetlinkRequest: Sendable {
    enum Attribute: Sendable {
        case u32(AttributeKey, UInt32)
        case bytes(AttributeKey, [UInt8])
    }

    var command: UInt8
    var isDump: Bool
    var attributes: [Attribute]
    /// What the request is for, worded to finish "the kernel refused to …".
    var action: String
}

/// What came back for one request: the data messages' attributes, in order.
struct NetlinkReply: Sendable {
    var messages: [NetlinkAttributes]
}

// MARK: - The session

/// One conversation with the kernel's generic netlink: one socket, one thread, closed when dropped.
///
/// Sockets are never shared: libnl's sequence numbers and the socket's receive queue belong to
/// one caller, so every reading opens its own session.
final class NetlinkSession {
    /// "An interrupted dump is retried up to 3 times": one attempt and three retries.
    static let dumpAttempts = 4
    /// No receive may block longer than this (docs/rules.md: a punch waits on the reading).
    static let receiveTimeoutSeconds = 1

    private let socket: OpaquePointer
    private let hasPeer: Bool

    /// Opens a socket to the kernel, or to `peer` in its place.
    init(peer: (any NetlinkPeer)?) throws(WiFiError) {
        guard let socket = nl_socket_alloc() else {
            throw Self.outOfMemory("allocate a netlink socket")
        }
        self.socket = socket
        self.hasPeer = peer != nil
        // From here on deinit frees the socket (and forgets the peer) if setup throws.
        if let peer {
            try install(peer)
        } else {
            try connectToKernel()
        }
    }

    deinit {
        if hasPeer {
            let key = UInt(bitPattern: socket)
            peers.withLock { _ = $0.removeValue(forKey: key) }
        }
        nl_socket_free(socket)
    }

    /// The generic netlink id of nl80211, asked of the controller through genl_ctrl_resolve.
    func resolveNL80211() throws(WiFiError) -> UInt16 {
        let result = genl_ctrl_resolve(socket, "nl80211")
        // genl_ctrl_resolve reports every failure of its lookup as -NLE_OBJ_NOTFOUND; a kernel
        // without cfg80211 answers the lookup with ENOENT, which is that code too.
        if result == -NLE_OBJ_NOTFOUND { throw .nl80211Unavailable }
        guard result > 0, let id = UInt16(exactly: result) else {
            throw Self.failure(result, action: "look up the nl80211 family")
        }
        return id
    }

    /// Sends `request` to `family` and collects its answer; a dump interrupted by a change in
    /// the kernel's list is asked again, up to `dumpAttempts` times in all.
    func perform(_ request: NetlinkRequest, family: UInt16) throws(WiFiError) -> NetlinkReply {
        var attempt = 1
        while true {
            if let reply = try exchange(request, family: family) { return reply }
            guard attempt < Self.dumpAttempts else {
                throw .dumpInterrupted(action: request.action, attempts: attempt)
            }
            attempt += 1
        }
    }

    // MARK: Setup

    private func connectToKernel() throws(WiFiError) {
        let connected = genl_connect(socket)
        guard connected >= 0 else { throw Self.failure(connected, action: "open a generic netlink socket") }
        let fd = nl_socket_get_fd(socket)
        var timeout = timeval(tv_sec: Self.receiveTimeoutSeconds, tv_usec: 0)
        let timeoutSize = socklen_t(MemoryLayout<timeval>.size)
        guard setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, timeoutSize) == 0,
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, timeoutSize) == 0
        else {
            throw Self.failure(-nl_syserr2nlerr(errno), action: "set a timeout on the netlink socket")
        }
        // Extended acks carry the kernel's own error text; capped acks skip echoing our request.
        // Kernels older than 4.12 lack both and simply answer without text, so failures are fine.
        var on: Int32 = 1
        _ = setsockopt(fd, SOL_NETLINK, NETLINK_EXT_ACK, &on, socklen_t(MemoryLayout<Int32>.size))
        _ = setsockopt(fd, SOL_NETLINK, NETLINK_CAP_ACK, &on, socklen_t(MemoryLayout<Int32>.size))
    }

    /// Routes the socket's sends and receives to `peer`. The overrides go on the socket's own
    /// callback set, because libnl clones that set for every receive, genl_ctrl_resolve included.
    private func install(_ peer: any NetlinkPeer) throws(WiFiError) {
        let key = UInt(bitPattern: socket)
        peers.withLock { $0[key] = peer }
        guard let original = nl_socket_get_cb(socket) else {
            throw Self.outOfMemory("read the socket's callbacks")
        }
        defer { nl_cb_put(original) }
        guard let callbacks = nl_cb_clone(original) else {
            throw Self.outOfMemory("clone the socket's callbacks")
        }
        defer { nl_cb_put(callbacks) }
        nl_cb_overwrite_send(callbacks, peerSend)
        nl_cb_overwrite_recv(callbacks, peerReceive)
        nl_socket_set_cb(socket, callbacks)
    }

    // MARK: One exchange

    /// One request and its whole answer; nil when the kernel flagged the dump as interrupted.
    private func exchange(_ request: NetlinkRequest, family: UInt16) throws(WiFiError) -> NetlinkReply? {
        try send(request, family: family)

        guard let original = nl_socket_get_cb(socket) else {
            throw Self.outOfMemory(request.action)
        }
        defer { nl_cb_put(original) }
        guard let callbacks = nl_cb_clone(original) else {
            throw Self.outOfMemory(request.action)
        }
        defer { nl_cb_put(callbacks) }

        let state = ExchangeState()
        let context = Unmanaged.passUnretained(state).toOpaque()
        nl_cb_set(callbacks, NL_CB_VALID, NL_CB_CUSTOM, receiveValid, context)
        nl_cb_set(callbacks, NL_CB_FINISH, NL_CB_CUSTOM, receiveDone, context)
        nl_cb_set(callbacks, NL_CB_ACK, NL_CB_CUSTOM, receiveAck, context)
        nl_cb_err(callbacks, NL_CB_CUSTOM, receiveError, context)

        var result: Int32 = 0
        withExtendedLifetime(state) {
            // A reply and its ACK arrive as separate datagrams, a dump as several: keep reading
            // until the answer's end (ACK, NLMSG_DONE or an error) has been seen.
            repeat {
                result = nl_recvmsgs_report(socket, callbacks)
            } while result > 0 && !state.finished && state.malformed == nil && state.kernelError == nil
        }

        if let malformed = state.malformed {
            throw .malformedReply(action: request.action, detail: malformed)
        }
        if let kernelError = state.kernelError {
            if kernelError.errno == EPERM || kernelError.errno == EACCES {
                throw .permissionDenied(action: request.action, message: kernelError.message)
            }
            throw .kernelError(action: request.action, errno: kernelError.errno, message: kernelError.message)
        }
        if result == -NLE_DUMP_INTR { return nil }
        if result < 0 { throw Self.failure(result, action: request.action) }
        guard state.finished else {
            // nl_recvmsgs skips a datagram whose first header claims more bytes than arrived.
            throw .malformedReply(action: request.action, detail: "a reply was shorter than its header claims")
        }
        return NetlinkReply(messages: state.messages)
    }

    private func send(_ request: NetlinkRequest, family: UInt16) throws(WiFiError) {
        guard let message = nlmsg_alloc() else {
            throw Self.outOfMemory(request.action)
        }
        defer { nlmsg_free(message) }
        let flags = request.isDump ? NLM_F_DUMP : 0
        guard
            genlmsg_put(message, UInt32(NL_AUTO_PORT), UInt32(NL_AUTO_SEQ), Int32(family), 0, flags, request.command, 0)
                != nil
        else {
            throw Self.outOfMemory(request.action)
        }
        for attribute in request.attributes {
            let put: Int32
            switch attribute {
            case .u32(let key, let value):
                put = nla_put_u32(message, Int32(key.number), value)
            case .bytes(let key, let bytes):
                put = bytes.withUnsafeBytes { nla_put(message, Int32(key.number), Int32(bytes.count), $0.baseAddress) }
            }
            guard put >= 0 else { throw Self.failure(put, action: request.action) }
        }
        let sent = nl_send_auto(socket, message)
        guard sent >= 0 else { throw Self.failure(sent, action: request.action) }
    }

    // MARK: Errors

    /// A libnl error code (negative) as the error a person can act on.
    private static func failure(_ code: Int32, action: String) -> WiFiError {
        switch -code {
        case NLE_AGAIN:
            return .timedOut(action: action)
        case NLE_PERM, NLE_NOACCESS:
            return .permissionDenied(action: action, message: nil)
        case NLE_SEQ_MISMATCH:
            return .malformedReply(action: action, detail: "a reply carried another request's sequence number")
        case NLE_MSG_TRUNC:
            return .malformedReply(action: action, detail: "an error reply was truncated")
        default:
            return .netlink(action: action, code: code, message: libnlText(code))
        }
    }

    /// libnl could not allocate what `action` needs.
    private static func outOfMemory(_ action: String) -> WiFiError {
        .netlink(action: action, code: -NLE_NOMEM, message: libnlText(-NLE_NOMEM))
    }

    private static func libnlText(_ code: Int32) -> String {
        nl_geterror(code).map { String(cString: $0) } ?? "libnl error \(code)"
    }
}

// MARK: - Receive callbacks

/// What the callbacks of one exchange found; reached from C through the `void *arg` context.
private final class ExchangeState {
    var messages: [NetlinkAttributes] = []
    var finished = false
    var malformed: String?
    var kernelError: (errno: Int32, message: String?)?
}

private let headerLength = MemoryLayout<nlmsghdr>.size
private let proceed = Int32(NL_OK.rawValue)
private let stop = Int32(NL_STOP.rawValue)

private func exchangeState(_ context: UnsafeMutableRawPointer?) -> ExchangeState? {
    context.map { Unmanaged<ExchangeState>.fromOpaque($0).takeUnretainedValue() }
}

/// A data message: its generic netlink attributes are copied out and walked.
private func receiveValid(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let state = exchangeState(context), let message, let header = nlmsg_hdr(message) else { return stop }
    guard genlmsg_valid_hdr(header, 0) != 0, let genericHeader = genlmsg_hdr(header),
        let data = genlmsg_attrdata(genericHeader, 0)
    else {
        state.malformed = "a reply is too short for its generic netlink header"
        return stop
    }
    let length = Int(max(0, genlmsg_attrlen(genericHeader, 0)))
    let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(data), count: length))
    do {
        state.messages.append(try NetlinkAttributes(walking: bytes))
        return proceed
    } catch {
        state.malformed = error.detail
        return stop
    }
}

/// NLMSG_DONE ends a dump; a negative number in it is the dump's error (the kernel reports a
/// failing dump there, not in an NLMSG_ERROR), possibly followed by extended-ack attributes.
private func receiveDone(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    guard let state = exchangeState(context), let message, let header = nlmsg_hdr(message) else { return stop }
    state.finished = true
    let payloadLength = Int(nlmsg_datalen(header))
    guard payloadLength >= MemoryLayout<Int32>.size, let payload = nlmsg_data(header) else { return stop }
    let code = UnsafeRawPointer(payload).loadUnaligned(as: Int32.self)
    if code < 0 {
        let tlvOffset = MemoryLayout<Int32>.size
        let text =
            Int32(header.pointee.nlmsg_flags) & NLM_F_ACK_TLVS != 0
            ? extendedAckText(UnsafeRawPointer(payload) + tlvOffset, length: payloadLength - tlvOffset)
            : nil
        state.kernelError = (code == Int32.min ? Int32.max : -code, text)
    }
    return stop
}

private func receiveAck(_ message: OpaquePointer?, _ context: UnsafeMutableRawPointer?) -> Int32 {
    exchangeState(context)?.finished = true
    return stop
}

/// An NLMSG_ERROR with a non-zero code. libnl hands over only the nlmsgerr; it sits right after
/// the message header in the received message, whose length libnl has already checked.
private func receiveError(
    _ address: UnsafeMutablePointer<sockaddr_nl>?, _ error: UnsafeMutablePointer<nlmsgerr>?,
    _ context: UnsafeMutableRawPointer?
) -> Int32 {
    guard let state = exchangeState(context), let error else { return stop }
    state.finished = true
    let message = UnsafeRawPointer(error) - headerLength
    let header = message.loadUnaligned(as: nlmsghdr.self)
    let code = error.pointee.error
    var text: String?
    if Int32(header.nlmsg_flags) & NLM_F_ACK_TLVS != 0 {
        // The attributes follow the nlmsgerr and, unless the kernel capped it, our echoed request.
        var offset = headerLength + MemoryLayout<nlmsgerr>.size
        if Int32(header.nlmsg_flags) & NLM_F_CAPPED == 0 {
            let echoed = Int(error.pointee.msg.nlmsg_len) - headerLength
            offset += echoed > 0 ? (echoed + 3) & ~3 : 0
        }
        let total = Int(header.nlmsg_len)
        if offset < total { text = extendedAckText(message + offset, length: total - offset) }
    }
    state.kernelError = (code == Int32.min ? Int32.max : -code, text)
    return stop
}

/// NLMSGERR_ATTR_MSG among extended-ack attributes, read no further than `length` bytes.
private func extendedAckText(_ start: UnsafeRawPointer, length: Int) -> String? {
    guard length >= MemoryLayout<nlattr>.size else { return nil }
    var remaining = Int32(clamping: length)
    var attribute: UnsafePointer<nlattr>? = start.assumingMemoryBound(to: nlattr.self)
    while let current = attribute, nla_ok(current, remaining) != 0 {
        if nla_type(current) == Int32(NLMSGERR_ATTR_MSG.rawValue), let data = nla_data(current) {
            let bytes = UnsafeRawBufferPointer(start: data, count: Int(max(0, nla_len(current))))
            return String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        attribute = UnsafePointer(nla_next(current, &remaining))
    }
    return nil
}

// MARK: - A peer in place of the kernel

/// Answers a netlink socket in place of the kernel, behind libnl's own pipeline: libnl still
/// completes each request (port, sequence) and still checks, splits and dispatches each
/// datagram that comes back. Tests and benchmarks put a canned kernel here
/// (`AttendanceTestSupport`); the shipped program only ever talks to the kernel.
package protocol NetlinkPeer: AnyObject, Sendable {
    /// A request as libnl sends it, header included. False refuses it (libnl sees a bad socket).
    func take(request: [UInt8]) -> Bool
    /// The next datagram for the socket, nil when none waits (libnl then sees EAGAIN, as after
    /// SO_RCVTIMEO on a silent kernel). An empty array is a datagram of no bytes.
    func nextDatagram() -> [UInt8]?
}

/// Peers by socket address: libnl's send/recv overrides receive only the socket. Each socket
/// is used by one thread; the lock guards the table.
private let peers = Mutex<[UInt: any NetlinkPeer]>([:])

/// libnl's send, replaced: the whole message goes to the peer.
private func peerSend(_ socket: OpaquePointer?, _ message: OpaquePointer?) -> Int32 {
    guard let socket, let message, let header = nlmsg_hdr(message) else { return -NLE_INVAL }
    let length = Int(header.pointee.nlmsg_len)
    let bytes = Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(header), count: length))
    guard let peer = peers.withLock({ $0[UInt(bitPattern: socket)] }), peer.take(request: bytes) else {
        return -NLE_BAD_SOCK
    }
    return Int32(length)
}

/// libnl's recv, replaced: the peer's next datagram in a malloc'd buffer, which nl_recvmsgs frees.
private func peerReceive(
    _ socket: OpaquePointer?, _ address: UnsafeMutablePointer<sockaddr_nl>?,
    _ buffer: UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?, _ credentials: UnsafeMutablePointer<OpaquePointer?>?
) -> Int32 {
    guard let socket, let buffer else { return -NLE_INVAL }
    guard let peer = peers.withLock({ $0[UInt(bitPattern: socket)] }), let datagram = peer.nextDatagram() else {
        return -NLE_AGAIN
    }
    // nl_recvmsgs frees the buffer only when something arrived: an empty datagram gets none.
    guard !datagram.isEmpty else {
        buffer.pointee = nil
        return 0
    }
    guard let memory = malloc(datagram.count) else { return -NLE_NOMEM }
    datagram.withUnsafeBytes {
        memory.copyMemory(from: $0.baseAddress ?? UnsafeRawPointer(memory), byteCount: $0.count)
    }
    buffer.pointee = memory.assumingMemoryBound(to: UInt8.self)
    if let address {
        address.pointee = sockaddr_nl()
        address.pointee.nl_family = sa_family_t(AF_NETLINK)
    }
    credentials?.pointee = nil
    return Int32(datagram.count)
}
