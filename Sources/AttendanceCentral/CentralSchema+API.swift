import AttendanceCore

// What a login may do at the centre, and how every record is checked there (schema 11).
//
// A kiosk is a machine at a door, and its password file the easiest secret of the organisation
// to steal. So no login reaches a table directly: kiosks and desks call the functions below,
// which run as the schema's owner with a fixed search path, refer to every table by its schema,
// assign change numbers and times themselves, take records only under the caller's own kiosk id,
// and refuse a whole batch, naming the record, when one record is wrong.

extension CentralSchema {
    /// The custom SQLSTATEs the functions raise, which the store maps to ``CentralError``.
    enum Refusal {
        /// A record the centre will not take (the message says which and why).
        static let refused = "AT001"
        /// A desk's change would undo a newer one (the detail names each row, one a line).
        static let conflict = "AT002"
        /// A pushed history link does not extend the centre's (the detail is the link's number).
        static let historyDiverged = "AT003"
        /// The kiosk id is held by another store or login.
        static let nameTaken = "AT004"
    }

    /// How long a writer may hold the writers' lock before the next writer ends its session:
    /// waiting on its client (a frozen kiosk, a cut network, a login holding on purpose), and
    /// busy in a statement. An honest push is one statement of a few milliseconds.
    static let idleHolderSeconds = 2
    static let busyHolderSeconds = 5

    /// ``Policy/clockTolerance`` in milliseconds: a kiosk punch stamped further than this after
    /// it arrives is flagged with its clock's lead.
    static let clockToleranceMs = Int(Policy.clockTolerance * 1000)

    // MARK: - Values every record must have, whoever writes it

