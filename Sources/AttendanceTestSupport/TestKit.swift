// The process runner and the seeded generator come with the rest of the test support.
@_exported import AttendanceTestKit
