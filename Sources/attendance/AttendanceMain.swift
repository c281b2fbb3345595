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
        exit(Attendance.run(Array(CommandLine.arguments.dropFirst()), in: .live()))
    }
}
