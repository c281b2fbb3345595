/// The nl80211 commands the reader sends.
public enum NL80211Command: Sendable, Hashable, CaseIterable {
    /// `NL80211_CMD_GET_INTERFACE`, dumped: the WiFi interfaces.
    case getInterface
    /// `NL80211_CMD_GET_SCAN`, dumped for one interface: the BSSes it knows.
    case getScan
    /// `NL80211_CMD_GET_STATION` for one MAC: the link's signal.
    case getStation
}

extension NL80211Command {
    /// The command's number in `enum nl80211_commands`.
    package var number: UInt8 {
        switch self {
        case .getInterface: NL80211Commands.getInterface
        case .getScan: NL80211Commands.getScan
        case .getStation: NL80211Commands.getStation
        }
    }

    package init?(number: UInt8) {
        guard let command = Self.allCases.first(where: { $0.number == number }) else { return nil }
        self = command
    }
}
