import AttendanceCore
import AttendanceTestSupport
import AttendanceWiFi
import CNetlink
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// How the reader copes with what libnl's receive pipeline delivers: split dumps, kernel
/// errors, interrupted dumps, silence.
@Suite("The netlink conversation")
struct NetlinkPipelineTests {
    @Test("a dump split over several receives is read to its NLMSG_DONE")
    func splitDump() throws {
        let neighbours = try (0..<6).map { index in
            try Fixture.bss(try BSSID(parsing: "02:00:00:00:01:0\(index)"), ssid: Array("Cafe\(index)".utf8))
        }
        let dump = try CannedAnswer.dump(
            neighbours + [try Fixture.bss(Fixture.office, status: .associated, frequencyMHz: 5240)], perReceive: 2)
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()], scan: [dump], station: [try Fixture.station(signal: -61)])

        let link = try Fixture.reader(kernel).currentLink()

        #expect(dump.receives.map(\.count) == [2, 2, 2, 2])  // the last: the office BSS and NLMSG_DONE
        #expect(dump.receives.last?.last?.encoded[4] == UInt8(NLMSG_DONE))
        #expect(link.bssid == Fixture.office)
        #expect(link.frequencyMHz == 5240)
        #expect(link.signalDBm == -61)
    }

    @Test("a dump that never reaches NLMSG_DONE times out instead of hanging")
    func dumpWithoutDone() throws {
        let dump = try CannedAnswer.dump([try Fixture.bss(Fixture.office, status: .associated)])
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()], scan: [CannedAnswer(receives: [Array(dump.receives[0].dropLast())])]
        )

        #expect(Fixture.failure(of: try Fixture.reader(kernel)) == .timedOut(action: "read the scan results of wlan0"))
    }

    @Test("a kernel error reply (ENODEV) is reported with the kernel's own text")
    func kernelErrorReply() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()], scan: [try .error(errno: ENODEV, message: "wdev is gone")])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .kernelError(action: "read the scan results of wlan0", errno: ENODEV, message: "wdev is gone"))
        #expect(
            error?.description
                == "the kernel refused to read the scan results of wlan0: No such device (errno 19) "
                + "(the kernel says \"wdev is gone\")")
    }

    @Test("a dump ending in NLMSG_DONE with ENODEV is a kernel error, text included")
    func kernelErrorInDone() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()], scan: [try .dumpError(errno: ENODEV, message: "no such wdev")])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .kernelError(action: "read the scan results of wlan0", errno: ENODEV, message: "no such wdev"))
    }

    @Test("an error reply without extended ack has no text")
    func kernelErrorWithoutText() throws {
        let kernel = CannedKernel(interfaces: [try .error(errno: EOPNOTSUPP)])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .kernelError(action: "list the WiFi interfaces", errno: EOPNOTSUPP, message: nil))
        #expect(
            error?.description == "the kernel refused to list the WiFi interfaces: Operation not supported (errno 95)")
    }

    @Test("the text of an uncapped error reply is found after the echoed request")
    func uncappedExtendedAck() throws {
        // nlmsghdr, nlmsgerr (error and the echoed request header, stamped on delivery), the
        // echoed GET_SCAN payload (genl header 4 + NL80211_ATTR_IFINDEX 8), then NLMSGERR_ATTR_MSG.
        let text = Array("busy".utf8) + [0]
        var bytes: [UInt8] = []
        bytes += le32(UInt32(16 + 20 + 12 + 4 + text.count))
        bytes += le16(UInt16(NLMSG_ERROR)) + le16(UInt16(NLM_F_ACK_TLVS))
        bytes += [UInt8](repeating: 0, count: 8)
        bytes += le32(UInt32(bitPattern: -EBUSY)) + [UInt8](repeating: 0, count: 16)
        bytes += [UInt8](repeating: 0xEE, count: 12)
        bytes += le16(UInt16(4 + text.count)) + le16(UInt16(NLMSGERR_ATTR_MSG.rawValue)) + text
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [CannedAnswer(receives: [[CannedMessage(encoded: bytes)]])])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .kernelError(action: "read the scan results of wlan0", errno: EBUSY, message: "busy"))
    }

    @Test("EPERM from the kernel is permission denied")
    func permissionDenied() throws {
        let kernel = CannedKernel(interfaces: [try .error(errno: EPERM, message: "need CAP_NET_ADMIN")])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .permissionDenied(action: "list the WiFi interfaces", message: "need CAP_NET_ADMIN"))
        #expect(
            error?.description
                == "permission denied when trying to list the WiFi interfaces "
                + "(the kernel says \"need CAP_NET_ADMIN\"); run the kiosk as a user that may query WiFi over netlink")
    }

    @Test("an interrupted dump (NLM_F_DUMP_INTR) is asked again, and the second answer counts")
    func interruptedThenSuccess() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [
                try .dump([try Fixture.bss(Fixture.officeSecondRadio, status: .associated)], interrupted: true),
                try .dump([try Fixture.bss(Fixture.office, status: .associated)]),
            ])

        let link = try Fixture.reader(kernel).currentLink()

        #expect(link.bssid == Fixture.office)
        #expect(kernel.requests.filter(\.isScan).count == 2)
    }

    @Test("a dump interrupted every time is given up after three retries")
    func interruptedForever() throws {
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()],
            scan: [try .dump([try Fixture.bss(Fixture.office, status: .associated)], interrupted: true)])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .dumpInterrupted(action: "read the scan results of wlan0", attempts: 4))
        #expect(kernel.requests.filter(\.isScan).count == 4)
    }

    @Test("a silent kernel is a timeout, not a hang")
    func silence() throws {
        let kernel = CannedKernel(interfaces: [.silence])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(error == .timedOut(action: "list the WiFi interfaces"))
        #expect(
            error?.description
                == "the kernel did not answer within 1 s when asked to list the WiFi interfaces; try again")
    }

    @Test("a reply shorter than its own header claims is malformed")
    func shortDatagram() throws {
        let whole = try Fixture.bss(Fixture.office, status: .associated)
        let cut = CannedMessage(encoded: Array(whole.encoded.dropLast(8)), carriesFamilyType: true)
        let kernel = CannedKernel(
            interfaces: [try Fixture.oneStation()], scan: [CannedAnswer(receives: [[cut]])])

        let error = Fixture.failure(of: try Fixture.reader(kernel))

        #expect(
            error
                == .malformedReply(
                    action: "read the scan results of wlan0", detail: "a reply was shorter than its header claims"))
    }

    // MARK: - Helpers

    private func le16(_ value: UInt16) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    private func le32(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
}

extension CannedRequest {
    var isScan: Bool {
        if case .nl80211(.getScan, _, _, _) = self { return true }
        return false
    }
}
