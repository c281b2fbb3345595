import AttendanceCommands
import Foundation

/// The whole executable: hand the arguments to the commands library and exit with its status.
@main
enum AttendanceMain {
    static func main() {
        exit(Attendance.run(Array(CommandLine.arguments.dropFirst()), in: .live()))
    }
}
