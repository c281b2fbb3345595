import AttendanceCore

/// A service of the application layer refusing what it was asked, in words a person can act on,
/// and what kind of refusal it is, so that each front-end reports it its own way (an exit
/// status, an HTTP status, a line on the kiosk's screen) and in its reader's language.
package struct AppFailure: WordedError, Sendable {
    package enum Kind: Sendable {
        /// What was asked is not acceptable as given (a PIN of letters, a missing setting).
        case badRequest
        /// A file the service needs is missing, damaged or unreadable (the PIN pepper).
        case files
    }

    /// The sentence, in the language of the `Wording` it is given.
    private let wording: @Sendable (any Wording) -> String
    package let kind: Kind

    /// A refusal worded by `wording`, which says its sentence through `tr` so it is translated.
    package init(kind: Kind = .badRequest, _ wording: @escaping @Sendable (any Wording) -> String) {
        self.wording = wording
        self.kind = kind
    }

    /// The sentence in `words`' language.
    package func worded(_ words: some Wording) -> String { wording(words) }

    /// The sentence in English: for logs and tests.
    package var message: String { worded(EnglishWords()) }

    package var description: String { message }
}
