import ArgumentParser
import AttendanceTerminal
import AttendanceTestSupport
import Foundation
import Testing

@testable import AttendanceCommands

/// `--help` in the reader's language: the commands' abstracts and discussions, the arguments' help
/// and the exit statuses come from the catalog (`--language`, else the locale's); ArgumentParser's
/// own headings ("USAGE:", "OPTIONS:") and its "Show help information." stay English.
extension CommandLanguageTests {
    /// What `attendance ARGUMENTS --help` prints with `LANG=lang`; asking for help never fails.
    private func help(_ lang: String, _ arguments: [String]) -> String {
        h.environment["LANG"] = lang
        let result = h.run(arguments + ["--help"])
        #expect(result.status == 0, "\(arguments)")
        return result.out
    }

    @Test("attendance --language fr --help: the commands and the exit statuses in French")
    func rootHelpInFrench() {
        let text = help("C", ["--language", "fr"])
        #expect(
            text.hasPrefix(
                "OVERVIEW: La borne de pointage du bureau : pointer l'arrivée et le départ,\ncalendriers, registre "
                    + "mensuel.\n\n"), "\(text)")
        #expect(
            text.contains(
                "  employee                Ajouter, importer, lister, afficher, modifier et\n"
                    + "                          désactiver des employés.\n"), "\(text)")
        #expect(
            text.contains(
                "\nCODES DE SORTIE\n  0   succès\n  1   wifi current: cette liaison n'est pas un WiFi autorisé du "
                    + "bureau\n"), "\(text)")
        #expect(text.hasSuffix("  78  le fichier de configuration est incorrect\n"))
        #expect(!text.contains("EXIT STATUS"))
    }

    @Test("wifi list --help with LANG=fr_FR.UTF-8, word for word; the parser's own words stay English")
    func smallCommandHelpInFrench() {
        let text = help("fr_FR.UTF-8", ["wifi", "list"])
        #expect(
            text == """
                OVERVIEW: Lister les points d'accès autorisés.

                USAGE: attendance wifi list [--config <path>] [--store <path|url>] [--format <format>] [--all]

                OPTIONS:
                  --config <path>         Le fichier de configuration.
                        Par défaut : $ATTENDANCE_CONFIG, sinon /etc/attendance/attendance.toml,
                        sinon les valeurs par défaut intégrées.
                  --store <path|url>      La base : un fichier SQLite, ou le serveur central
                                          sous la forme postgresql://USER@HOST:PORT/DATABASE.
                        Par défaut : $ATTENDANCE_STORE, sinon path de [store], sinon
                        /var/lib/attendance/attendance.sqlite pour root et
                        $XDG_DATA_HOME/attendance/attendance.sqlite pour les autres.
                  --format <format>       text, json ou csv. (values: text, json, csv; default:
                                          text)
                  --all                   Inclure les entrées révoquées.
                  --version               Show the version.
                  -h, --help              Show help information.


                """, "\(text)")
    }

    @Test("LANG=es_ES.UTF-8 gives a command's help in Spanish, --language es after it too; LANG=C is English")
    func commandHelpInSpanishAndEnglish() {
        let spanish = help("es_ES.UTF-8", ["employee", "deactivate"])
        #expect(
            spanish.hasPrefix(
                "OVERVIEW: Dar de baja a un empleado. No se elimina nada; los fichajes se\nconservan.\n\n"),
            "\(spanish)")
        #expect(
            spanish.contains(
                "  --force                 Desactivar aunque quede trabajo registrado después\n"
                    + "                          del último día (auditado).\n"), "\(spanish)")
        let asked = help("C", ["employee", "add", "--language", "es"])
        #expect(asked.hasPrefix("OVERVIEW: Añadir un empleado.\n"), "\(asked)")
        #expect(asked.contains("  --name <name>           El nombre del empleado tal como lo muestran los\n"))
        let english = help("C", ["employee", "deactivate"])
        #expect(
            english.hasPrefix(
                "OVERVIEW: Mark an employee as having left. Nothing is deleted; punches stay.\n\n"), "\(english)")
        #expect(english.contains("  --force                 Deactivate even though recorded work would fall"))
    }

    @Test("a --language before the command's words is the command's: attendance --language fr employee --help")
    func languageBeforeCommandWords() {
        let text = help("C", ["--language", "fr", "employee"])
        #expect(
            text.hasPrefix("OVERVIEW: Ajouter, importer, lister, afficher, modifier et désactiver des\nemployés.\n"),
            "\(text)")
        #expect(
            Attendance.languageAfterCommand(["--language=es", "punch", "add", "--", "x"])
                == ["punch", "add", "--language=es", "--", "x"])
        #expect(Attendance.languageAfterCommand(["mark", "--language", "fr"]) == ["mark", "--language", "fr"])
    }

    @Test("every command's abstract comes from the catalog: none is English in French")
    func everyAbstractTranslated() {
        func paths(_ command: ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path] + command.configuration.subcommands.flatMap { paths($0, path + [$0._commandName]) }
        }
        let all = paths(Attendance.self, [])
        #expect(all.count > 50)
        for path in all {
            let english = help("C", path).prefix { $0 != "\n" }
            let french = help("fr_FR.UTF-8", path).prefix { $0 != "\n" }
            #expect(english.hasPrefix("OVERVIEW: ") && french.hasPrefix("OVERVIEW: "), "\(path)")
            #expect(french != english, "attendance \(path.joined(separator: " ")): \(french)")
        }
    }

    @Test("the lines attendance writes itself, an argument not UTF-8 and output lost, are in the reader's language")
    func ownLinesTranslated() throws {
        let argv: [[UInt8]] = [Array("--language".utf8), Array("fr".utf8), [0x4A, 0x6F, 0x73, 0xE9]]
        let err = CapturingSink()
        #expect(Attendance.run(argv: argv, in: h.context(err: err)) == 65)
        #expect(
            err.text
                == "attendance: l'argument 3 (\"Jos\u{FFFD}\") n'est pas de l'UTF-8 valide ; tapez-le à nouveau dans "
                + "un terminal UTF-8 (vérifiez la locale avec `locale`) ; rien n'a été fait\n", "\(err.text)")
        let fd = open("/dev/full", O_WRONLY | O_CLOEXEC)
        try #require(fd >= 0)
        defer { close(fd) }
        h.environment["LANG"] = "es_ES.UTF-8"
        let lost = CapturingSink()
        var context = h.context(err: lost)
        context.out = Console(sink: FileDescriptorSink(fd: fd), usesColor: false)
        #expect(Attendance.run(["employee", "list"], in: context) == 73)
        #expect(
            lost.text
                == "attendance: no se pudo escribir la salida (No space left on device); lo que hizo el comando está "
                + "hecho, pero lo que imprimió está incompleto\n", "\(lost.text)")
    }
}
