import GRDB

/// The database schema, as append-only migrations.
///
/// A migration, once released, is never edited: a change is a new migration at the end. They
/// use SQL only, never the app's types, so an old store upgrades the same way forever.
enum Schema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        let migrations: [(name: String, migrate: @Sendable (Database) throws -> Void)] = [
            ("v1: employees, allowed WiFi, punches, holidays, leave, audit", sql(v1)),
            ("v2: punch corrections, append-only; punches immutable", sql(v2)),
            ("v3: a covering index for everyone's punches of a date range", sql(v3)),
            ("v4: records from other kiosks through the central store; sync state", sql(v4)),
            ("v5: a hash chain over the history", migrateToV5),
            ("v6-pin-attempts: PIN attempts under way; wrong PINs of unknown codes, bounded", sql(v6PINAttempts)),
            ("v7-clock-went-back: which punches were stored with the clock gone back", sql(v7ClockWentBack)),
            ("v8-clock-off: how far a kiosk's clock was from the central store's", sql(v8ClockOff)),
            ("v9-origin-alias: the numbers a restored store's records go up under", sql(v9OriginAlias)),
            ("v10-managers: the web console's accounts", sql(v10Managers)),
            ("v11-language: the language the kiosk speaks to each employee", sql(v11Language)),
            (
                "v12-types-departments: each leave's type; each employee's department",
                { db in
                    // The oldest stores the tests keep were made with only the tables they used.
                    if try db.tableExists("leave") { try db.execute(sql: v12LeaveType) }
                    try db.execute(sql: v12Department)
                }
            ),
            ("v13-correction-requests: corrections employees ask for at the kiosk", sql(v13CorrectionRequests)),
            ("v14-one-time-pins: which PINs were made for the employee to replace", sql(v14OneTimePIN)),
            ("v15-own-records: the records made here, found without reading the pulled ones", sql(v15OwnRecords)),
            ("v16-travelling-requests: requests asked at one kiosk, answered at any desk", sql(v16TravellingRequests)),
        ]
        for migration in migrations { migrator.registerMigration(migration.name, migrate: migration.migrate) }
        return migrator
    }

    /// A migration that is one SQL text.
    private static func sql(_ text: String) -> @Sendable (Database) throws -> Void {
        { db in try db.execute(sql: text) }
    }

    /// Instants are UTC milliseconds since 1970 (`*_ms`); dates are `YYYY-MM-DD` text, which
    /// sorts in date order; times of day are `HH:MM`.
    static let v1 = """
        CREATE TABLE employee (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            code TEXT NOT NULL UNIQUE COLLATE NOCASE,
            name TEXT NOT NULL,
            start_date TEXT,
            end_date TEXT,
            shift_start TEXT,
            shift_end TEXT,
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            pin_hash BLOB,
            pin_salt BLOB,
            pin_rounds INTEGER,
            failed_pin_attempts INTEGER NOT NULL DEFAULT 0,
            last_failed_pin_ms INTEGER,
            locked INTEGER NOT NULL DEFAULT 0 CHECK (locked IN (0, 1)),
            created_at_ms INTEGER NOT NULL,
            updated_at_ms INTEGER NOT NULL
        );

        CREATE TABLE allowed_wifi (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            bssid TEXT NOT NULL UNIQUE CHECK (length(bssid) = 17 AND bssid = lower(bssid)),
            ssid BLOB CHECK (ssid IS NULL OR length(ssid) <= 32),
            location TEXT NOT NULL,
            active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1)),
            created_at_ms INTEGER NOT NULL,
            updated_at_ms INTEGER NOT NULL
        );

        CREATE TABLE punch (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            employee_id INTEGER NOT NULL REFERENCES employee(id),
            instant_ms INTEGER NOT NULL,
            zone TEXT NOT NULL,
            attendance_date TEXT NOT NULL,
            kind TEXT NOT NULL CHECK (kind IN ('in', 'out')),
            source TEXT NOT NULL CHECK (source IN ('nl80211', 'simulated', 'manual', 'import')),
            ssid BLOB,
            bssid TEXT,
            location TEXT,
            note TEXT,
            entered_by TEXT,
            clock_went_back INTEGER NOT NULL DEFAULT 0,
            created_at_ms INTEGER NOT NULL
        );
        CREATE INDEX punch_by_employee_date ON punch(employee_id, attendance_date, instant_ms);
        CREATE INDEX punch_by_date ON punch(attendance_date);

        CREATE TABLE holiday (
            date TEXT PRIMARY KEY,
            name TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL
        );

        CREATE TABLE leave (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            employee_id INTEGER NOT NULL REFERENCES employee(id),
            date TEXT NOT NULL,
            half_day INTEGER NOT NULL DEFAULT 0 CHECK (half_day IN (0, 1)),
            reason TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL,
            UNIQUE (employee_id, date)
        );

        CREATE TABLE audit_log (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            at_ms INTEGER NOT NULL,
            actor TEXT NOT NULL,
            action TEXT NOT NULL,
            entity TEXT NOT NULL,
            entity_key TEXT NOT NULL,
            employee_id INTEGER REFERENCES employee(id),
            old_value TEXT,
            new_value TEXT,
            reason TEXT
        );
        CREATE INDEX audit_by_employee ON audit_log(employee_id, at_ms);

        -- History is evidence: the audit log is append-only, and a punch is never deleted nor
        -- moved to another time, kind or person. Corrections are new records.
        CREATE TRIGGER audit_log_no_update BEFORE UPDATE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER audit_log_no_delete BEFORE DELETE ON audit_log
        BEGIN SELECT RAISE(ABORT, 'the audit log is append-only'); END;
        CREATE TRIGGER punch_no_delete BEFORE DELETE ON punch
        BEGIN SELECT RAISE(ABORT, 'punches are never deleted; void them with a correction'); END;
        CREATE TRIGGER punch_no_rewrite BEFORE UPDATE OF employee_id, instant_ms, kind, attendance_date ON punch
        BEGIN SELECT RAISE(ABORT, 'a punch''s time, kind and employee never change; correct it with a new record'); END;
        """

    /// Manager corrections (docs/rules.md "Punches" 6): each adds, voids, restores or re-times one
    /// punch through a new row that names who, when and why. A punch's effective state is its
    /// row with its corrections applied in id order; nothing is ever updated or deleted.
    ///
    /// `punch_date` is the punch's recorded attendance date, `from_date`/`to_date` its effective
    /// date before and after the correction: together they find every punch whose effective date
    /// falls in a range without reading the whole table, and every date a correction touched.
    static let v2 = """
        CREATE TABLE punch_correction (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            punch_id INTEGER NOT NULL REFERENCES punch(id),
            employee_id INTEGER NOT NULL REFERENCES employee(id),
            action TEXT NOT NULL CHECK (action IN ('add', 'void', 'restore', 'retime')),
            punch_date TEXT NOT NULL,
            from_date TEXT NOT NULL,
            to_date TEXT NOT NULL,
            new_instant_ms INTEGER,
            outside_edit_window INTEGER NOT NULL DEFAULT 0 CHECK (outside_edit_window IN (0, 1)),
            actor TEXT NOT NULL CHECK (length(trim(actor)) > 0),
            at_ms INTEGER NOT NULL,
            reason TEXT NOT NULL CHECK (length(trim(reason)) > 0),
            CHECK ((action = 'retime') = (new_instant_ms IS NOT NULL)),
            CHECK (action = 'retime' OR from_date = to_date)
        );
        CREATE INDEX punch_correction_by_punch ON punch_correction(punch_id, id);
        CREATE INDEX punch_correction_by_punch_date ON punch_correction(employee_id, punch_date);
        CREATE INDEX punch_correction_by_to_date ON punch_correction(employee_id, to_date);
        CREATE INDEX punch_correction_by_from_date ON punch_correction(from_date);

        -- Import dedupes on employee, instant and kind.
        CREATE INDEX punch_by_employee_instant ON punch(employee_id, instant_ms);

        -- A correction is history too: never changed, never removed.
        CREATE TRIGGER punch_correction_no_update BEFORE UPDATE ON punch_correction
        BEGIN SELECT RAISE(ABORT, 'punch corrections are append-only; make a new correction'); END;
        CREATE TRIGGER punch_correction_no_delete BEFORE DELETE ON punch_correction
        BEGIN SELECT RAISE(ABORT, 'punch corrections are append-only; make a new correction'); END;

        -- v1 guards a punch's time, kind, date and employee; the evidence recorded with it
        -- (where, how, by whom, when) is just as fixed.
        CREATE TRIGGER punch_no_edit BEFORE UPDATE OF id, zone, source, ssid, bssid, location, note, entered_by,
            clock_went_back, created_at_ms ON punch
        BEGIN SELECT RAISE(ABORT, 'a punch is never edited; correct it with a new record'); END;
        """

    /// Reports read everyone's punches of a month (the register, the week summary, export,
    /// missing mark-outs). Through `punch_by_date` each row cost a look-up in the table, and
    /// when the rows of a month lie scattered over the table (punches imported employee by
    /// employee, or years of them) those look-ups read most of its pages. This index holds
    /// every column a punch is read with, in date then employee order, so such a read is one
    /// contiguous range of it. It starts with `attendance_date`, so it serves every query
    /// `punch_by_date` served, and that index goes: a punch still updates as many indexes as before.
    ///
    /// Reports also find every correction that touched a date range; without an index on the
    /// dates alone (v2 indexes them after `employee_id`) that read the whole correction table.
    static let v3 = """
        CREATE INDEX punch_by_date_covering ON punch(
            attendance_date, employee_id, instant_ms, kind, source, zone, created_at_ms, ssid, bssid, location, note);
        DROP INDEX IF EXISTS punch_by_date;

        CREATE INDEX punch_correction_by_punch_date_only ON punch_correction(punch_date);
        CREATE INDEX punch_correction_by_to_date_only ON punch_correction(to_date);
        """

    /// Many kiosks, one organisation (docs/architecture.md "The central store"). A record made
    /// here has no origin (`origin_node` NULL): its identity elsewhere is this store's node name
    /// and its id. A record that came from another kiosk through the central store keeps that
    /// kiosk's name and id, unique, so applying it twice stores it once. The covering index
    /// gains `origin_node`: pairing punches from several kiosks needs it, and a register still
    /// reads one contiguous range. `sync_state` holds this store's name and its high-water marks.
    static let v4 = """
        ALTER TABLE punch ADD COLUMN origin_node TEXT;
        ALTER TABLE punch ADD COLUMN origin_id INTEGER;
        CREATE UNIQUE INDEX punch_by_origin ON punch(origin_node, origin_id) WHERE origin_node IS NOT NULL;
        ALTER TABLE punch_correction ADD COLUMN origin_node TEXT;
        ALTER TABLE punch_correction ADD COLUMN origin_id INTEGER;
        CREATE UNIQUE INDEX punch_correction_by_origin ON punch_correction(origin_node, origin_id)
            WHERE origin_node IS NOT NULL;
        ALTER TABLE audit_log ADD COLUMN origin_node TEXT;
        ALTER TABLE audit_log ADD COLUMN origin_id INTEGER;
        CREATE UNIQUE INDEX audit_log_by_origin ON audit_log(origin_node, origin_id) WHERE origin_node IS NOT NULL;

        DROP INDEX punch_by_date_covering;
        CREATE INDEX punch_by_date_covering ON punch(
            attendance_date, employee_id, instant_ms, kind, source, zone, created_at_ms, ssid, bssid, location, note,
            origin_node);

        CREATE TRIGGER punch_origin_fixed BEFORE UPDATE OF origin_node, origin_id ON punch
        BEGIN SELECT RAISE(ABORT, 'a punch is never edited; correct it with a new record'); END;

        CREATE TABLE sync_state (key TEXT PRIMARY KEY, value TEXT NOT NULL);
        """

    // MARK: - v5: the history chain

    /// The records that make up history, and the values of each that its link covers, in this
    /// order, for ever (docs/rules.md "History"). `r` is the record. The employee's code is
    /// covered, not only their row number, so swapping two employees' codes breaks the chain too.
    static let chainedKinds: [(kind: String, values: [String])] = [
        (
            "punch",
            [
                "r.id", "r.employee_id", "(SELECT code FROM employee WHERE id = r.employee_id)", "r.instant_ms",
                "r.zone",
                "r.attendance_date", "r.kind", "r.source", "r.ssid", "r.bssid", "r.location", "r.note", "r.entered_by",
                "r.clock_went_back", "r.created_at_ms", "r.origin_node", "r.origin_id",
            ]
        ),
        (
            "punch_correction",
            [
                "r.id", "r.punch_id", "r.employee_id", "(SELECT code FROM employee WHERE id = r.employee_id)",
                "r.action", "r.punch_date", "r.from_date", "r.to_date", "r.new_instant_ms", "r.outside_edit_window",
                "r.actor", "r.at_ms", "r.reason", "r.origin_node", "r.origin_id",
            ]
        ),
        (
            "audit_log",
            [
                "r.id", "r.at_ms", "r.actor", "r.action", "r.entity", "r.entity_key", "r.employee_id",
                "(SELECT code FROM employee WHERE id = r.employee_id)", "r.old_value", "r.new_value", "r.reason",
                "r.origin_node", "r.origin_id",
            ]
        ),
    ]

    /// The SQL function that makes a link: `attendance_history_link(previous, kind, value…)`,
    /// registered on every connection of the program (`HistoryLink.hash`). The sqlite3 tool
    /// has no such function, so a record it inserts is refused while the triggers stand.
    static let linkFunction = "attendance_history_link"

    /// The chain's last hash, or 32 zero bytes before the first record.
    static let lastHash = "coalesce((SELECT hash FROM history_chain ORDER BY seq DESC LIMIT 1), zeroblob(32))"

    /// `INSERT INTO history_chain …` for the record `r` of `kind` (`FROM` clause supplied after).
    static func chainInsert(kind: String, values: [String]) -> String {
        """
        INSERT INTO history_chain (kind, record_id, prev, hash)
        SELECT '\(kind)', r.id, last.hash, \(linkFunction)(last.hash, '\(kind)', \(values.joined(separator: ", ")))
        """
    }

    static let v5Tables = """
        CREATE TABLE history_chain (
            seq INTEGER PRIMARY KEY,
            kind TEXT NOT NULL CHECK (kind IN ('punch', 'punch_correction', 'audit_log')),
            record_id INTEGER NOT NULL,
            prev BLOB NOT NULL CHECK (length(prev) = 32),
            hash BLOB NOT NULL CHECK (length(hash) = 32)
        );
        CREATE TRIGGER history_chain_no_update BEFORE UPDATE ON history_chain
        BEGIN SELECT RAISE(ABORT, 'the history chain is append-only'); END;
        CREATE TRIGGER history_chain_no_delete BEFORE DELETE ON history_chain
        BEGIN SELECT RAISE(ABORT, 'the history chain is append-only'); END;
        """

    /// Creates the chain, links every record already there (in the order they were made), says
    /// so in the audit log, then links every new record in the transaction that inserts it.
    static func migrateToV5(_ db: Database) throws {
        try db.execute(sql: v5Tables)
        let existing = try Row.fetchAll(
            db,
            sql: """
                SELECT 'punch' AS kind, id, created_at_ms AS at FROM punch
                UNION ALL SELECT 'punch_correction', id, at_ms FROM punch_correction
                UNION ALL SELECT 'audit_log', id, at_ms FROM audit_log
                ORDER BY at, kind, id
                """)
        var statements: [String: Statement] = [:]
        for (kind, values) in chainedKinds {
            statements[kind] = try db.makeStatement(
                sql: chainInsert(kind: kind, values: values)
                    + " FROM \(kind) AS r, (SELECT \(lastHash) AS hash) AS last WHERE r.id = ?")
        }
        for row in existing {
            let kind: String = row["kind"]
            let id: Int64 = row["id"]
            try statements[kind]?.execute(arguments: [id])
        }
        for (kind, values) in chainedKinds {
            try db.execute(
                sql: """
                    CREATE TRIGGER \(kind)_chained AFTER INSERT ON \(kind)
                    BEGIN
                    \(chainInsert(kind: kind, values: values).replacingOccurrences(of: "r.", with: "NEW."))
                    FROM (SELECT \(lastHash) AS hash) AS last;
                    END
                    """)
        }
        if !existing.isEmpty {
            try db.execute(
                sql: """
                    INSERT INTO audit_log (at_ms, actor, action, entity, entity_key, reason)
                    VALUES (CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), 'attendance', 'chain-history',
                        'store', 'history', ?)
                    """,
                arguments: [
                    "the history chain was built over the \(existing.count) record\(existing.count == 1 ? "" : "s") made before it; "
                        + "from here on each record is linked as it is written"
                ])
        }
    }

    /// PIN attempts (README "PINs"). One row per code typed at a PIN prompt, keyed by the
    /// code as typed, lower-cased and cut to 64 characters: `in_progress` attempts reserved and
    /// not yet answered (the newest at `started_ms`), so checking the delay and taking an attempt
    /// is one step; and, for a code with no PIN to check (one that does not exist), its wrong
    /// PINs in a row, counted like an employee's. Rows are forgotten a day after they last
    /// changed, and at most a fixed number are kept (the longest unchanged go first).
    static let v6PINAttempts = """
        CREATE TABLE pin_attempt (
            code TEXT PRIMARY KEY,
            failures INTEGER NOT NULL DEFAULT 0,
            last_failure_ms INTEGER,
            in_progress INTEGER NOT NULL DEFAULT 0,
            started_ms INTEGER,
            touched_ms INTEGER NOT NULL
        );
        CREATE INDEX pin_attempt_by_touched ON pin_attempt(touched_ms);
        """

    /// Punches stored with the kiosk's clock gone back are flagged for the manager on their date.
    /// Reports read punches from the covering index, which does not hold the flag: this partial
    /// index tells them at once whether any punch has it (nearly every store: none), so only then
    /// is the flag read from the table.
    static let v7ClockWentBack = """
        CREATE INDEX punch_clock_went_back ON punch(id) WHERE clock_went_back <> 0;
        """

    /// A kiosk learns the central store's time on every sync round; a punch it takes while its
    /// clock is more than two minutes off carries by how much, in minutes (the centre adds it to
    /// a punch stamped after the moment it arrived). Not part of the history chain, whose
    /// values never change: a flag for the manager's eye, fixed like the punch's other evidence.
    /// The partial index that tells reports whether any punch has a flag covers both flags.
    static let v8ClockOff = """
        ALTER TABLE punch ADD COLUMN clock_off_minutes INTEGER NOT NULL DEFAULT 0;
        CREATE TRIGGER punch_clock_off_fixed BEFORE UPDATE OF clock_off_minutes ON punch
        BEGIN SELECT RAISE(ABORT, 'a punch is never edited; correct it with a new record'); END;
        DROP INDEX punch_clock_went_back;
        CREATE INDEX punch_clock_doubted ON punch(id) WHERE clock_went_back <> 0 OR clock_off_minutes <> 0;
        """

    /// A store restored from an older copy made records under numbers the centre already holds
    /// for records the lost copy made. Each such record goes up under a new number, kept here for
    /// good (docs/architecture.md "The central store"): `origin_id` is the record's number at the centre and every
    /// other store, `local_id` its id here.
    static let v9OriginAlias = """
        CREATE TABLE origin_alias (
            kind TEXT NOT NULL CHECK (kind IN ('punch', 'punch_correction', 'audit_log')),
            local_id INTEGER NOT NULL,
            origin_id INTEGER NOT NULL,
            PRIMARY KEY (kind, local_id)
        ) WITHOUT ROWID;
        CREATE UNIQUE INDEX origin_alias_by_origin ON origin_alias(kind, origin_id);
        CREATE TRIGGER origin_alias_no_update BEFORE UPDATE ON origin_alias
        BEGIN SELECT RAISE(ABORT, 'a record keeps the number it went up under'); END;
        CREATE TRIGGER origin_alias_no_delete BEFORE DELETE ON origin_alias
        BEGIN SELECT RAISE(ABORT, 'a record keeps the number it went up under'); END;
        """

    /// The manager's web console signs people in with these accounts: a name, a role (a viewer
    /// reads, a manager also changes) and a salted, slow password hash
    /// (`pbkdf2-sha256$ROUNDS$SALT$HASH`). A removed account keeps its row, so the audit log's
    /// "NAME via web" still names someone, and its name is never given to another.
    static let v10Managers = """
        CREATE TABLE manager (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            name TEXT NOT NULL UNIQUE COLLATE NOCASE,
            role TEXT NOT NULL CHECK (role IN ('manager', 'viewer')),
            password_hash TEXT NOT NULL,
            created_at_ms INTEGER NOT NULL,
            updated_at_ms INTEGER NOT NULL,
            removed_at_ms INTEGER
        );
        """

    /// An ISO 639-1 code ("fr", "es"); NULL: the office's language. Only the form is checked here:
    /// which languages have a catalog is the program's business, not the schema's.
    static let v11Language = """
        ALTER TABLE employee ADD COLUMN language TEXT CHECK (language IS NULL OR language GLOB '[a-z][a-z]');
        """

    /// A leave's type is a name from the configuration ("annual", "sick"); every leave recorded
    /// before is annual. A department is a label ("Sales"); NULL: none. Only the forms are checked
    /// here: which types an office has is its configuration's business.
    static let v12LeaveType = """
        ALTER TABLE leave ADD COLUMN type TEXT NOT NULL DEFAULT 'annual'
            CHECK (length(type) BETWEEN 1 AND 20 AND type NOT GLOB '*[^a-z0-9_]*' AND type GLOB '[a-z]*');
        """
    static let v12Department = """
        ALTER TABLE employee ADD COLUMN department TEXT
            CHECK (department IS NULL OR length(department) BETWEEN 1 AND 100);
        """

    /// A correction an employee asks for at the kiosk ("I left at 18:00 on Tue 24"): it changes
    /// nothing until a manager answers it. `waiting`, then `approved` (the correction was made in
    /// the same transaction) or `refused` (with the manager's `answer`). `seen_at_ms` is when the
    /// employee's menu first showed the answer. Kept on the store where it was asked; it does not
    /// travel through the central store.
    static let v13CorrectionRequests = """
        CREATE TABLE correction_request (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            employee_id INTEGER NOT NULL REFERENCES employee(id),
            date TEXT NOT NULL,
            left_at TEXT NOT NULL,
            reason TEXT NOT NULL CHECK (length(reason) BETWEEN 1 AND 500),
            asked_at_ms INTEGER NOT NULL,
            state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'approved', 'refused')),
            decided_at_ms INTEGER,
            decided_by TEXT,
            answer TEXT,
            seen_at_ms INTEGER
        );
        CREATE INDEX correction_request_waiting ON correction_request(state, date);
        CREATE INDEX correction_request_by_employee ON correction_request(employee_id, state);
        """

    /// A PIN handed out on a printed slip (`employee pins`) is one-time: 1 until the PIN is set
    /// again. A PIN the employee chose, or one set with `employee set-pin`, is 0.
    static let v14OneTimePIN = """
        ALTER TABLE employee ADD COLUMN pin_one_time INTEGER NOT NULL DEFAULT 0 CHECK (pin_one_time IN (0, 1));
        """

    /// A store's own records are those with no origin. Every round counts and sends those past
    /// its push marks; on a desk, whose copy holds the whole organisation's records and few of
    /// its own, finding them by reading every pulled row would make each command pay for the
    /// copy's size. These partial indexes hold only the store's own rows.
    ///
    /// `pulled_page_end` keeps the last link each page of pulled records added to the chain: the
    /// chain's head when that page was committed, which a register may have printed as its
    /// digest. A desk sends the centre those links and the links of its own records, not the
    /// link of every record it merely pulled (the centre holds each of those records, linked in
    /// the chain of the store that made it); a row goes once its link has been sent.
    static let v15OwnRecords = """
        CREATE INDEX punch_own ON punch(id) WHERE origin_node IS NULL;
        CREATE INDEX punch_correction_own ON punch_correction(id) WHERE origin_node IS NULL;
        CREATE INDEX audit_log_own ON audit_log(id) WHERE origin_node IS NULL;
        CREATE TABLE pulled_page_end (seq INTEGER PRIMARY KEY);
        """

    /// Requests travel through the central store: asked at a kiosk, answered at a desk, the answer
    /// shown at the kiosk the employee visits next. One asked here has no `origin_node`; its
    /// `origin_id`, made at random when it is asked, names it everywhere with this store's node
    /// name (a store restored from an older copy cannot ask again under a number the centre
    /// holds). One from elsewhere keeps its origin. `changed_seq` numbers the changes made here
    /// (an ask, an answer, an answer shown), which a sync round sends past its mark; a change
    /// pulled from the centre leaves it as it is.
    static let v16TravellingRequests = """
        ALTER TABLE correction_request ADD COLUMN origin_node TEXT;
        ALTER TABLE correction_request ADD COLUMN origin_id INTEGER;
        ALTER TABLE correction_request ADD COLUMN changed_seq INTEGER NOT NULL DEFAULT 0;
        UPDATE correction_request SET origin_id = (random() & 9223372036854775807) | 1, changed_seq = id;
        CREATE UNIQUE INDEX correction_request_by_origin ON correction_request(coalesce(origin_node, ''), origin_id);
        CREATE INDEX correction_request_changed ON correction_request(changed_seq) WHERE changed_seq > 0;
        """
}
