import Hummingbird

/// What a refused form sent, written back into its fields when its page is shown again with the
/// reason: the manager mends the one wrong value instead of typing every field again.
struct KeptForm: Sendable {
    /// The `action` of the form that was sent.
    let action: String
    let fields: Form

    /// The refused form while its page is drawn again; nil on every other page.
    @TaskLocal static var current: KeptForm?

    /// Whether the refused form is the one with `action` whose hidden fields are `identity`: a
    /// page may hold one form per punch or per request, each with the same action.
    private static func sent(_ action: String, _ identity: [String: String]) -> Form? {
        guard let kept = current, kept.action == action,
            identity.allSatisfy({ kept.fields[$0.key] == $0.value })
        else { return nil }
        return kept.fields
    }

    /// The text of the input `name` of the form `action`, escaped: what the refused form sent,
    /// else `shown`.
    static func value(
        _ name: String, of action: String, identity: [String: String] = [:], else shown: String = ""
    ) -> String {
        ((sent(action, identity)?[name]) ?? shown).escaped
    }

    /// `" selected"` for the option `value` of the select `name` that the refused form chose, or
    /// when none was refused, for the option that is `chosen` by default.
    static func selected(
        _ name: String, _ value: String, of action: String, identity: [String: String] = [:], chosen: Bool = false
    ) -> String {
        let isChosen = sent(action, identity).map { $0[name] == value } ?? chosen
        return isChosen ? " selected" : ""
    }

    /// `" checked"` for the checkbox `name` that the refused form ticked.
    static func checked(_ name: String, of action: String, identity: [String: String] = [:]) -> String {
        sent(action, identity)?[name] != nil ? " checked" : ""
    }
}

extension Console {
    /// Runs a form's `change` and answers with its page. A refusal of the rules answers with
    /// `page` again: the reason at the top, and what was typed still in its fields. Anything else
    /// (a stale token, a viewer, a busy store) and a page that cannot be drawn answer with the
    /// error page, as before.
    func answering(
        _ action: String, _ form: Form, _ session: ConsoleSession, change: () async throws -> Page,
        again page: () async throws -> Page
    ) async throws -> Response {
        do {
            return respond(session, try await change())
        } catch {
            let failure = WebFailure.from(error)
            guard failure.status == .badRequest,
                var shown = try? await KeptForm.$current.withValue(
                    KeptForm(action: action, fields: form), operation: page)
            else { throw error }
            shown.body = "<p class=\"problem\" role=\"alert\">\(failure.message.escaped)</p>" + shown.body
            return respond(session, shown, status: failure.status)
        }
    }
}
