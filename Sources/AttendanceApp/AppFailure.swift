/// A service of the application layer refusing what it was asked, in words a person can act on,
/// and what kind of refusal it is, so that each front-end reports it its own way (an exit
/// status, an HTTP status, a line on the kiosk's screen).
package struct AppFailure: Error, Sendable, CustomStringConvertible {
    package enum Kind: Sendable {
        /// What was asked is not acceptable as given (a PIN of letters, a missing setting).
        case badRequest
        /// A file the service needs is missing, damaged or unreadable (the PIN pepper).
        case files
    }

    package let message: String
    package let kind: Kind

    package init(_ message: String, kind: Kind = .badRequest) {
        self.message = message
        self.kind = kind
    }

    package var description: String { message }
}
