import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceStore

extension Console {
    /// `/wifi`: the access points punches are allowed from, revoked ones kept for the record;
    /// for a manager, the forms that allow one and revoke one.
    func wifiPage(_ session: ConsoleSession, done: String? = nil) async throws -> Page {
        let networks = try await blocking { try AllowedWiFi.list(includingRevoked: true, store: self.store) }
        let manager = administers(session)
        let words = self.words
        let (any, revokeButton) = (words.ctr("any SSID", "(any)"), words.tr("Revoke"))
        let (allowed, revoked) = (words.ctr("an access point", "allowed"), words.ctr("an access point", "revoked"))
        let rows = networks.map { network in
            // An SSID is bytes: its text form writes a non-text byte as \xNN; then it is HTML-escaped.
            let ssid = network.ssid.map { "\($0)".escaped } ?? any
            var revoke = ""
            if manager && network.isActive {
                revoke = """
                    <form method="post" action="/wifi/revoke" class="inline">\(csrfField(session))
                    <input type="hidden" name="bssid" value="\(network.bssid)"><button type="submit">\(revokeButton)</button></form>
                    """
            }
            return "<tr\(network.isActive ? "" : " class=\"voided\"")><td><code>\(network.bssid)</code></td>"
                + "<td>\(ssid)</td><td>\(network.location.escaped)</td>"
                + "<td>\(network.isActive ? allowed : revoked)</td>\(manager ? "<td>\(revoke)</td>" : "")</tr>"
        }.joined()
        let list = listTable(
            ["BSSID", "SSID", words.ctr("access point", "Location"), words.ctr("access point", "State")]
                + (manager ? [""] : []), rows: rows,
            empty: words.tr("No access points are allowed yet: the kiosk refuses every punch."))
        var add = ""
        if manager {
            let fields = [
                words.tr("Allow an access point"), words.tr("SSID (optional; must then match byte for byte)"),
                words.ctr("access point", "Location"), words.tr("HQ ground floor"), words.tr("Allow"),
            ]
            add = """
                <h2>\(fields[0])</h2>
                <form method="post" action="/wifi" class="stacked">\(csrfField(session))
                <label>BSSID <input name="bssid" value="\(KeptForm.value("bssid", of: "/wifi"))" required placeholder="aa:bb:cc:dd:ee:01" autocapitalize="none"></label>
                <label>\(fields[1]) <input name="ssid" value="\(KeptForm.value("ssid", of: "/wifi"))" maxlength="128"></label>
                <label>\(fields[2]) <input name="location" value="\(KeptForm.value("location", of: "/wifi"))" required maxlength="500" placeholder="\(fields[3])"></label>
                <p><button type="submit">\(fields[4])</button></p></form>
                """
        }
        let hint = words.tr(
            "A punch is accepted only on an allowed access point. This is a location hint, not proof of presence: anyone who runs an access point with the same names passes it."
        )
        let body = notice(done) + "<p>" + hint + "</p>" + list + administrationNotice(session) + add
        return Page(title: words.tr("Allowed WiFi"), section: "wifi", body: body)
    }

    /// Allows the access point the form names, recorded as "NAME via web".
    func allow(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let network = AllowedNetwork(
            bssid: try form.required("bssid", as: words.ctr("form field", "BSSID"), BSSID.init(parsing:)),
            ssid: try form.parsed("ssid", as: words.ctr("form field", "SSID"), SSID.init(parsing:)),
            location: try form.required("location", as: words.ctr("form field", "location")) {
                try FreeText(parsing: $0, what: Phrase("location"))
            }
            .rawValue)
        let actor = session.account.actor
        let allowed = try await blocking { try AllowedWiFi.allow(network, actor: actor, store: self.store) }
        return try await wifiPage(
            session,
            done: words.tr(
                "Allowed {bssid} at {location}.",
                [
                    "bssid": "\(allowed.bssid)" + (allowed.ssid.map { " (\($0))" } ?? ""),
                    "location": allowed.location,
                ]))
    }

    /// Revokes the access point the form names.
    func revoke(_ form: Form, _ session: ConsoleSession) async throws -> Page {
        let bssid = try form.required("bssid", as: words.ctr("form field", "BSSID"), BSSID.init(parsing:))
        let actor = session.account.actor
        try await blocking { try AllowedWiFi.revoke(bssid, actor: actor, store: self.store) }
        return try await wifiPage(session, done: words.tr("Revoked {bssid}.", ["bssid": "\(bssid)"]))
    }
}
