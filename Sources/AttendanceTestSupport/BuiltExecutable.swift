import Foundation

/// Where `swift build` put one of this package's executables for the tests to run.
public enum BuiltExecutable {
    /// The executable `name` next to the running test bundle, in the same build folder; failing
    /// that, `.build/debug/NAME` under `packageRoot`.
    public static func path(of name: String, packageRoot: String) -> String {
        let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        // The test bundle may be a folder (`….xctest/…`); walk up to the build folder.
        for _ in 0..<4 {
            let candidate = folder.appendingPathComponent(name).path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        return packageRoot + "/.build/debug/" + name
    }
}
