import ArgumentParser
import AttendanceCore

/// Free text typed on the command line (a location, a reason), read by the rules of
/// `FreeText`; a refusal names the text by ``what`` ("invalid location …") and keeps its own message.
protocol FreeTextArgument: ExpressibleByArgument {
    /// What the text is, as a refusal names it.
    static var what: Phrase { get }
    var text: FreeText { get }
    init(text: FreeText)
}

extension FreeTextArgument {
    init?(argument: String) {
        let parse = { (text: String) throws(CoreError) in try FreeText(parsing: text, what: Self.what) }
        guard let text = parsedArgument(argument, parse) else { return nil }
        self.init(text: text)
    }

    /// The text as checked: trimmed of surrounding white space.
    var rawValue: String { text.rawValue }
}

/// Where an access point is, `wifi allow --location`.
struct LocationText: FreeTextArgument {
    static let what = Phrase("location")
    let text: FreeText
}

/// Why leave is taken, `leave add --reason`.
struct LeaveReason: FreeTextArgument {
    static let what = Phrase("reason")
    let text: FreeText
}
