import AttendanceCore
import AttendanceWiFi
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The reader against the running kernel. The development machines have no wireless stack at
/// all (no cfg80211, so no /sys/class/ieee80211); on a machine with one this test is skipped.
@Suite("The real kernel")
struct RealKernelTests {
    static let kernelHasNoWiFi = access("/sys/class/ieee80211", F_OK) != 0

    @Test(
        "on a kernel without a wireless stack the reading fails within a second with the nl80211 message",
        .enabled(if: kernelHasNoWiFi, "this kernel has cfg80211"))
    func noWirelessStack() {
        let clock = ContinuousClock()
        let start = clock.now

        let error = Fixture.failure(of: NL80211LinkReader(interface: nil))

        #expect(start.duration(to: clock.now) < .seconds(1))
        #expect(error == .nl80211Unavailable)
        #expect(error?.description == "this machine's kernel has no WiFi (nl80211) support")
    }
}
