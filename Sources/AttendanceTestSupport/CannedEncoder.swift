// Canned kernel messages built with libnl's own message builders, so their layout is the
// kernel's: nlmsg_alloc, genlmsg_put, nla_put, nla_nest_start.

import AttendanceCore
import AttendanceWiFi
import CNetlink

/// Builds canned kernel messages the way the kernel lays them out, with nlmsg_alloc,
/// genlmsg_put, nla_put and nla_nest_start, and copies them out as bytes.
enum CannedEncoder {
    /// Room for the largest message a test or benchmark builds (a BSS with big elements).
    private static let messageCapacity = 64 * 1024

    /// An nl80211 message: generic netlink header with `command` and the attributes.
    static func generic(command: UInt8, flags: Int32, attributes: [CannedAttribute]) throws(WiFiError) -> [UInt8] {
        try build { message throws(WiFiError) in
            // The type is stamped at delivery, when the canned kernel's family id is known.
            guard genlmsg_put(message, 0, 0, 0, 0, flags, command, 1) != nil else { throw overflow }
            for attribute in attributes { try put(attribute, into: message) }
        }
    }

    /// NLMSG_ERROR carrying `-code` (0 is an ACK) and, when given, the kernel's text as an
    /// extended ack; capped, so the echoed request is just its header (stamped at delivery).
    static func error(code: Int32, message text: String? = nil) throws(WiFiError) -> [UInt8] {
        try build { message throws(WiFiError) in
            let flags = text == nil ? NLM_F_CAPPED : NLM_F_CAPPED | NLM_F_ACK_TLVS
            guard let header = nlmsg_put(message, 0, 0, NLMSG_ERROR, Int32(MemoryLayout<nlmsgerr>.size), flags),
                let payload = nlmsg_data(header)
            else { throw overflow }
            payload.storeBytes(of: nlmsgerr(error: -code, msg: nlmsghdr()), as: nlmsgerr.self)
            if let text, nla_put_string(message, Int32(NLMSGERR_ATTR_MSG.rawValue), text) < 0 { throw overflow }
        }
    }

    /// NLMSG_DONE ending a dump, carrying `-code` (0 for success) and the kernel's text.
    static func done(code: Int32, flags extra: Int32 = 0, message text: String? = nil) throws(WiFiError) -> [UInt8] {
        try build { message throws(WiFiError) in
            let flags = NLM_F_MULTI | extra | (text == nil ? 0 : NLM_F_ACK_TLVS)
            guard let header = nlmsg_put(message, 0, 0, NLMSG_DONE, Int32(MemoryLayout<Int32>.size), flags),
                let payload = nlmsg_data(header)
            else { throw overflow }
            payload.storeBytes(of: -code, as: Int32.self)
            if let text, nla_put_string(message, Int32(NLMSGERR_ATTR_MSG.rawValue), text) < 0 { throw overflow }
        }
    }

    /// The controller's CTRL_CMD_NEWFAMILY answer to genl_ctrl_resolve.
    static func familyReply(id: UInt16, name: String) throws(WiFiError) -> [UInt8] {
        try build { message throws(WiFiError) in
            guard genlmsg_put(message, 0, 0, GENL_ID_CTRL, 0, 0, UInt8(CTRL_CMD_NEWFAMILY), 2) != nil,
                nla_put_string(message, Int32(CTRL_ATTR_FAMILY_NAME), name) >= 0,
                nla_put_u16(message, Int32(CTRL_ATTR_FAMILY_ID), id) >= 0
            else { throw overflow }
        }
    }

    private static let overflow = WiFiError.netlink(
        action: "build a canned reply", code: -NLE_NOMEM, message: "the message does not fit in 64 KiB")

    private static func build(_ fill: (OpaquePointer) throws(WiFiError) -> Void) throws(WiFiError) -> [UInt8] {
        guard let message = nlmsg_alloc_size(messageCapacity) else { throw overflow }
        defer { nlmsg_free(message) }
        try fill(message)
        guard let header = nlmsg_hdr(message) else { throw overflow }
        return Array(UnsafeRawBufferPointer(start: UnsafeRawPointer(header), count: Int(header.pointee.nlmsg_len)))
    }

    private static func put(_ attribute: CannedAttribute, into message: OpaquePointer) throws(WiFiError) {
        let result: Int32
        switch attribute {
        case .bytes(let type, let bytes):
            result = bytes.withUnsafeBytes { nla_put(message, Int32(type), Int32(bytes.count), $0.baseAddress) }
        case .u8(let type, let value):
            result = nla_put_u8(message, Int32(type), value)
        case .u16(let type, let value):
            result = nla_put_u16(message, Int32(type), value)
        case .u32(let type, let value):
            result = nla_put_u32(message, Int32(type), value)
        case .s32(let type, let value):
            result = nla_put_u32(message, Int32(type), UInt32(bitPattern: value))
        case .string(let type, let text):
            result = nla_put_string(message, Int32(type), text)
        case .nested(let type, let children):
            guard let nest = nla_nest_start(message, Int32(type)) else { throw overflow }
            for child in children { try put(child, into: message) }
            result = nla_nest_end(message, nest)
        }
        guard result >= 0 else { throw overflow }
    }
}
