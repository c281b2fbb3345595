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
    @Test("attendance --language fr --help: the commands and the exit statuses in French")
    func rootHelpInFrench() {
        let help = h.run("--language", "fr", "--help")
        #expect(help.status == 0)
        #expect(
            help.out.hasPrefix(
                "OVERVIEW: La borne de pointage du bureau : pointer l'arrivée et le départ,\ncalendriers, registre "
                    + "mensuel.\n\n"), "\(help.out)")
        #expect(
            help.out.contains(
                "  employee                Ajouter, importer, lister, afficher, modifier et\n"
                    + "                          désactiver des employés.\n"), "\(help.out)")
        #expect(
            help.out.contains(
                "\nCODES DE SORTIE\n  0   succès\n  1   wifi current: cette liaison n'est pas un WiFi autorisé du "
                    + "bureau\n"), "\(help.out)")
        #expect(help.out.hasSuffix("  78  le fichier de configuration est incorrect\n"))
        #expect(!help.out.contains("EXIT STATUS"))
    }

    @Test("wifi list --help with LANG=fr_FR.UTF-8, word for word; the parser's own words stay English")
    func smallCommandHelpInFrench() {
        h.environment["LANG"] = "fr_FR.UTF-8"
        let help = h.run("wifi", "list", "--help")
        #expect(help.status == 0)
        #expect(
            help.out == """
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


                """, "\(help.out)")
    }

    @Test("LANG=es_ES.UTF-8 gives a command's help in Spanish, --language es after it too; LANG=C is English")
    func commandHelpInSpanishAndEnglish() {
        h.environment["LANG"] = "es_ES.UTF-8"
        let spanish = h.run("employee", "deactivate", "--help")
        #expect(spanish.status == 0)
        #expect(
            spanish.out.hasPrefix(
                "OVERVIEW: Dar de baja a un empleado. No se elimina nada; los fichajes se\nconservan.\n\n"),
            "\(spanish.out)")
        #expect(
            spanish.out.contains(
                "  --force                 Desactivar aunque quede trabajo registrado después\n"
                    + "                          del último día (auditado).\n"), "\(spanish.out)")
        h.environment["LANG"] = "C"
        let asked = h.run("employee", "add", "--language", "es", "--help")
        #expect(asked.out.hasPrefix("OVERVIEW: Añadir un empleado.\n"), "\(asked.out)")
        #expect(asked.out.contains("  --name <name>           El nombre del empleado tal como lo muestran los\n"))
        let english = h.run("employee", "deactivate", "--help")
        #expect(
            english.out.hasPrefix(
                "OVERVIEW: Mark an employee as having left. Nothing is deleted; punches stay.\n\n"), "\(english.out)")
        #expect(english.out.contains("  --force                 Deactivate even though recorded work would fall"))
    }

    @Test("every command's abstract comes from the catalog: none is English in French")
    func everyAbstractTranslated() {
        func paths(_ command: ParsableCommand.Type, _ path: [String]) -> [[String]] {
            [path] + command.configuration.subcommands.flatMap { paths($0, path + [$0._commandName]) }
        }
        let all = paths(Attendance.self, [])
        #expect(all.count > 50)
        for path in all {
            h.environment["LANG"] = "C"
            let english = h.run(path + ["--help"]).out.prefix { $0 != "\n" }
            h.environment["LANG"] = "fr_FR.UTF-8"
            let french = h.run(path + ["--help"]).out.prefix { $0 != "\n" }
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
