import AttendanceApp
import AttendanceTerminal

/// The kiosk's form for an employee whose PIN is one-time (handed out on a slip): their own new
/// PIN, typed twice and shown masked, before their menu. Only digits get in, as at the PIN prompt.
struct KioskNewPIN: Equatable {
    /// The PIN typed the first time, once it was taken; nil while it is being typed.
    private(set) var first: String?
    /// What is being typed now.
    private(set) var typed = ""
    /// Why the last PIN typed was not taken, already worded.
    var problem: String?

    /// Whether the PIN is being typed the second time.
    var isAgain: Bool { first != nil }

    /// What a key did to the form.
    enum Outcome: Equatable {
        case stay
        case cancel
        /// The first PIN is not one a PIN may be (``PINHasher/validate(_:)``: 4–8 digits).
        case notAPIN
        /// The two PINs differ; the form starts again.
        case differ
        /// Typed twice alike: this is the new PIN.
        case chosen(String)
    }

    mutating func handle(_ key: Key) -> Outcome {
        if Self.edit(&typed, with: key) { return .stay }
        switch key {
        case .escape:
            return .cancel
        case .enter:
            guard !typed.isEmpty else { return .stay }
            let pin = typed
            typed = ""
            guard let first else {
                guard (try? PINHasher.validate(pin)) != nil else { return .notAPIN }
                self.first = pin
                problem = nil
                return .stay
            }
            self.first = nil
            return pin == first ? .chosen(pin) : .differ
        default:
            return .stay
        }
    }

    /// Starts again from the first PIN, saying why.
    mutating func restart(because problem: String) {
        first = nil
        typed = ""
        self.problem = problem
    }

    /// Types `key` into a PIN being typed (a digit, up to the longest PIN, or a deletion);
    /// whether it was such a key. The PIN prompt types with it too.
    static func edit(_ pin: inout String, with key: Key) -> Bool {
        switch key {
        case .character(let c) where c.isASCII && c.isNumber:
            if pin.count < KioskController.maxPINLength { pin.append(c) }
        case .backspace, .delete:
            if !pin.isEmpty { pin.removeLast() }
        default:
            return false
        }
        return true
    }
}
