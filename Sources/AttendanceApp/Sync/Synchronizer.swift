import AttendanceCentral
import AttendanceCore
import AttendanceStore
import AttendanceSync
import Foundation

/// One sync round between a local store and the central store: push what the centre lacks,
/// then pull what this store lacks. The rules take no part: records move as they are, and the
/// core decides with them once they are stored.
///
/// Exactly once, whatever stops the round: a push is one central transaction, and only after
/// it committed does the store move its marks; a record pushed again is already there and is
/// left as it is. A pulled page and its marks are one local transaction; a record applied
/// again is already there.
package struct Synchronizer {
    let store: AttendanceStore
    let central: CentralStore
    let node: String
    let role: SyncRole
    /// Records of each kind per central transaction.
    var pageSize = 5_000
    /// Records of each kind per local transaction when pulling. A page holds the store's writer
    /// while it is applied, and a punch behind it waits: the resident kiosk takes small pages.
    var pullPageSize = 5_000

    /// A round for `store` as `node`; `pullPageSize` as above.
    package init(
        store: AttendanceStore, central: CentralStore, node: String, role: SyncRole, pullPageSize: Int = 5_000
    ) {
        self.store = store
        self.central = central
        self.node = node
        self.role = role
        self.pullPageSize = pullPageSize
    }

    /// The pull page of a kiosk that marks while it syncs: a few milliseconds of writing.
    package static let kioskPullPageSize = 200

    /// What one round moved.
    package struct Report: Sendable {
        package var pushed = SyncBatch()
        package var pulled = SyncBatch()
        /// On a kiosk's first round: its employees whose code the centre has under another name.
        /// The centre's record stays, so this kiosk's punches under that code count for the
        /// centre's person (`E001: "Someone Else" here, "Asha Rao" at the centre`).
        package var clashes: [String] = []
        /// How far this store's clock is from the centre's (ahead positive), read at the start.
        package var clockOffset: TimeInterval?
        /// What re-joining did, when the centre showed this store to be an older copy of itself.
        package var rejoined: RejoinReport?
    }

    package func round(at time: @Sendable () -> Date) throws -> Report {
        var report = Report()
        do {
            let identity = try store.claimNode(node, server: central.address.description)
            try central.claim(node, storeID: identity, role: role)
            // The centre's time, against this clock read either side of the question.
            let asked = time()
            let centre = try central.serverTime()
            let answered = time()
            report.clockOffset = asked.addingTimeInterval(answered.timeIntervalSince(asked) / 2).timeIntervalSince(
                centre)
            report.rejoined = try rejoinIfRestored()
            let pulled = try store.syncStatus().cursors.pulled
            // A desk's changes were made on what it last pulled; the centre refuses them where
            // others changed the same rows since.
            let base = role == .desk ? pulled : [:]
            // A kiosk that ran on its own joins: its employees go in only where the centre has
            // none, so a code the centre gives another person is named before anything goes up.
            if role == .kiosk, pulled.isEmpty {
                let local = try store.employees()
                let names = try central.employeeNames(local.map(\.code.rawValue))
                report.clashes = local.compactMap { employee in
                    guard let there = names[employee.code.rawValue], there != employee.name.rawValue else { return nil }
                    return "\(employee.code): \(employee.name.rawValue.quotedForMessage) here, "
                        + "\(there.quotedForMessage) at the centre"
                }
            }
            // Pages until one is not full: punches made during the round wait for the next one,
            // so a busy kiosk's round still ends and pulls.
            func push() throws {
                while true {
                    // Only a kiosk joining with history can name someone the centre does not know.
                    let (batch, upTo) = try store.outgoing(
                        node: node, limit: pageSize, withEmployeesOfRecords: role == .kiosk && pulled.isEmpty,
                        withAccounts: role == .desk, withPulledLinks: role == .kiosk)
                    if batch.isEmpty { break }
                    try central.push(batch, from: node, role: role, base: base)
                    try store.markPushed(upTo: upTo)
                    report.pushed.append(batch)
                    let counts = [
                        batch.punches.count, batch.corrections.count, batch.audit.count, batch.requests.count,
                        batch.links.count,
                    ]
                    if counts.allSatisfy({ $0 < pageSize }) { break }
                }
            }
            try push()
            let cursors = try store.syncStatus().cursors
            try central.pull(after: cursors.pulled, excluding: node, pageSize: pullPageSize) { page, reached in
                try store.apply(page, pulled: reached, node: node)
                report.pulled.append(page)
            }
            // A desk's copy links every record it pulls, and the centre takes the head each pulled
            // page left. Sent in the round that pulled them, they cost the copy's making one walk
            // of what it pulled, rather than the next command, which a manager waits for.
            if role == .desk, !report.pulled.isEmpty { try push() }
            // A desk shows each kiosk's last sync.
            if role == .desk { try store.noteCentralNodes(try central.nodes()) }
        } catch let error as CentralError {
            try? store.noteSyncRound(
                at: time(), error: error.description, refused: !error.isTransient, clockOffset: report.clockOffset)
            throw error
        }
        try store.noteSyncRound(at: time(), error: nil, clockOffset: report.clockOffset)
        return report
    }
}

extension Synchronizer {
    /// When the centre holds more of this store's chain than it has, or another link at the
    /// centre's last number, this store was restored from an older copy of itself: what the lost
    /// copy sent comes back, what was made here since goes up under new numbers, and the centre
    /// goes on from the last link both share. A store whose history differs from what it had
    /// already sent is not an older copy: its push is refused, as a changed history.
    func rejoinIfRestored() throws -> RejoinReport? {
        guard let head = try central.chainHead(of: node), try store.diverges(fromCentreHead: head) else { return nil }
        let cursors = try store.syncStatus().cursors
        let mark = cursors.pushedLink ?? 0
        let lost = try central.ownRecords(of: node, after: cursors, pageSize: pageSize)
        var links: [(seq: Int64, hashHex: String)] = []
        // By ranges of numbers up to the centre's head: a desk's chain at the centre has gaps
        // where it pulled records it did not send the links of.
        var after = max(mark - 1, 0)
        while after < head.seq {
            links += try central.ownLinks(of: node, after: after, limit: 10_000)
            after += 10_000
        }
        // Not an older copy: the push that follows is refused, naming the first link that differs.
        guard let report = try store.rejoin(lost: lost, centreLinks: links, node: node) else { return nil }
        try central.rejoin(node, keeping: report.sharedLinks)
        return report
    }
}
