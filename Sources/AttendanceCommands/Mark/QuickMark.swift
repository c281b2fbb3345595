/// The short way into `attendance mark` for the one form a badge reader or a script sends:
/// `mark in|out CODE`, with `--config PATH`, `--store PATH` or `--note TEXT` (each at most once).
///
/// ArgumentParser stays the definition of every command line. Before it parses anything it
/// reflects over the command types, and each first cast of a property's type scans the binary's
/// protocol conformances: more than half of a one-shot mark's instructions (BENCHMARKS.md). This
/// route fills in the same `MarkCommand` directly, and gives up (nil) on anything else — any other
/// word that starts with "-", `--name=value`, a repeated option, a missing value, an empty word —
/// which then goes to ArgumentParser exactly as before, errors and help included.
/// `QuickMarkTests` checks over thousands of command lines that whatever this route takes,
/// ArgumentParser takes the same way, and that it leaves none of the command's fields unset.
extension MarkCommand {
    static func quick(_ arguments: [String]) -> MarkCommand? {
        guard arguments.first == "mark" else { return nil }
        var positionals: [String] = []
        var options: [String: String] = [:]
        var index = 1
        while index < arguments.count {
            let word = arguments[index]
            guard !word.isEmpty else { return nil }
            if word.hasPrefix("-") {
                guard ["--config", "--store", "--note"].contains(word), options[word] == nil,
                    index + 1 < arguments.count
                else { return nil }
                let value = arguments[index + 1]
                guard !value.isEmpty, !value.hasPrefix("-") else { return nil }
                options[word] = value
                index += 2
            } else {
                positionals.append(word)
                index += 1
            }
        }
        guard positionals.count == 2, let direction = Direction(rawValue: positionals[0]) else { return nil }
        var global = GlobalOptions()
        global.config = options["--config"]
        global.store = options["--store"]
        var link = LinkSourceOptions()
        link.simulateWifi = nil
        link.interface = nil
        var command = MarkCommand()
        command.global = global
        command.link = link
        command.direction = direction
        command.code = positionals[1]
        command.note = options["--note"]
        return command
    }
}
