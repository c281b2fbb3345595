import AttendanceApp
import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceStore
import Hummingbird

/// A request the console answers with an error page: the status and the sentence to show.
struct WebFailure: Error {
    let status: HTTPResponse.Status
    let message: String

    static func badRequest(_ message: String) -> WebFailure { WebFailure(status: .badRequest, message: message) }
    // In the words of the request being answered (``Console/words``).
    static var notFound: WebFailure {
        WebFailure(status: .notFound, message: Console.words.tr("There is no such page."))
    }
    static var forbidden: WebFailure {
        WebFailure(
            status: .forbidden,
            message: Console.words.tr("Your account may look but not change: ask a manager to make this change."))
    }
    static var staleForm: WebFailure {
        WebFailure(
            status: .forbidden,
            message: Console.words.tr(
                "This form is out of date or did not come from this console (its security token does not match). Nothing was changed; open the page again and send it from there."
            ))
    }

    /// How a refusal from below reads on a page. A busy store is "try again"; a rule's refusal,
    /// a bad value or a missing record is the request's to mend; anything else is the store's.
    static func from(_ error: any Error) -> WebFailure {
        let words = Console.words
        switch error {
        case let failure as WebFailure: return failure
        case let failure as AppFailure:
            // A file the service needs (the PIN pepper) is the server's to mend, not the request's.
            return failure.kind == .files
                ? WebFailure(
                    status: .internalServerError,
                    message: words.tr("{reason}; nothing was changed.", ["reason": failure.worded(words)]))
                : .badRequest(failure.worded(words))
        case is CoreError, is CorrectionError, is EmploymentError: return .badRequest(words.sentence(for: error))
        case let error as StoreError:
            switch error {
            case .busy:
                return WebFailure(
                    status: .serviceUnavailable,
                    message: words.tr(
                        "The attendance store is busy (the kiosk or another manager is writing). Nothing was saved — try again in a moment."
                    ))
            case _ where error.isAboutNamedRecord: return .badRequest(error.worded(words))
            default: return WebFailure(status: .internalServerError, message: error.worded(words))
            }
        case let error as DocumentError:
            return WebFailure(
                status: .internalServerError,
                message: words.tr("The document could not be made: {reason}", ["reason": "\(error)"]))
        default:
            return WebFailure(
                status: .internalServerError, message: words.tr("Something went wrong; nothing was saved."))
        }
    }
}
