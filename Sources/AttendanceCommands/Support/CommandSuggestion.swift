import ArgumentParser

/// A command word that names no command (`attendance regster`, `attendance employee ad`), found
/// when the parser refused the line, with the closest command's name when one is close enough.
/// The parser itself only says "Unexpected argument", and suggests options but not commands.
struct CommandSuggestion: Equatable {
    /// The commands typed before the unknown word, then the word: "employee ad".
    let typed: String
    /// The same path with the closest command instead of the word: "employee add"; nil when none is close.
    let suggestion: String?

    /// The unknown command word in `arguments`, read from `root` down its subcommands; nil when
    /// every word before the first option or argument names a command.
    static func find(in arguments: [String], root: ParsableCommand.Type) -> CommandSuggestion? {
        var command = root
        var path: [String] = []
        for word in arguments {
            let subcommands = command.configuration.subcommands
            guard !subcommands.isEmpty, !word.hasPrefix("-") else { return nil }
            // `attendance help COMMAND` is the parser's own.
            if path.isEmpty, word == "help" { return nil }
            if let next = subcommands.first(where: { names(of: $0).contains(word) }) {
                command = next
                path.append(word)
                continue
            }
            // Only names of about the word's length are measured: an argument can be a megabyte long.
            let closest = subcommands.map { $0._commandName }.filter { abs($0.count - word.count) <= 2 }
                .map { (name: $0, distance: word.lowercased().editDistance(to: $0)) }
                .filter { $0.distance <= maximumDistance(for: word) }
                .min { $0.distance < $1.distance }
            // A command with a default subcommand takes other words as that one's arguments:
            // only a near miss of a command's name is one.
            if command.configuration.defaultSubcommand != nil, closest == nil { return nil }
            return CommandSuggestion(
                typed: (path + [word]).joined(separator: " "),
                suggestion: closest.map { (path + [$0.name]).joined(separator: " ") })
        }
        return nil
    }

    /// The message: what was typed, the closest command, where the commands are listed.
    var message: String {
        let typed = "'\(typed.clippedForMessage)'"
        if let suggestion { return "unknown command \(typed) — did you mean '\(suggestion)'?" }
        let parent = self.typed.split(separator: " ").dropLast().joined(separator: " ")
        return "unknown command \(typed); `attendance \(parent.isEmpty ? "" : parent + " ")--help` lists the commands"
    }

    private static func names(of command: ParsableCommand.Type) -> [String] {
        [command._commandName] + command.configuration.aliases
    }

    /// How far a word may be from a name to be taken for a slip: one edit in a short word, two in a longer one.
    private static func maximumDistance(for word: String) -> Int { word.count <= 4 ? 1 : 2 }
}
