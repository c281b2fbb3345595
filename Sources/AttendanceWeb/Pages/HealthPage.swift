import AttendanceApp
import AttendanceCore
import AttendanceStore

extension Console {
    /// `/health`: the store's check, its history chain and its sync with the central store.
    func healthPage(_ session: ConsoleSession) async throws -> Page {
        let health = try await blocking { try Reports.health(of: self.store) }
        let zone = policy.zone
        var problems = health.integrityProblems.prefix(20).map { "The file: \($0)" }
        problems += health.missingTriggers.map {
            "Guard trigger \($0) is missing: history can be changed by direct SQL."
        }
        problems += health.foreignTriggers.map { "Trigger \($0) was added or rewritten outside this program." }
        if let refusal = health.writeRefusal { problems.append("This console cannot write the store: \(refusal)") }
        if let problem = health.history.problem { problems.append("The history was changed: \(problem)") }
        let verdict =
            problems.isEmpty
            ? "<p class=\"done\">The store is sound: its file, its guards and its history all hold.</p>"
            : "<div class=\"problem\" role=\"alert\"><ul>\(problems.map { "<li>\($0.escaped)</li>" }.joined())</ul></div>"
        let sync = health.sync
        let central: String
        if let node = sync.node {
            central = """
                <tr><th>Central store</th><td>\((sync.server ?? "").escaped) as \(node.escaped)</td></tr>
                <tr><th>Last sync</th><td>\(sync.lastSuccess.map { zone.minuteText(of: $0) } ?? "never")</td></tr>
                <tr><th>Waiting to go up</th><td>\(sync.waiting) record\(sync.waiting == 1 ? "" : "s")</td></tr>
                \(sync.lastError.map { "<tr><th>Last error</th><td>\($0.escaped)</td></tr>" } ?? "")
                """
        } else {
            central = "<tr><th>Central store</th><td>none: this store stands alone</td></tr>"
        }
        let settings = health.durability
        let body = """
            \(verdict)
            <table>
            <tr><th>File</th><td>\(health.path.escaped)</td></tr>
            <tr><th>Durability</th><td>journal_mode=\(settings.journalMode.escaped) synchronous=\(settings.synchronous) busy_timeout=\(settings.busyTimeoutMilliseconds) ms</td></tr>
            <tr><th>History</th><td>\(health.history.records) records, digest <code>\(health.history.head.hexText)</code></td></tr>
            \(central)
            </table>
            """
        return Page(title: "The store's health", section: "health", body: body)
    }
}
