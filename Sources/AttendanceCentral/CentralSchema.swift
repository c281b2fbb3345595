/// The central store's schema: created or brought up to date by `attendance central init`, every
/// statement safe to run again.
///
/// The centre keeps records; it decides nothing. Every kiosk's punches, corrections and audit
/// entries are kept under their origin (kiosk name, number there), so a push repeated after a
/// crash stores nothing twice. Employees, access points, holidays and leave are kept as their
/// latest state. One sequence, `change_seq`, numbers every change in commit order (writers take
/// one advisory lock, only while one statement runs on the server), which is what lets a kiosk
/// pull "everything after N" without missing a record that committed late. Logins reach the
/// tables only through the functions of CentralSchema+API.swift.
enum CentralSchema {
    /// Which advisory lock serialises the writers (an arbitrary, fixed number).
    static let writerLock = 7_243_001

    /// 1: the first; 2: each node's store identity; 3: each node's history links; 4: a kiosk's
    /// login may raise a PIN lock and never lift one; 5: a lock a kiosk raises is a change of its
    /// own; 6: a kiosk's login adds records only under the kiosk id it holds; 7: logins reach the
    /// tables only through the functions of ``api``, which check every record; 8: a punch taken on
    /// a kiosk clock off the centre's carries by how many minutes, and a kiosk restored from a
    /// backup re-joins on a new line of its history chain; 9: the language the kiosk speaks to each
    /// employee; 10: each leave's type, each employee's department, and the web console's
    /// accounts, which only a desk sends; 11: the corrections employees ask for at kiosks, and
    /// the answers desks give.
    static let version = 11

    static let statements: [String] =
        tables + directChangeFunctions + historyGuards + checks + retired + roles + api + grants + sessionLimits
        + [versionRow]

    /// The columns of every table kept as its records' latest state: which change made the row
    /// what it is, by whom, and when.
    private static let changeColumns = """
        seq bigint NOT NULL DEFAULT nextval('change_seq'),
            changed_by text NOT NULL,
            changed_at timestamptz NOT NULL DEFAULT now()
        """

