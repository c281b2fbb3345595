import AttendanceCommands
import Foundation

/// The whole executable: hand the arguments to the commands library and exit with its status.
@main
enum AttendanceMain {
    static func main() {
        // A write past the file-size limit (ulimit -f, systemd's LimitFSIZE=) must fail with EFBIG,
        // which the store reports as "nothing was saved"; SIGXFSZ's default would kill the
        // process in the middle of a punch instead.
        signal(SIGXFSZ, SIG_IGN)
        // The bytes as given: `CommandLine.arguments` would repair invalid UTF-8 into U+FFFD.
        let argv = (1..<Int(CommandLine.argc)).map { index in
            CommandLine.unsafeArgv[index].map { Array(UnsafeBufferPointer(start: $0, count: strlen($0))) } ?? []
        }.map { $0.map { UInt8(bitPattern: $0) } }
        exit(Attendance.run(argv: argv, in: .live()))
    }
}
