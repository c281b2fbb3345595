/// One attribute of a canned message, by number (the `NL80211_*` constants of linux/nl80211.h).
///
/// Built with the matching `nla_put_*` call, so any size can be given to any number: that is
/// how tests send attributes of the wrong size.
public indirect enum CannedAttribute: Sendable, Hashable {
    /// Raw bytes (`nla_put`).
    case bytes(UInt16, [UInt8])
    /// `nla_put_u8`.
    case u8(UInt16, UInt8)
    /// `nla_put_u16`.
    case u16(UInt16, UInt16)
    /// `nla_put_u32`.
    case u32(UInt16, UInt32)
    /// A signed 32-bit value, put as its bit pattern (`nla_put_u32`), as the kernel does with `nla_put_s32`.
    case s32(UInt16, Int32)
    /// A NUL-terminated string.
    case string(UInt16, String)
    /// Attributes nested in one (`nla_nest_start` / `nla_nest_end`).
    case nested(UInt16, [CannedAttribute])
}
