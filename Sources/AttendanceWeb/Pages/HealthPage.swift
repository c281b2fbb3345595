import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore

extension Console {
    /// `/health`: the store's check, its history chain and its sync with the central store.
    func healthPage(_ session: ConsoleSession) async throws -> Page {
        let health = try await blocking { try Reports.health(of: self.store) }
        let (zone, words) = (policy.zone, self.words)
        var problems = health.integrityProblems.prefix(20).map { words.tr("The file: {problem}", ["problem": $0]) }
        problems += health.missingTriggers.map {
            words.tr("Guard trigger {name} is missing: history can be changed by direct SQL.", ["name": $0])
        }
        problems += health.foreignTriggers.map {
            words.tr("Trigger {name} was added or rewritten outside this program.", ["name": $0])
        }
        if let refusal = health.writeRefusal {
            problems.append(
                words.tr("This console cannot write the store: {reason}", ["reason": words.sentence(for: refusal)]))
        }
        if let problem = health.history.problem {
            problems.append(words.tr("The history was changed: {problem}", ["problem": problem.worded(words)]))
        }
        let sound = words.tr("The store is sound: its file, its guards and its history all hold.")
        let verdict =
            problems.isEmpty
            ? "<p class=\"done\">\(sound)</p>"
            : "<div class=\"problem\" role=\"alert\"><ul>\(problems.map { "<li>\($0.escaped)</li>" }.joined())</ul></div>"
        let sync = health.sync
        var facts: [(String, String)] = [
            (words.ctr("store health", "File"), health.path.escaped),
            (
                words.ctr("store health", "Durability"),
                "journal_mode=\(health.durability.journalMode.escaped) synchronous=\(health.durability.synchronous) "
                    + "busy_timeout=\(health.durability.busyTimeoutMilliseconds) ms"
            ),
            (
                words.ctr("store health", "History"),
                words.ntr(
                    "{n} record, digest {digest}", "{n} records, digest {digest}", health.history.records,
                    ["digest": "<code>\(health.history.head.hexText)</code>"])
            ),
        ]
        if let node = sync.node {
            facts += [
                (
                    words.ctr("store health", "Central store"),
                    words.tr("{server} as {node}", ["server": (sync.server ?? "").escaped, "node": node.escaped])
                ),
                (
                    words.ctr("store health", "Last sync"),
                    sync.lastSuccess.map { zone.minuteText(of: $0) } ?? words.ctr("a kiosk's last sync", "never")
                ),
                (
                    words.ctr("store health", "Waiting to go up"),
                    words.ntr("{n} record", "{n} records", sync.waiting)
                ),
            ]
            if let error = sync.lastError { facts.append((words.ctr("store health", "Last error"), error.escaped)) }
        } else {
            facts.append((words.ctr("store health", "Central store"), words.tr("none: this store stands alone")))
        }
        let body = """
            \(verdict)
            <table>
            \(facts.map { "<tr><th>\($0)</th><td>\($1)</td></tr>" }.joined(separator: "\n"))
            </table>
            """
        return Page(title: words.tr("The store's health"), section: "health", body: body)
    }
}
