import AttendanceTestSupport
import AttendanceWiFi
import Testing

@Suite("The scan-dump benchmark")
struct NL80211BenchmarkTests {
    @Test("the benchmark's dump of 20 BSSes goes through libnl whole, every BSS parsed with its SSID")
    func benchmarkRuns() throws {
        // parseScanDump throws unless each iteration parsed all 20 BSSes, each with an SSID.
        let timing = try NL80211Benchmark.parseScanDump(bssCount: 20, iterations: 3)
        // About 350 bytes a BSS: its attributes and information elements, as the kernel sends them.
        #expect(timing.dumpBytes > 20 * 300)
    }
}