    /// The tables, their indexes, and the functions the triggers below call.
    private static let tables: [String] =
        [
            "CREATE SEQUENCE IF NOT EXISTS change_seq",
            """
            CREATE TABLE IF NOT EXISTS schema_info (key text PRIMARY KEY, value text NOT NULL)
            """,
            """
            CREATE TABLE IF NOT EXISTS node (
                name text PRIMARY KEY,
                role text NOT NULL CHECK (role IN ('kiosk', 'desk')),
                first_seen timestamptz NOT NULL DEFAULT now(),
                last_push timestamptz,
                last_pull timestamptz
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS employee (
                code text PRIMARY KEY,
                name text NOT NULL,
                start_date text, end_date text, shift_start text, shift_end text,
                active boolean NOT NULL DEFAULT true,
                pin_hash bytea, pin_salt bytea, pin_rounds integer,
                locked boolean NOT NULL DEFAULT false,
                \(changeColumns)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS allowed_wifi (
                bssid text PRIMARY KEY CHECK (length(bssid) = 17 AND bssid = lower(bssid)),
                ssid bytea CHECK (ssid IS NULL OR length(ssid) <= 32),
                location text NOT NULL,
                active boolean NOT NULL DEFAULT true,
                \(changeColumns)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS holiday (
                date text PRIMARY KEY,
                name text NOT NULL,
                removed boolean NOT NULL DEFAULT false,
                \(changeColumns)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS leave (
                employee_code text NOT NULL,
                date text NOT NULL,
                half_day boolean NOT NULL,
                reason text NOT NULL,
                removed boolean NOT NULL DEFAULT false,
                \(changeColumns),
                PRIMARY KEY (employee_code, date)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS punch (
                node text NOT NULL,
                origin_id bigint NOT NULL,
                employee_code text NOT NULL,
                instant_ms bigint NOT NULL,
                zone text NOT NULL,
                attendance_date text NOT NULL,
                kind text NOT NULL CHECK (kind IN ('in', 'out')),
                source text NOT NULL CHECK (source IN ('nl80211', 'simulated', 'manual', 'import')),
                ssid bytea, bssid text, location text, note text, entered_by text,
                clock_went_back boolean NOT NULL,
                created_at_ms bigint NOT NULL,
                seq bigint NOT NULL DEFAULT nextval('change_seq'),
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, origin_id)
            )
            """,
            "ALTER TABLE punch ADD COLUMN IF NOT EXISTS clock_off_minutes integer NOT NULL DEFAULT 0",
            """
            CREATE TABLE IF NOT EXISTS punch_correction (
                node text NOT NULL,
                origin_id bigint NOT NULL,
                punch_node text NOT NULL,
                punch_origin_id bigint NOT NULL,
                employee_code text NOT NULL,
                action text NOT NULL CHECK (action IN ('add', 'void', 'restore', 'retime')),
                punch_date text NOT NULL, from_date text NOT NULL, to_date text NOT NULL,
                new_instant_ms bigint,
                outside_edit_window boolean NOT NULL,
                actor text NOT NULL, at_ms bigint NOT NULL, reason text NOT NULL,
                seq bigint NOT NULL DEFAULT nextval('change_seq'),
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, origin_id)
            )
            """,
            """
            CREATE TABLE IF NOT EXISTS audit_log (
                node text NOT NULL,
                origin_id bigint NOT NULL,
                at_ms bigint NOT NULL,
                actor text NOT NULL, action text NOT NULL, entity text NOT NULL, entity_key text NOT NULL,
                employee_code text, old_value text, new_value text, reason text,
                seq bigint NOT NULL DEFAULT nextval('change_seq'),
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, origin_id)
            )
            """,
            // Version 2: the store that first synced under a name keeps it; version 6: the login
            // that first synced it.
            "ALTER TABLE node ADD COLUMN IF NOT EXISTS store_id text",
            "ALTER TABLE node ADD COLUMN IF NOT EXISTS login text",
            // Version 3: every node's history chain, as its links (docs/rules.md "History"): the
            // anchor a kiosk's root cannot reach.
            """
            CREATE TABLE IF NOT EXISTS history_link (
                node text NOT NULL,
                seq bigint NOT NULL,
                kind text NOT NULL,
                record_node text NOT NULL,
                record_id bigint NOT NULL,
                prev bytea NOT NULL CHECK (length(prev) = 32),
                hash bytea NOT NULL CHECK (length(hash) = 32),
                received_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, seq)
            )
            """,
            // Version 8: a kiosk restored from a backup goes on along a new line of its chain, from
            // the last link it shares with the centre; the old line stays, and `node_rejoin` says
            // when, from where, and who.
            "ALTER TABLE history_link ADD COLUMN IF NOT EXISTS line integer NOT NULL DEFAULT 0",
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_index i WHERE i.indrelid = 'history_link'::regclass AND i.indisprimary
                    AND i.indnatts = 3)
                THEN
                    ALTER TABLE history_link DROP CONSTRAINT history_link_pkey;
                    ALTER TABLE history_link ADD PRIMARY KEY (node, line, seq);
                END IF;
            END $$
            """,
            // Version 8: a change made at the centre with SQL, not through the functions, is audited
            // under this name, numbered by its own sequence.
            "CREATE SEQUENCE IF NOT EXISTS central_audit_seq",
            "ALTER TABLE node ADD COLUMN IF NOT EXISTS chain_line integer NOT NULL DEFAULT 0",
            "ALTER TABLE node ADD COLUMN IF NOT EXISTS chain_fork bigint NOT NULL DEFAULT 0",
            """
            CREATE TABLE IF NOT EXISTS node_rejoin (
                node text NOT NULL,
                line integer NOT NULL,
                fork_seq bigint NOT NULL,
                head_before bigint NOT NULL,
                login text NOT NULL,
                at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (node, line)
            )
            """,
            // Version 9: each employee's language ("fr", "es"), null for the office's.
            "ALTER TABLE employee ADD COLUMN IF NOT EXISTS language text",
            // Version 10: each leave's type ("annual" for every leave before), each employee's department.
            "ALTER TABLE leave ADD COLUMN IF NOT EXISTS type text NOT NULL DEFAULT 'annual'",
            "ALTER TABLE employee ADD COLUMN IF NOT EXISTS department text",
            // Version 10: the web console's accounts, made at a desk and taken by every store.
            """
            CREATE TABLE IF NOT EXISTS manager_account (
                name text PRIMARY KEY,
                role text NOT NULL,
                password_hash text NOT NULL,
                removed boolean NOT NULL DEFAULT false,
                \(changeColumns)
            )
            """,
            "CREATE UNIQUE INDEX IF NOT EXISTS manager_account_name_nocase ON manager_account (lower(name))",
            // Version 11: a correction an employee asks for at a kiosk, as its latest state: asked
            // (by the kiosk, under its id and a number made at random there), answered (by a
            // desk), and the answer shown (by whichever kiosk the employee visited next).
            """
            CREATE TABLE IF NOT EXISTS correction_request (
                node text NOT NULL,
                origin_id bigint NOT NULL,
                employee_code text NOT NULL,
                date text NOT NULL,
                left_at text NOT NULL,
                reason text NOT NULL,
                asked_at_ms bigint NOT NULL,
                state text NOT NULL,
                decided_at_ms bigint,
                decided_by text,
                answer text,
                seen_at_ms bigint,
                \(changeColumns),
                PRIMARY KEY (node, origin_id)
            )
            """,
            "CREATE INDEX IF NOT EXISTS correction_request_by_seq ON correction_request (seq)",
            "CREATE INDEX IF NOT EXISTS manager_account_by_seq ON manager_account (seq)",
            "CREATE INDEX IF NOT EXISTS employee_by_seq ON employee (seq)",
            "CREATE INDEX IF NOT EXISTS allowed_wifi_by_seq ON allowed_wifi (seq)",
            "CREATE INDEX IF NOT EXISTS holiday_by_seq ON holiday (seq)",
            "CREATE INDEX IF NOT EXISTS leave_by_seq ON leave (seq)",
            "CREATE INDEX IF NOT EXISTS punch_by_seq ON punch (seq)",
            "CREATE INDEX IF NOT EXISTS punch_by_date ON punch (attendance_date, employee_code)",
            "CREATE INDEX IF NOT EXISTS punch_correction_by_seq ON punch_correction (seq)",
            "CREATE INDEX IF NOT EXISTS audit_log_by_seq ON audit_log (seq)",

            // History is evidence, here as on every kiosk: nobody, the owner included, updates,
            // deletes or truncates punches, corrections or the audit log.
            """
            CREATE OR REPLACE FUNCTION attendance_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION '% is append-only: history is never changed or removed; corrections are new records',
                    TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
            END $$
            """,
            // Any change to a kept state gets the next change number, whoever makes it.
            """
            CREATE OR REPLACE FUNCTION attendance_next_change() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                NEW.seq := nextval('public.change_seq');
                NEW.changed_at := now();
                RETURN NEW;
            END $$
            """,
        ]

    /// The tables that hold history: punches, corrections, the audit log, the chain's links.
    static let historyTables = ["punch", "punch_correction", "audit_log", "history_link", "node_rejoin"]

    /// History is append-only; a kept state takes the next change number on every change.
    private static let historyGuards: [String] =
        historyTables.flatMap { table in
            trigger("\(table)_append_only", "BEFORE UPDATE OR DELETE", on: table, function: "attendance_append_only")
                + trigger(
                    "\(table)_no_truncate", "BEFORE TRUNCATE", on: table, forEach: "STATEMENT",
                    function: "attendance_append_only")
        }
        + ["employee", "allowed_wifi", "holiday", "leave", "manager_account", "correction_request"].flatMap(stateGuards)

    /// A kept state's triggers: the next change number on every change, and a change made with SQL
    /// outside the functions locked and audited (``directChangeFunctions``).
    private static func stateGuards(_ table: String) -> [String] {
        let next = trigger("\(table)_next_change", "BEFORE UPDATE", on: table, function: "attendance_next_change")
        let lock = trigger(
            "\(table)_direct_lock", "BEFORE INSERT OR UPDATE OR DELETE", on: table, forEach: "STATEMENT",
            function: "attendance_direct_change_lock")
        let audit = trigger(
            "\(table)_direct_audit", "AFTER INSERT OR UPDATE OR DELETE", on: table,
            function: "attendance_direct_change_audit")
        return next + lock + audit
    }

    /// A trigger made anew, as every statement here must be safe to run again: dropped when it is
    /// there, then created to call `function`.
    private static func trigger(
        _ name: String, _ timing: String, on table: String, forEach level: String = "ROW", function: String
    ) -> [String] {
        [
            "DROP TRIGGER IF EXISTS \(name) ON \(table)",
            """
            CREATE TRIGGER \(name) \(timing) ON \(table)
            FOR EACH \(level) EXECUTE FUNCTION \(function)()
            """,
        ]
    }

    private static let versionRow = """
        INSERT INTO schema_info (key, value) VALUES ('version', '\(version)')
        ON CONFLICT (key) DO UPDATE SET value = excluded.value
        """
}
