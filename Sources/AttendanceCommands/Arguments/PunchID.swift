import ArgumentParser
import AttendanceCore

/// A punch's id as typed after `punch void`, `restore` and `retime`: a positive whole number, the
/// number `attendance punch list` shows.
struct PunchID: ExpressibleByArgument, Hashable, CustomStringConvertible {
    let rawValue: Int64

    init(parsing text: String) throws(CoreError) {
        guard let id = Int64(text), id > 0 else {
            throw .invalidValue(
                what: Phrase("punch id"), value: text, expected: Phrase("a punch's number from `attendance punch list`")
            )
        }
        rawValue = id
    }

    init?(argument: String) {
        guard let value = parsedArgument(argument, PunchID.init(parsing:)) else { return nil }
        self = value
    }

    var description: String { String(rawValue) }
}

/// The punches `punch void` and `restore` correct together.
struct PunchIDs: ParsableArguments {
    @Argument(
        help: .tr(
            "The punches' ids, from `attendance punch list`. Several are corrected as one: all or none.",
            valueName: "id"))
    var ids: [PunchID]
}