    /// Checks of values, named and added once, not validated against rows an older version
    /// stored (those stay readable; every new or changed row is checked).
    static let checks: [String] =
        [
            #"""
            CREATE OR REPLACE FUNCTION attendance_is_date(value text) RETURNS boolean
            LANGUAGE plpgsql IMMUTABLE SET search_path = pg_catalog AS $$
            BEGIN
                RETURN value ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$' AND to_char(value::date, 'YYYY-MM-DD') = value;
            EXCEPTION WHEN others THEN
                RETURN false;
            END $$
            """#,
            // The rules of the kiosk's own PersonName and FreeText, in code points rather than
            // characters: no control characters, bidirectional overrides or line separators.
            #"""
            CREATE OR REPLACE FUNCTION attendance_is_plain(value text, longest integer) RETURNS boolean
            LANGUAGE sql IMMUTABLE SET search_path = pg_catalog AS $$
                SELECT length(btrim(value)) BETWEEN 1 AND longest
                    AND value !~ '[\x01-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069]'
            $$
            """#,
            "CREATE UNIQUE INDEX IF NOT EXISTS employee_code_nocase ON employee (lower(code))",
            "CREATE INDEX IF NOT EXISTS audit_log_wrong_pin ON audit_log (node, lower(employee_code)) WHERE action = 'wrong-pin'",
        ]
        + constraint("employee_code_form", on: "employee", "CHECK (code ~ '^[A-Za-z0-9_-]{1,32}$')")
        + constraint("employee_name_plain", on: "employee", "CHECK (attendance_is_plain(name, 400))")
        + constraint(
            "employee_dates", on: "employee", "CHECK (attendance_is_date(start_date) AND attendance_is_date(end_date))")
        + constraint(
            "employee_shift", on: "employee",
            "CHECK (shift_start ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' AND shift_end ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$')")
        + constraint("employee_language", on: "employee", "CHECK (language ~ '^[a-z]{2}$')")
        + constraint("employee_department", on: "employee", "CHECK (attendance_is_plain(department, 400))")
        + constraint(
            "employee_pin", on: "employee",
            """
            CHECK ((pin_hash IS NULL) = (pin_salt IS NULL) AND (pin_hash IS NULL) = (pin_rounds IS NULL)
                AND (pin_hash IS NULL OR (length(pin_hash) = 32 AND length(pin_salt) BETWEEN 8 AND 64
                    AND pin_rounds BETWEEN 10000 AND 1000000)))
            """)
        + constraint(
            "manager_account_values", on: "manager_account",
            #"""
            CHECK (name ~ '^[A-Za-z0-9._@-]{1,64}$' AND role IN ('manager', 'viewer')
                AND password_hash ~ '^pbkdf2-sha256\$[0-9]{5,7}\$[A-Za-z0-9+/]{8,128}={0,2}\$[A-Za-z0-9+/]{8,128}={0,2}$'
                AND split_part(password_hash, '$', 2)::integer BETWEEN 10000 AND 1000000)
            """#)
        + constraint(
            "correction_request_values", on: "correction_request",
            """
            CHECK (origin_id > 0 AND attendance_is_date(date) AND left_at ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'
                AND attendance_is_plain(reason, 500) AND asked_at_ms BETWEEN 0 AND 7258118400000
                AND state IN ('waiting', 'approved', 'refused') AND (state = 'waiting') = (decided_at_ms IS NULL)
                AND (decided_by IS NULL OR attendance_is_plain(decided_by, 400))
                AND (answer IS NULL OR attendance_is_plain(answer, 2000)))
            """)
        + constraint(
            "correction_request_employee", on: "correction_request",
            "FOREIGN KEY (employee_code) REFERENCES employee (code)")
        + constraint("holiday_date", on: "holiday", "CHECK (attendance_is_date(date))")
        + constraint("holiday_name", on: "holiday", "CHECK (removed OR attendance_is_plain(name, 400))")
        + constraint("leave_date", on: "leave", "CHECK (attendance_is_date(date))")
        + constraint("leave_type", on: "leave", "CHECK (type ~ '^[a-z][a-z0-9_]{0,19}$')")
        + constraint("leave_employee", on: "leave", "FOREIGN KEY (employee_code) REFERENCES employee (code)")
        + constraint("allowed_wifi_location", on: "allowed_wifi", "CHECK (attendance_is_plain(location, 2000))")
        + constraint(
            "punch_values", on: "punch",
            """
            CHECK (attendance_is_date(attendance_date) AND instant_ms BETWEEN 0 AND 7258118400000
                AND length(zone) BETWEEN 1 AND 64 AND (bssid IS NULL OR bssid ~ '^([0-9a-f]{2}:){5}[0-9a-f]{2}$')
                AND (ssid IS NULL OR length(ssid) <= 32) AND origin_id > 0)
            """)
        + constraint("punch_clock_off", on: "punch", "CHECK (clock_off_minutes BETWEEN -32767 AND 32767)")
        + constraint("punch_employee", on: "punch", "FOREIGN KEY (employee_code) REFERENCES employee (code)")
        + constraint(
            "punch_correction_values", on: "punch_correction",
            """
            CHECK (attendance_is_date(punch_date) AND attendance_is_date(from_date) AND attendance_is_date(to_date)
                AND attendance_is_plain(actor, 400) AND attendance_is_plain(reason, 2000) AND origin_id > 0)
            """)
        + constraint(
            "punch_correction_punch", on: "punch_correction",
            "FOREIGN KEY (punch_node, punch_origin_id) REFERENCES punch (node, origin_id)")

    /// A constraint added when it is not there yet.
    private static func constraint(_ name: String, on table: String, _ definition: String) -> [String] {
        [
            """
            DO $$ BEGIN
                IF NOT EXISTS (SELECT FROM pg_constraint WHERE conname = '\(name)') THEN
                    ALTER TABLE \(table) ADD CONSTRAINT \(name) \(definition) NOT VALID;
                END IF;
            END $$
            """
        ]
    }

    /// The triggers and functions of schemas 4–6, which guarded direct writes no login may make now.
    static let retired: [String] =
        ["node_holder ON node", "employee_lock_raise_only ON employee"]
        .map { "DROP TRIGGER IF EXISTS \($0)" }
        + historyTables.map { "DROP TRIGGER IF EXISTS \($0)_own_records ON \($0)" }
        + ["attendance_node_holder", "attendance_own_records", "attendance_lock_raise_only"]
        .map { "DROP FUNCTION IF EXISTS \($0)()" }

    // MARK: - Roles and what each may call

    static let roles: [String] = [
        // Two roles for login users to be members of: attendance_kiosk (one login a kiosk) and
        // attendance_manager (the desks: they also read the tables).
        """
        DO $$ BEGIN
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'attendance_kiosk') THEN
                CREATE ROLE attendance_kiosk NOLOGIN;
            END IF;
            IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'attendance_manager') THEN
                CREATE ROLE attendance_manager NOLOGIN;
            END IF;
        END $$
        """
    ]

    /// The functions every login calls, with their argument types, as GRANT names them.
    static let callable = [
        "attendance_claim(text, text, text)", "attendance_push(text, jsonb, jsonb)",
        "attendance_pull(text, bigint, integer, text)", "attendance_note_pull(text)",
        "attendance_employee_names(text[])", "attendance_chain_head(text)",
        "attendance_own_links(text, bigint, integer)", "attendance_own_records(text, text, bigint, integer)",
        "attendance_rejoin(text, bigint)", "attendance_find_link(text)",
    ]

    static let grants: [String] =
        [
            "REVOKE ALL ON \(allTables) FROM attendance_kiosk, attendance_manager",
            "REVOKE ALL ON SEQUENCE change_seq FROM attendance_kiosk, attendance_manager",
            "GRANT SELECT ON \(allTables) TO attendance_manager",
            // Functions are callable by everyone unless told otherwise; new schemas' objects too.
            "REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC",
            "REVOKE CREATE ON SCHEMA public FROM PUBLIC",
            "GRANT EXECUTE ON FUNCTION \(callable.joined(separator: ", ")) TO attendance_kiosk, attendance_manager",
        ]

    /// Every session on the database: a transaction left open by a frozen client ends after
    /// 30 s, a peer that vanished without a word is noticed within a minute, and nobody makes
    /// temporary tables (which could stand in for the centre's own in a careless query).
    static let sessionLimits: [String] = [
        """
        DO $$ BEGIN
            EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '30s');
            EXECUTE format('ALTER DATABASE %I SET tcp_keepalives_idle = 30', current_database());
            EXECUTE format('ALTER DATABASE %I SET tcp_keepalives_interval = 10', current_database());
            EXECUTE format('ALTER DATABASE %I SET tcp_keepalives_count = 3', current_database());
            EXECUTE format('REVOKE TEMPORARY ON DATABASE %I FROM PUBLIC', current_database());
        END $$
        """
    ]

    private static var allTables: String {
        "schema_info, node, employee, allowed_wifi, holiday, leave, manager_account, punch, punch_correction, "
            + "audit_log, history_link, node_rejoin, correction_request"
    }

    // MARK: - The functions

    /// The header of a function that runs as the owner: nothing a caller made can stand in for
    /// the centre's own objects.
    private static func definer(_ signature: String, returns: String, settings: String = "", _ body: String) -> String {
        """
        CREATE OR REPLACE FUNCTION public.\(signature) RETURNS \(returns)
        LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp\(settings) AS $$
        \(body)
        $$
        """
    }

    /// The node name under which the centre audits a change made with SQL outside the functions
    /// (the database's owner at psql): no kiosk id can take it.
    static let centralNode = "(central store)"

    /// A change to employees, access points, holidays or leave that did not come through
    /// `attendance_push` (the owner's own SQL) takes the writers' lock, so its change numbers
    /// commit in order too, and is written to the audit log under ``centralNode``: every store
    /// pulls it, lists it in `audit` and links it into its history, so the digest of every
    /// register printed after it differs. Fields a store does not keep, and PIN hashes, are left out.
    static let directChangeFunctions: [String] = [
        """
        CREATE OR REPLACE FUNCTION public.attendance_direct_change_lock() RETURNS trigger
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
        BEGIN
            IF current_setting('attendance.via_api', true) IS DISTINCT FROM 'on' THEN
                PERFORM public.attendance_writer_lock();
            END IF;
            RETURN NULL;
        END $$
        """,
        """
        CREATE OR REPLACE FUNCTION public.attendance_direct_change_audit() RETURNS trigger
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_skip text[] := ARRAY['seq', 'changed_by', 'changed_at', 'pin_hash', 'pin_salt', 'password_hash'];
            v_old jsonb;
            v_new jsonb;
            v_row jsonb;
        BEGIN
            IF current_setting('attendance.via_api', true) = 'on' THEN RETURN NULL; END IF;
            IF TG_OP <> 'INSERT' THEN v_old := to_jsonb(OLD) - v_skip; END IF;
            IF TG_OP <> 'DELETE' THEN v_new := to_jsonb(NEW) - v_skip; END IF;
            IF v_old IS NOT DISTINCT FROM v_new THEN RETURN NULL; END IF;
            v_row := coalesce(v_new, v_old);
            INSERT INTO public.audit_log (node, origin_id, at_ms, actor, action, entity, entity_key, employee_code,
                old_value, new_value, reason)
            VALUES ('\(centralNode)', nextval('public.central_audit_seq'),
                (extract(epoch FROM clock_timestamp()) * 1000)::bigint, session_user || ' (SQL at the central store)',
                CASE TG_OP WHEN 'INSERT' THEN 'add' WHEN 'DELETE' THEN 'remove' ELSE 'edit' END,
                CASE TG_TABLE_NAME WHEN 'allowed_wifi' THEN 'wifi' WHEN 'manager_account' THEN 'manager'
                    ELSE TG_TABLE_NAME END,
                CASE TG_TABLE_NAME WHEN 'employee' THEN v_row->>'code' WHEN 'allowed_wifi' THEN v_row->>'bssid'
                    WHEN 'holiday' THEN v_row->>'date' WHEN 'manager_account' THEN v_row->>'name'
                    ELSE (v_row->>'employee_code') || ' ' || (v_row->>'date') END,
                CASE WHEN TG_TABLE_NAME = 'leave' THEN v_row->>'employee_code'
                    WHEN TG_TABLE_NAME = 'employee' AND TG_OP <> 'DELETE' THEN v_row->>'code' END,
                v_old::text, v_new::text, 'changed at the central store outside the attendance program');
            RETURN NULL;
        END $$
        """,
    ]

    static let api: [String] = [
        // The login that opened the session, not the function's owner it runs as.
        """
        CREATE OR REPLACE FUNCTION public.attendance_kiosk_only() RETURNS boolean
        LANGUAGE sql STABLE SET search_path = pg_catalog AS $$
            SELECT pg_has_role(session_user, 'attendance_kiosk', 'MEMBER')
                AND NOT pg_has_role(session_user, 'attendance_manager', 'MEMBER')
        $$
        """,
        requireNodeFunction, chainLinksFunction, writerLockFunction, claimFunction, pushFunction, linksFunction,
        pullFunction, chainHeadFunction, ownLinksFunction, ownRecordsFunction, rejoinFunction, findLinkFunction,
        definer(
            "attendance_note_pull(p_node text)", returns: "void",
            """
            BEGIN
                UPDATE public.node SET last_pull = now()
                WHERE name = p_node AND (login = session_user OR NOT public.attendance_kiosk_only());
            END
            """),
        definer(
            "attendance_employee_names(p_codes text[])", returns: "TABLE (asked text, known_name text)",
            """
            BEGIN
                RETURN QUERY SELECT c.code, e.name FROM unnest(p_codes) AS c(code)
                    JOIN public.employee e ON lower(e.code) = lower(c.code);
            END
            """),
    ]

    /// Takes the writers' lock, which makes change numbers commit in order. It is held only
    /// while one statement runs on the server; a holder that waits on its client or runs far
    /// longer than a push does is ended, so no peer can stall the others for more than seconds.
    private static let writerLockFunction = """
        CREATE OR REPLACE FUNCTION public.attendance_writer_lock() RETURNS void
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_timeout text := current_setting('lock_timeout');
            v_holder integer;
        BEGIN
            FOR v_try IN 1..10 LOOP
                BEGIN
                    PERFORM set_config('lock_timeout', '1s', true);
                    PERFORM pg_advisory_xact_lock(\(writerLock));
                    PERFORM set_config('lock_timeout', v_timeout, true);
                    RETURN;
                EXCEPTION WHEN lock_not_available THEN
                    SELECT l.pid INTO v_holder FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                    WHERE l.locktype = 'advisory' AND l.classid = 0 AND l.objid = \(writerLock) AND l.granted
                        AND l.pid <> pg_backend_pid()
                        AND a.state_change < clock_timestamp() - CASE WHEN a.state = 'active'
                            THEN interval '\(busyHolderSeconds) seconds' ELSE interval '\(idleHolderSeconds) seconds' END;
                    IF v_holder IS NOT NULL THEN
                        BEGIN
                            PERFORM pg_terminate_backend(v_holder, 1000);
                        EXCEPTION WHEN insufficient_privilege THEN
                            NULL;
                        END;
                    END IF;
                END;
            END LOOP;
            RAISE EXCEPTION 'the central store is busy: another writer holds it' USING ERRCODE = 'lock_not_available';
        END $$
        """

    /// Makes sure `p_node` is the caller's store's name and returns the store identity kept
    /// with it (another store's means the name is taken). A kiosk's login holds one kiosk id,
    /// and never a desk's; a kiosk id made before schema 6 is bound by the store that made it.
    private static let claimFunction = definer(
        "attendance_claim(p_node text, p_role text, p_store_id text)", returns: "text",
        """
        DECLARE
            v_kiosk boolean := public.attendance_kiosk_only();
            v_held public.node%ROWTYPE;
            v_other text;
        BEGIN
            IF p_role IS NULL OR p_role NOT IN ('kiosk', 'desk') OR NOT public.attendance_is_plain(p_node, 200)
                OR p_node = '\(centralNode)'
            THEN
                RAISE EXCEPTION 'a store syncs as a kiosk or a desk, under a plain name' USING ERRCODE = '\(Refusal.refused)';
            END IF;
            IF v_kiosk AND p_role <> 'kiosk' THEN
                RAISE EXCEPTION 'a kiosk''s login syncs a kiosk, not a desk' USING ERRCODE = '\(Refusal.refused)';
            END IF;
            SELECT * INTO v_held FROM public.node WHERE name = p_node;
            IF v_kiosk AND v_held.name IS NOT NULL AND (v_held.role <> 'kiosk'
                OR v_held.login IS DISTINCT FROM session_user AND v_held.login IS NOT NULL
                OR v_held.login IS NULL AND v_held.store_id IS DISTINCT FROM p_store_id AND v_held.store_id IS NOT NULL)
            THEN
                RAISE EXCEPTION 'the kiosk id % is held by another login', p_node USING ERRCODE = '\(Refusal.nameTaken)';
            END IF;
            IF v_kiosk THEN
                SELECT name INTO v_other FROM public.node WHERE login = session_user AND name <> p_node LIMIT 1;
                IF v_other IS NOT NULL THEN
                    RAISE EXCEPTION 'this login already syncs the kiosk id %; give each kiosk a login of its own',
                        v_other USING ERRCODE = '\(Refusal.refused)';
                END IF;
            END IF;
            IF v_held.name IS NULL THEN
                INSERT INTO public.node (name, role, store_id, login) VALUES (p_node, p_role, p_store_id, session_user)
                ON CONFLICT (name) DO NOTHING;
                IF FOUND THEN RETURN p_store_id; END IF;
                -- Another store claimed it this very moment: the next round is told.
                RAISE EXCEPTION 'the kiosk id % is held by another login', p_node USING ERRCODE = '\(Refusal.nameTaken)';
            END IF;
            UPDATE public.node SET store_id = coalesce(store_id, p_store_id), login = coalesce(login, session_user)
            WHERE name = p_node AND (store_id IS NULL OR login IS NULL);
            RETURN coalesce(v_held.store_id, p_store_id);
        END
        """)

    /// Stores one batch from `p_node` as one statement: every record checked, nothing of it
    /// stored when one is refused. A desk's employees, access points, holidays and leave replace
    /// the centre's where the centre's row has not changed since the desk last pulled (`p_base`,
    /// its pull marks) or this desk changed it last; a kiosk's go in only where the centre has
    /// none. A kiosk's punches, corrections and audit entries are its own, name employees and
    /// punches the centre has, and correct only its own punches; a lock it raises needs the
    /// wrong PINs it recorded. A record sent again must be the one the centre has.
    private static let pushFunction = definer(
        "attendance_push(p_node text, p_batch jsonb, p_base jsonb)", returns: "void",
        """
        DECLARE
            v_kiosk boolean := public.attendance_kiosk_only();
            v_role text;
            v_login text;
            v_replace boolean;
            v_refused text[] := '{}';
            v_more text[];
            v_bad text;
            v_now_ms bigint := (extract(epoch FROM clock_timestamp()) * 1000)::bigint;
        BEGIN
            PERFORM public.attendance_writer_lock();
            -- What follows comes through the door, and is audited by the stores that sent it.
            PERFORM set_config('attendance.via_api', 'on', true);
            SELECT role, login INTO v_role, v_login FROM public.node WHERE name = p_node;
            IF NOT FOUND OR v_kiosk AND (v_role <> 'kiosk' OR v_login IS DISTINCT FROM session_user) THEN
                RAISE EXCEPTION 'the kiosk id % is held by another login', p_node USING ERRCODE = '\(Refusal.nameTaken)';
            END IF;
            v_replace := v_role = 'desk';
            UPDATE public.node SET last_push = now() WHERE name = p_node;

            -- Kept states.
            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(coalesce(p_batch->'employees', '[]')) AS r(code text, name text,
                    start_date text, end_date text, shift_start text, shift_end text, active boolean,
                    pin_hash_hex text, pin_salt_hex text, pin_rounds integer, locked boolean, language text,
                    department text)
            ), stored AS (
                INSERT INTO public.employee AS e (code, name, start_date, end_date, shift_start, shift_end, active,
                    pin_hash, pin_salt, pin_rounds, locked, language, department, changed_by)
                SELECT code, name, start_date, end_date, shift_start, shift_end, coalesce(active, true),
                    decode(pin_hash_hex, 'hex'), decode(pin_salt_hex, 'hex'), pin_rounds, coalesce(locked, false),
                    language, department, p_node
                FROM sent
                ON CONFLICT ((lower(code))) DO UPDATE SET name = excluded.name, start_date = excluded.start_date,
                    end_date = excluded.end_date, shift_start = excluded.shift_start, shift_end = excluded.shift_end,
                    language = excluded.language, department = excluded.department, active = excluded.active, pin_hash = excluded.pin_hash, pin_salt = excluded.pin_salt,
                    pin_rounds = excluded.pin_rounds, locked = excluded.locked, changed_by = excluded.changed_by
                WHERE v_replace AND (e.seq <= coalesce((p_base->>'employee')::bigint, 0) OR e.changed_by = p_node)
                RETURNING lower(e.code) AS key
            )
            SELECT coalesce(array_agg(format('employee %s (changed by %s)', e.code, e.changed_by) ORDER BY e.code), '{}')
            INTO v_more
            FROM sent JOIN public.employee e ON lower(e.code) = lower(sent.code)
            WHERE v_replace AND lower(sent.code) NOT IN (SELECT key FROM stored);
            v_refused := v_refused || v_more;

            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(coalesce(p_batch->'wifi', '[]'))
                    AS r(bssid text, ssid_hex text, location text, active boolean)
            ), stored AS (
                INSERT INTO public.allowed_wifi AS w (bssid, ssid, location, active, changed_by)
                SELECT bssid, decode(ssid_hex, 'hex'), location, coalesce(active, true), p_node FROM sent
                ON CONFLICT (bssid) DO UPDATE SET ssid = excluded.ssid, location = excluded.location,
                    active = excluded.active, changed_by = excluded.changed_by
                WHERE v_replace AND (w.seq <= coalesce((p_base->>'allowed_wifi')::bigint, 0) OR w.changed_by = p_node)
                RETURNING w.bssid
            )
            SELECT coalesce(array_agg(format('access point %s (changed by %s)', w.bssid, w.changed_by) ORDER BY w.bssid),
                '{}')
            INTO v_more
            FROM sent JOIN public.allowed_wifi w ON w.bssid = sent.bssid
            WHERE v_replace AND sent.bssid NOT IN (SELECT bssid FROM stored);
            v_refused := v_refused || v_more;

            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(coalesce(p_batch->'holidays', '[]'))
                    AS r(date text, name text, removed boolean)
            ), stored AS (
                INSERT INTO public.holiday AS h (date, name, removed, changed_by)
                SELECT date, name, coalesce(removed, false), p_node FROM sent
                ON CONFLICT (date) DO UPDATE SET name = excluded.name, removed = excluded.removed,
                    changed_by = excluded.changed_by
                WHERE v_replace AND (h.seq <= coalesce((p_base->>'holiday')::bigint, 0) OR h.changed_by = p_node)
                RETURNING h.date
            )
            SELECT coalesce(array_agg(format('holiday %s (changed by %s)', h.date, h.changed_by) ORDER BY h.date), '{}')
            INTO v_more
            FROM sent JOIN public.holiday h ON h.date = sent.date
            WHERE v_replace AND sent.date NOT IN (SELECT date FROM stored);
            v_refused := v_refused || v_more;

            WITH sent AS (
                SELECT coalesce(e.code, r.employee_code) AS employee_code, r.date, r.half_day, r.type, r.reason,
                    r.removed
                FROM jsonb_to_recordset(coalesce(p_batch->'leave', '[]'))
                    AS r(employee_code text, date text, half_day boolean, type text, reason text, removed boolean)
                LEFT JOIN public.employee e ON lower(e.code) = lower(r.employee_code)
            ), stored AS (
                INSERT INTO public.leave AS l (employee_code, date, half_day, type, reason, removed, changed_by)
                SELECT employee_code, date, coalesce(half_day, false), coalesce(type, 'annual'), coalesce(reason, ''),
                    coalesce(removed, false), p_node
                FROM sent
                ON CONFLICT (employee_code, date) DO UPDATE SET half_day = excluded.half_day, type = excluded.type,
                    reason = excluded.reason, removed = excluded.removed, changed_by = excluded.changed_by
                WHERE v_replace AND (l.seq <= coalesce((p_base->>'leave')::bigint, 0) OR l.changed_by = p_node)
                RETURNING l.employee_code || ' ' || l.date AS key
            )
            SELECT coalesce(array_agg(format('leave %s %s (changed by %s)', l.employee_code, l.date, l.changed_by)
                ORDER BY l.employee_code, l.date), '{}')
            INTO v_more
            FROM sent JOIN public.leave l ON l.employee_code = sent.employee_code AND l.date = sent.date
            WHERE v_replace AND sent.employee_code || ' ' || sent.date NOT IN (SELECT key FROM stored);
            v_refused := v_refused || v_more;

            -- The console's accounts come from desks only: one sent by a kiosk's login would let
            -- whoever holds a kiosk's password sign in at every console of the organisation.
            IF jsonb_array_length(coalesce(p_batch->'managers', '[]')) > 0 AND v_role <> 'desk' THEN
                RAISE EXCEPTION 'a kiosk does not send console accounts; they are made at a desk'
                    USING ERRCODE = '\(Refusal.refused)';
            END IF;
            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(coalesce(p_batch->'managers', '[]'))
                    AS r(name text, role text, password_hash text, removed boolean)
            ), stored AS (
                INSERT INTO public.manager_account AS m (name, role, password_hash, removed, changed_by)
                SELECT name, role, password_hash, coalesce(removed, false), p_node FROM sent
                ON CONFLICT ((lower(name))) DO UPDATE SET role = excluded.role,
                    password_hash = excluded.password_hash, removed = excluded.removed, changed_by = excluded.changed_by
                WHERE m.seq <= coalesce((p_base->>'manager_account')::bigint, 0) OR m.changed_by = p_node
                RETURNING lower(m.name) AS key
            )
            SELECT coalesce(array_agg(format('console account %s (changed by %s)', m.name, m.changed_by)
                ORDER BY m.name), '{}')
            INTO v_more
            FROM sent JOIN public.manager_account m ON lower(m.name) = lower(sent.name)
            WHERE lower(sent.name) NOT IN (SELECT key FROM stored);
            v_refused := v_refused || v_more;

            -- Requests for corrections: a store sends those asked there as new, a desk the answers
            -- it gave to waiting ones, and any store that an answer was shown. The question stays
            -- as it was asked; a kiosk never answers; an answer sent stale (the store had not
            -- heard of the centre's yet) changes nothing; a second answer is a conflict.
            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(coalesce(p_batch->'requests', '[]')) AS r(node text, origin_id bigint,
                    employee_code text, date text, left_at text, reason text, asked_at_ms bigint, state text,
                    decided_at_ms bigint, decided_by text, answer text, seen_at_ms bigint)
            ), judged AS (
                SELECT CASE
                        WHEN c.node IS NULL AND r.node IS DISTINCT FROM p_node THEN
                            format('request %s is sent under the kiosk id %s, not %s', r.origin_id, r.node, p_node)
                        WHEN c.node IS NULL
                            AND NOT EXISTS (SELECT FROM public.employee e WHERE lower(e.code) = lower(r.employee_code))
                        THEN
                            format('request %s names the employee %s, whom the centre does not know', r.origin_id,
                                r.employee_code)
                        WHEN c.node IS NOT NULL AND (lower(c.employee_code), c.date, c.left_at, c.reason, c.asked_at_ms)
                            IS DISTINCT FROM (lower(r.employee_code), r.date, r.left_at, r.reason, r.asked_at_ms)
                        THEN
                            format('request %s of %s is not the one the centre received under that number',
                                r.origin_id, r.node)
                        WHEN c.node IS NOT NULL AND v_kiosk AND r.state IS DISTINCT FROM 'waiting'
                            AND (c.state, c.decided_at_ms, c.decided_by, c.answer)
                                IS DISTINCT FROM (r.state, r.decided_at_ms, r.decided_by, r.answer)
                        THEN
                            format('request %s of %s: a kiosk does not answer requests; they are answered at a desk',
                                r.origin_id, r.node)
                    END AS reason
                FROM sent r LEFT JOIN public.correction_request c ON c.node = r.node AND c.origin_id = r.origin_id
            )
            SELECT reason INTO v_bad FROM judged WHERE reason IS NOT NULL LIMIT 1;
            IF v_bad IS NOT NULL THEN RAISE EXCEPTION '%', v_bad USING ERRCODE = '\(Refusal.refused)'; END IF;
            SELECT coalesce(array_agg(format('request %s of %s for %s on %s (answered by %s)', c.origin_id, c.node,
                    c.employee_code, c.date, c.decided_by) ORDER BY c.node, c.origin_id), '{}')
            INTO v_more
            FROM jsonb_to_recordset(coalesce(p_batch->'requests', '[]')) AS r(node text, origin_id bigint, state text,
                decided_at_ms bigint, decided_by text, answer text)
            JOIN public.correction_request c ON c.node = r.node AND c.origin_id = r.origin_id
            WHERE r.state <> 'waiting' AND c.state <> 'waiting'
                AND (c.state, c.decided_at_ms, c.decided_by, c.answer)
                    IS DISTINCT FROM (r.state, r.decided_at_ms, r.decided_by, r.answer);
            v_refused := v_refused || v_more;
            INSERT INTO public.correction_request AS c (node, origin_id, employee_code, date, left_at, reason,
                asked_at_ms, state, decided_at_ms, decided_by, answer, seen_at_ms, changed_by)
            SELECT r.node, r.origin_id, e.code, r.date, r.left_at, r.reason, r.asked_at_ms, r.state, r.decided_at_ms,
                r.decided_by, r.answer, r.seen_at_ms, p_node
            FROM jsonb_to_recordset(coalesce(p_batch->'requests', '[]')) AS r(node text, origin_id bigint,
                employee_code text, date text, left_at text, reason text, asked_at_ms bigint, state text,
                decided_at_ms bigint, decided_by text, answer text, seen_at_ms bigint)
            JOIN public.employee e ON lower(e.code) = lower(r.employee_code)
            ON CONFLICT (node, origin_id) DO UPDATE SET
                state = CASE WHEN c.state = 'waiting' THEN excluded.state ELSE c.state END,
                decided_at_ms = CASE WHEN c.state = 'waiting' THEN excluded.decided_at_ms ELSE c.decided_at_ms END,
                decided_by = CASE WHEN c.state = 'waiting' THEN excluded.decided_by ELSE c.decided_by END,
                answer = CASE WHEN c.state = 'waiting' THEN excluded.answer ELSE c.answer END,
                seen_at_ms = coalesce(c.seen_at_ms, excluded.seen_at_ms), changed_by = excluded.changed_by
            WHERE c.state = 'waiting' AND excluded.state <> 'waiting' AND NOT v_kiosk
                OR c.state <> 'waiting' AND c.seen_at_ms IS NULL AND excluded.seen_at_ms IS NOT NULL;

            IF cardinality(v_refused) > 0 THEN
                RAISE EXCEPTION 'newer changes at the centre' USING ERRCODE = '\(Refusal.conflict)',
                    DETAIL = array_to_string(v_refused, E'\\n');
            END IF;

            -- History: punches, then the corrections that name them, then the audit log.
            SELECT CASE
                    WHEN r.node IS DISTINCT FROM p_node THEN
                        format('punch %s is sent under the kiosk id %s, not %s', r.origin_id, r.node, p_node)
                    ELSE format('punch %s names the employee %s, whom the centre does not know', r.origin_id,
                        r.employee_code)
                END
            INTO v_bad
            FROM jsonb_to_recordset(coalesce(p_batch->'punches', '[]')) AS r(node text, origin_id bigint,
                employee_code text)
            WHERE r.node IS DISTINCT FROM p_node
                OR NOT EXISTS (SELECT FROM public.employee e WHERE lower(e.code) = lower(r.employee_code))
            LIMIT 1;
            IF v_bad IS NOT NULL THEN RAISE EXCEPTION '%', v_bad USING ERRCODE = '\(Refusal.refused)'; END IF;
            -- A punch stamped after the moment it arrives was taken on a clock running ahead: it
            -- carries by how much, as one the kiosk knew was off carries what the kiosk found.
            INSERT INTO public.punch (node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
                ssid, bssid, location, note, entered_by, clock_went_back, created_at_ms, clock_off_minutes)
            SELECT r.node, r.origin_id, e.code, r.instant_ms, r.zone, r.attendance_date, r.kind, r.source,
                decode(r.ssid_hex, 'hex'), r.bssid, r.location, r.note, r.entered_by, r.clock_went_back, r.created_at_ms,
                CASE WHEN coalesce(r.clock_off_minutes, 0) <> 0 THEN r.clock_off_minutes
                    WHEN r.source IN ('nl80211', 'simulated') AND r.instant_ms > v_now_ms + \(clockToleranceMs)
                    THEN least(ceil((r.instant_ms - v_now_ms) / 60000.0), 32767)::integer
                    ELSE 0 END
            FROM jsonb_to_recordset(coalesce(p_batch->'punches', '[]')) AS r(node text, origin_id bigint,
                employee_code text, instant_ms bigint, zone text, attendance_date text, kind text, source text,
                ssid_hex text, bssid text, location text, note text, entered_by text, clock_went_back boolean,
                created_at_ms bigint, clock_off_minutes integer)
            JOIN public.employee e ON lower(e.code) = lower(r.employee_code)
            ORDER BY r.origin_id
            ON CONFLICT (node, origin_id) DO NOTHING;
            SELECT format('punch %s of %s is not the one the centre received under that number: this store was '
                || 'restored from an older copy, or its history was changed', r.origin_id, p_node)
            INTO v_bad
            FROM jsonb_to_recordset(coalesce(p_batch->'punches', '[]')) AS r(origin_id bigint, employee_code text,
                instant_ms bigint, kind text, attendance_date text, source text)
            JOIN public.punch p ON p.node = p_node AND p.origin_id = r.origin_id
            WHERE (lower(p.employee_code), p.instant_ms, p.kind, p.attendance_date, p.source)
                IS DISTINCT FROM (lower(r.employee_code), r.instant_ms, r.kind, r.attendance_date, r.source)
            LIMIT 1;
            IF v_bad IS NOT NULL THEN RAISE EXCEPTION '%', v_bad USING ERRCODE = '\(Refusal.refused)'; END IF;

            SELECT CASE
                    WHEN r.node IS DISTINCT FROM p_node THEN
                        format('correction %s is sent under the kiosk id %s, not %s', r.origin_id, r.node, p_node)
                    WHEN v_kiosk AND r.punch_node IS DISTINCT FROM p_node THEN
                        format('correction %s changes a punch of %s: a kiosk corrects only its own punches',
                            r.origin_id, r.punch_node)
                    ELSE format('correction %s names the punch %s of %s, which the centre does not have',
                        r.origin_id, r.punch_origin_id, r.punch_node)
                END
            INTO v_bad
            FROM jsonb_to_recordset(coalesce(p_batch->'corrections', '[]')) AS r(node text, origin_id bigint,
                punch_node text, punch_origin_id bigint)
            WHERE r.node IS DISTINCT FROM p_node OR v_kiosk AND r.punch_node IS DISTINCT FROM p_node
                OR NOT EXISTS (SELECT FROM public.punch p WHERE p.node = r.punch_node AND p.origin_id = r.punch_origin_id)
            LIMIT 1;
            IF v_bad IS NOT NULL THEN RAISE EXCEPTION '%', v_bad USING ERRCODE = '\(Refusal.refused)'; END IF;
            INSERT INTO public.punch_correction (node, origin_id, punch_node, punch_origin_id, employee_code, action,
                punch_date, from_date, to_date, new_instant_ms, outside_edit_window, actor, at_ms, reason)
            SELECT r.node, r.origin_id, r.punch_node, r.punch_origin_id, p.employee_code, r.action, r.punch_date,
                r.from_date, r.to_date, r.new_instant_ms, r.outside_edit_window, r.actor, r.at_ms, r.reason
            FROM jsonb_to_recordset(coalesce(p_batch->'corrections', '[]')) AS r(node text, origin_id bigint,
                punch_node text, punch_origin_id bigint, action text, punch_date text, from_date text, to_date text,
                new_instant_ms bigint, outside_edit_window boolean, actor text, at_ms bigint, reason text)
            JOIN public.punch p ON p.node = r.punch_node AND p.origin_id = r.punch_origin_id
            ORDER BY r.origin_id
            ON CONFLICT (node, origin_id) DO NOTHING;

            SELECT format('audit entry %s is sent under the kiosk id %s, not %s', r.origin_id, r.node, p_node)
            INTO v_bad
            FROM jsonb_to_recordset(coalesce(p_batch->'audit', '[]')) AS r(node text, origin_id bigint)
            WHERE r.node IS DISTINCT FROM p_node
            LIMIT 1;
            IF v_bad IS NOT NULL THEN RAISE EXCEPTION '%', v_bad USING ERRCODE = '\(Refusal.refused)'; END IF;
            INSERT INTO public.audit_log (node, origin_id, at_ms, actor, action, entity, entity_key, employee_code,
                old_value, new_value, reason)
            SELECT r.node, r.origin_id, r.at_ms, r.actor, r.action, r.entity, r.entity_key,
                coalesce(e.code, r.employee_code), r.old_value, r.new_value, r.reason
            FROM jsonb_to_recordset(coalesce(p_batch->'audit', '[]')) AS r(node text, origin_id bigint, at_ms bigint,
                actor text, action text, entity text, entity_key text, employee_code text, old_value text,
                new_value text, reason text)
            LEFT JOIN public.employee e ON lower(e.code) = lower(r.employee_code)
            ORDER BY r.origin_id
            ON CONFLICT (node, origin_id) DO NOTHING;

            -- A kiosk raises a PIN lock after wrong PINs it recorded; only a manager lifts one. The
            -- lock is a change of its own: a desk's older edit of the employee cannot undo it.
            IF NOT v_replace THEN
                UPDATE public.employee e SET locked = true, changed_by = 'a kiosk (' || session_user || ')'
                FROM jsonb_to_recordset(coalesce(p_batch->'employees', '[]')) AS r(code text, locked boolean)
                WHERE r.locked AND lower(e.code) = lower(r.code) AND NOT e.locked
                    AND EXISTS (SELECT FROM public.audit_log a WHERE a.node = p_node AND a.action = 'wrong-pin'
                        AND lower(a.employee_code) = lower(e.code));
            END IF;

            PERFORM public.attendance_store_links(p_node, coalesce(p_batch->'links', '[]'));
        END
        """)

    /// Keeps `p_node`'s history links, refusing any that does not extend what the centre holds:
    /// a link already here must come again unchanged, and each new one must start from the one
    /// before it. Links go on the node's current line (``rejoinFunction``); one the centre holds
    /// already, as the part a re-joined line shares with the one before, is not kept twice.
    private static let linksFunction = """
        CREATE OR REPLACE FUNCTION public.attendance_store_links(p_node text, p_links jsonb) RETURNS void
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_seq bigint;
            v_reason text;
            v_line integer;
            v_from bigint;
            v_to bigint;
        BEGIN
            SELECT chain_line INTO v_line FROM public.node WHERE name = p_node;
            SELECT min(r.seq) - 1, max(r.seq) INTO v_from, v_to FROM jsonb_to_recordset(p_links) AS r(seq bigint);
            IF v_to IS NULL THEN RETURN; END IF;
            WITH sent AS (
                SELECT * FROM jsonb_to_recordset(p_links) AS r(seq bigint, kind text, record_node text,
                    record_id bigint, prev_hex text, hash_hex text)
            ), held AS (
                SELECT * FROM public.attendance_chain_links(p_node, v_from, v_to)
            ), checked AS (
                SELECT s.seq, s.prev_hex, s.hash_hex, encode(kept.hash, 'hex') AS kept,
                    coalesce(
                        CASE WHEN lag(s.seq) OVER w = s.seq - 1 THEN lag(s.hash_hex) OVER w END,
                        encode(before.hash, 'hex'), CASE WHEN s.seq = 1 THEN repeat('00', 32) END) AS before
                FROM sent s
                LEFT JOIN held kept ON kept.seq = s.seq
                LEFT JOIN held before ON before.seq = s.seq - 1
                WINDOW w AS (ORDER BY s.seq)
            )
            SELECT seq, CASE WHEN kept IS NOT NULL AND kept <> hash_hex
                    THEN 'differs from the one the centre received before'
                    ELSE format('does not follow record %s as the centre received it', seq - 1) END
            INTO v_seq, v_reason
            FROM checked
            WHERE kept IS NOT NULL AND kept <> hash_hex OR before IS NOT NULL AND before <> prev_hex
            ORDER BY seq LIMIT 1;
            IF v_seq IS NOT NULL THEN
                RAISE EXCEPTION '%', v_reason USING ERRCODE = '\(Refusal.historyDiverged)', DETAIL = v_seq::text;
            END IF;
            INSERT INTO public.history_link (node, line, seq, kind, record_node, record_id, prev, hash)
            SELECT p_node, v_line, r.seq, r.kind, r.record_node, r.record_id, decode(r.prev_hex, 'hex'),
                decode(r.hash_hex, 'hex')
            FROM jsonb_to_recordset(p_links) AS r(seq bigint, kind text, record_node text, record_id bigint,
                prev_hex text, hash_hex text)
            WHERE NOT EXISTS (SELECT FROM public.attendance_chain_links(p_node, v_from, v_to) h WHERE h.seq = r.seq)
            ORDER BY r.seq
            ON CONFLICT (node, line, seq) DO NOTHING;
        END $$
        """

    /// Raises "held by another login" unless the session may act for `p_node`: a desk's login for
    /// any, a kiosk's for the kiosk id it holds.
    private static let requireNodeFunction = """
        CREATE OR REPLACE FUNCTION public.attendance_require_node(p_node text) RETURNS void
        LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_role text;
            v_login text;
        BEGIN
            SELECT role, login INTO v_role, v_login FROM public.node WHERE name = p_node;
            IF NOT FOUND OR public.attendance_kiosk_only() AND (v_role <> 'kiosk' OR v_login IS DISTINCT FROM session_user)
            THEN
                RAISE EXCEPTION 'the kiosk id % is held by another login', p_node USING ERRCODE = '\(Refusal.nameTaken)';
            END IF;
        END $$
        """

    /// `p_node`'s chain as it stands, from `p_from` to `p_to`: its current line's links after the
    /// point it forked, and before that point the line it forked from (each link from the newest
    /// line that holds its number).
    private static let chainLinksFunction = """
        CREATE OR REPLACE FUNCTION public.attendance_chain_links(p_node text, p_from bigint, p_to bigint)
        RETURNS TABLE (seq bigint, hash bytea)
        LANGUAGE plpgsql STABLE SET search_path = pg_catalog, pg_temp AS $$
        DECLARE
            v_line integer;
            v_fork bigint;
        BEGIN
            SELECT chain_line, chain_fork INTO v_line, v_fork FROM public.node WHERE name = p_node;
            RETURN QUERY
                (SELECT l.seq, l.hash FROM public.history_link l
                WHERE l.node = p_node AND l.line = v_line AND l.seq > v_fork AND l.seq BETWEEN p_from AND p_to)
                UNION ALL
                (SELECT DISTINCT ON (l.seq) l.seq, l.hash FROM public.history_link l
                WHERE v_line > 0 AND l.node = p_node AND l.line < v_line AND l.seq <= v_fork
                    AND l.seq BETWEEN p_from AND p_to
                ORDER BY l.seq, l.line DESC);
        END $$
        """

    /// The last link of the caller's chain as the centre holds it: a store that finds it is not
    /// its own at that number, or finds the centre ahead of it, was restored from an older copy.
    private static let chainHeadFunction = definer(
        "attendance_chain_head(p_node text)", returns: "TABLE (seq bigint, hash_hex text)",
        """
        DECLARE
            v_line integer;
            v_fork bigint;
            v_seq bigint;
        BEGIN
            PERFORM public.attendance_require_node(p_node);
            SELECT chain_line, chain_fork INTO v_line, v_fork FROM public.node WHERE name = p_node;
            SELECT max(l.seq) INTO v_seq FROM public.history_link l
            WHERE l.node = p_node AND l.line = v_line AND l.seq > v_fork;
            v_seq := coalesce(v_seq, CASE WHEN v_fork > 0 THEN v_fork END);
            IF v_seq IS NULL THEN RETURN; END IF;
            RETURN QUERY SELECT c.seq, encode(c.hash, 'hex') FROM public.attendance_chain_links(p_node, v_seq, v_seq) c;
        END
        """)

    /// The caller's own links after `p_after`, as the centre holds them (number and hash).
    private static let ownLinksFunction = definer(
        "attendance_own_links(p_node text, p_after bigint, p_limit integer)",
        returns: "TABLE (seq bigint, hash_hex text)",
        """
        BEGIN
            PERFORM public.attendance_require_node(p_node);
            RETURN QUERY SELECT c.seq, encode(c.hash, 'hex')
                FROM public.attendance_chain_links(p_node, p_after + 1, p_after + least(greatest(p_limit, 1), 10000)) c
                ORDER BY c.seq;
        END
        """)

    /// The caller's own punches, corrections or audit entries after its number `p_after`, as
    /// JSON, with the last number and the count: what a store restored from an older copy lost.
    private static var ownRecordsFunction: String {
        pagesFunction(
            "attendance_own_records(p_node text, p_kind text, p_after bigint, p_limit integer)",
            first: "PERFORM public.attendance_require_node(p_node);",
            kinds: ["punch", "punch_correction", "audit_log"]
        ) { kind in
            """
            SELECT coalesce(json_agg(row_to_json(t) ORDER BY t.origin_id), '[]')::text, max(t.origin_id), count(*)
                FROM (SELECT \(pulledColumns(kind)) FROM public.\(kind)
                    WHERE node = p_node AND origin_id > p_after ORDER BY origin_id LIMIT p_limit) t
            """
        }
    }

    /// A function answering one page of `p_kind` as JSON, the last number and the count, with
    /// `query` for each of `kinds`, after `first`; `p_limit` is held to 1–10,000.
    private static func pagesFunction(
        _ signature: String, settings: String = "", first: String = "", kinds: [String],
        query: (String) -> String
    ) -> String {
        let branches = kinds.enumerated().map { index, kind in
            "\(index == 0 ? "IF" : "ELSIF") p_kind = '\(kind)' THEN\n    RETURN QUERY \(query(kind));"
        }
        return definer(
            signature, returns: "TABLE (page text, reached bigint, records bigint)", settings: settings,
            """
            BEGIN
                \(first)
                p_limit := least(greatest(p_limit, 1), 10000);
            \(branches.joined(separator: "\n"))
            ELSE
                RAISE EXCEPTION 'no such kind of record: %', p_kind USING ERRCODE = '\(Refusal.refused)';
            END IF;
            END
            """)
    }

    /// Where a printed digest stands in the chains the centre keeps: every kiosk's and desk's
    /// link with that hash (at most a few), its number, and whether it is on a line its store
    /// left when it was restored from an older copy. So a register printed at one store is
    /// verified at any other, or at the same desk after its copy was made anew.
    private static let findLinkFunction = definer(
        "attendance_find_link(p_hash_hex text)", returns: "TABLE (node text, seq bigint, superseded boolean)",
        """
        BEGIN
            IF p_hash_hex IS NULL OR p_hash_hex !~ '^[0-9a-f]{64}$' THEN
                RAISE EXCEPTION 'a digest is 64 hex digits' USING ERRCODE = '\(Refusal.refused)';
            END IF;
            RETURN QUERY SELECT l.node, l.seq,
                    NOT EXISTS (SELECT FROM public.attendance_chain_links(l.node, l.seq, l.seq) c WHERE c.hash = l.hash)
                FROM public.history_link l WHERE l.hash = decode(p_hash_hex, 'hex')
                ORDER BY l.received_at LIMIT 5;
        END
        """)

    /// A store restored from an older copy goes on from link `p_keep`, the last it shares with
    /// the centre: a new line of its chain starts there. The links after it stay, on the old line,
    /// with the records they name; `node_rejoin` keeps when, from where and by which login.
    private static let rejoinFunction = definer(
        "attendance_rejoin(p_node text, p_keep bigint)", returns: "integer",
        """
        DECLARE
            v_line integer;
            v_fork bigint;
            v_head bigint;
        BEGIN
            PERFORM public.attendance_writer_lock();
            PERFORM public.attendance_require_node(p_node);
            SELECT chain_line, chain_fork INTO v_line, v_fork FROM public.node WHERE name = p_node FOR UPDATE;
            SELECT coalesce(max(l.seq), v_fork) INTO v_head FROM public.history_link l
            WHERE l.node = p_node AND l.line = v_line AND l.seq > v_fork;
            IF p_keep IS NULL OR p_keep < 0 OR p_keep > v_head THEN
                RAISE EXCEPTION 'a store re-joins from a link of its chain that the centre holds (1–%), not %',
                    v_head, p_keep USING ERRCODE = '\(Refusal.refused)';
            END IF;
            IF p_keep = v_head THEN RETURN v_line; END IF;
            INSERT INTO public.node_rejoin (node, line, fork_seq, head_before, login)
            VALUES (p_node, v_line + 1, p_keep, v_head, session_user);
            UPDATE public.node SET chain_line = v_line + 1, chain_fork = p_keep WHERE name = p_node;
            RETURN v_line + 1;
        END
        """)

    /// One page of changes of `p_kind` after `p_after`, as JSON, with the last change number and
    /// the count. Records made by `p_node` itself are left out.
    private static var pullFunction: String {
        // Each page planned for its own mark: a plan made once for any mark scans the whole
        // table for every page of a large pull.
        pagesFunction(
            "attendance_pull(p_kind text, p_after bigint, p_limit integer, p_node text)",
            settings: " SET plan_cache_mode = force_custom_plan", kinds: pulledKinds, query: pageQuery)
    }

    /// The kinds of change a store pulls, in the order they are applied: states before the
    /// records that name them, punches before the corrections that name them.
    static let pulledKinds = [
        "employee", "allowed_wifi", "holiday", "leave", "manager_account", "punch", "punch_correction", "audit_log",
        "correction_request",
    ]

    /// The query of one page of `kind`, over the pull function's arguments. Records made by
    /// the puller itself are left out.
    private static func pageQuery(_ kind: String) -> String {
        let ownOnly = ["punch", "punch_correction", "audit_log"].contains(kind) ? " AND node <> p_node" : ""
        return """
            SELECT coalesce(json_agg(row_to_json(t) ORDER BY t.seq), '[]')::text, max(t.seq), count(*)
                FROM (SELECT seq, \(pulledColumns(kind)) FROM public.\(kind) WHERE seq > p_after\(ownOnly)
                    ORDER BY seq LIMIT p_limit) t
            """
    }

    /// The columns a store receives of a record of `kind`, as JSON names them.
    private static func pulledColumns(_ kind: String) -> String {
        switch kind {
        case "employee":
            """
            code, name, start_date, end_date, shift_start, shift_end, active, encode(pin_hash, 'hex') AS pin_hash_hex,
            encode(pin_salt, 'hex') AS pin_salt_hex, pin_rounds, locked, language, department
            """
        case "allowed_wifi": "bssid, encode(ssid, 'hex') AS ssid_hex, location, active"
        case "holiday": "date, name, removed"
        case "manager_account": "name, role, password_hash, removed"
        case "leave": "employee_code, date, half_day, type, reason, removed"
        case "correction_request":
            """
            node, origin_id, employee_code, date, left_at, reason, asked_at_ms, state, decided_at_ms, decided_by,
            answer, seen_at_ms
            """
        case "punch":
            """
            node, origin_id, employee_code, instant_ms, zone, attendance_date, kind, source,
            encode(ssid, 'hex') AS ssid_hex, bssid, location, note, entered_by, clock_went_back, created_at_ms,
            clock_off_minutes
            """
        case "punch_correction":
            """
            node, origin_id, punch_node, punch_origin_id, employee_code, action, punch_date, from_date, to_date,
            new_instant_ms, outside_edit_window, actor, at_ms, reason
            """
        default:
            """
            node, origin_id, at_ms, actor, action, entity, entity_key, employee_code, old_value, new_value, reason
            """
        }
    }
}
