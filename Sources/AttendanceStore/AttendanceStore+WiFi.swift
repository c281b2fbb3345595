import AttendanceCore
import Foundation
import GRDB

extension AttendanceStore {
    /// The allowed-WiFi table, by BSSID; revoked entries too unless `activeOnly`.
    public func allowedNetworks(activeOnly: Bool = false) throws(StoreError) -> [AllowedNetwork] {
        try perform {
            try pool.read { db in try Self.allowedNetworks(activeOnly: activeOnly, in: db) }
        }
    }

    static func allowedNetworks(activeOnly: Bool, in db: Database) throws -> [AllowedNetwork] {
        try Row.fetchAll(
            db, sql: "SELECT * FROM allowed_wifi \(activeOnly ? "WHERE active = 1" : "") ORDER BY bssid"
        ).map { row in
            // An entry that cannot be read is an error, never dropped: a dropped SSID would
            // allow the BSSID with any network name.
            let text: String = row["bssid"]
            guard let bssid = try? BSSID(parsing: text) else {
                throw StoreError.unreadableRecord(table: "allowed_wifi", column: "bssid", value: text)
            }
            var ssid: SSID?
            if let bytes = row["ssid"] as Data? {
                guard let parsed = try? SSID(bytes: [UInt8](bytes)) else {
                    throw StoreError.unreadableRecord(
                        table: "allowed_wifi", column: "ssid", value: String(decoding: bytes, as: UTF8.self))
                }
                ssid = parsed
            }
            return AllowedNetwork(bssid: bssid, ssid: ssid, location: row["location"], isActive: row["active"])
        }
    }

    /// Allows `network`. An entry for the same BSSID (revoked or not) is replaced, and the change
    /// is audited with its old value.
    @discardableResult
    public func allow(_ network: AllowedNetwork, actor: String) throws(StoreError) -> AllowedNetwork {
        try perform {
            try pool.write { db in
                let old = try Self.allowedNetworks(activeOnly: false, in: db).first { $0.bssid == network.bssid }
                let now = clock().milliseconds
                let ssid = network.ssid.map { Data($0.bytes) }
                if old == nil {
                    try db.execute(
                        sql: """
                            INSERT INTO allowed_wifi (bssid, ssid, location, active, created_at_ms, updated_at_ms)
                            VALUES (?, ?, ?, 1, ?, ?)
                            """,
                        arguments: [network.bssid.description, ssid, network.location, now, now])
                } else {
                    try db.execute(
                        sql:
                            "UPDATE allowed_wifi SET ssid = ?, location = ?, active = 1, updated_at_ms = ? WHERE bssid = ?",
                        arguments: [ssid, network.location, now, network.bssid.description])
                }
                var allowed = network
                allowed.isActive = true
                try audit(
                    db, actor: actor, action: "allow", entity: "wifi", key: network.bssid.description,
                    old: old.map(Self.auditValue), new: Self.auditValue(allowed))
                return allowed
            }
        }
    }

    /// Revokes the entry for `bssid`: it stays in the table, marked inactive, and allows nothing.
    public func revoke(bssid: BSSID, actor: String) throws(StoreError) {
        try perform {
            try pool.write { db in
                guard let old = try Self.allowedNetworks(activeOnly: true, in: db).first(where: { $0.bssid == bssid })
                else { throw StoreError.unknownNetwork(bssid) }
                try db.execute(
                    sql: "UPDATE allowed_wifi SET active = 0, updated_at_ms = ? WHERE bssid = ?",
                    arguments: [clock().milliseconds, bssid.description])
                var new = old
                new.isActive = false
                try audit(
                    db, actor: actor, action: "revoke", entity: "wifi", key: bssid.description,
                    old: Self.auditValue(old), new: Self.auditValue(new))
            }
        }
    }

    static func auditValue(_ network: AllowedNetwork) throws -> String {
        try auditJSON([
            "bssid": network.bssid.description, "ssid": network.ssid?.escaped, "location": network.location,
            "active": network.isActive,
        ])
    }
}
