import ArgumentParser
import AttendanceCore
import Synchronization

/// How a core value is read from the command line: with the value's own `init(parsing:)`, so
/// help, completion and errors come from the parser and `run` receives the typed value.
///
/// The parser only learns that a value was refused; the reason (the BSSID message, the date
/// form) is kept in ``RefusedArguments`` so that `attendance` can report it word for word with
/// status 65, as documented, instead of the parser's generic message and 64.
func parsedArgument<Value>(_ text: String, _ parse: (String) throws(CoreError) -> Value) -> Value? {
    do {
        return try parse(text)
    } catch {
        RefusedArguments.current?.record(error)
        return nil
    }
}

/// The values refused while one command line was parsed, with their reasons.
final class RefusedArguments: Sendable {
    /// Where the values refused by the parse under way are recorded (nil outside one).
    @TaskLocal static var current: RefusedArguments?

    private let refusals = Mutex<[CoreError]>([])

    func record(_ refusal: CoreError) { refusals.withLock { $0.append(refusal) } }

    /// The first value refused: the one the parser stopped at.
    var first: CoreError? { refusals.withLock { $0.first } }
}
