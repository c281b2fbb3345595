import AttendanceTestSupport
import AttendanceWiFi
import Testing

@Suite("The scan-dump benchmark")
struct NL80211BenchmarkTests {
    @Test("the benchmark parses every BSS of its dump on every iteration")
    func benchmarkRuns() throws {
        let timing = try NL80211Benchmark.parseScanDump(bssCount: 20, iterations: 3)

        #expect(timing.bssCount == 20)
        #expect(timing.iterations == 3)
        #expect(timing.dumpBytes > 20 * 300)
        #expect(timing.fastest <= timing.mean && timing.mean <= timing.slowest)
    }
}
