#!/usr/bin/env python3
"""An independent reading of the history chain (docs/rules.md "History"), for the tests.

    history_chain.py STORE check     prints "ok N" when every stored link is what this
                                     script computes from the records, else the first seq
                                     that differs
    history_chain.py STORE rewrite   recomputes every link from the records as they are now
                                     and writes them over the stored ones (what an attacker
                                     with root would do after changing a record); the chain's
                                     guards must have been dropped first

Written from the description of the encoding, not from the program's code: a label, the kind,
the number of values, then each value tagged (0 null, 1 integer, 2 real, 3 text, 4 bytes) with
integers and lengths as 8-byte big-endian numbers; SHA-256 over the previous hash and that.
"""
import hashlib
import sqlite3
import struct
import sys

CODE = "(SELECT code FROM employee WHERE id = r.employee_id)"
VALUES = {
    "punch": ["r.id", "r.employee_id", CODE, "r.instant_ms", "r.zone", "r.attendance_date", "r.kind", "r.source",
              "r.ssid", "r.bssid", "r.location", "r.note", "r.entered_by", "r.clock_went_back", "r.created_at_ms",
              "r.origin_node", "r.origin_id"],
    "punch_correction": ["r.id", "r.punch_id", "r.employee_id", CODE, "r.action", "r.punch_date", "r.from_date",
                         "r.to_date", "r.new_instant_ms", "r.outside_edit_window", "r.actor", "r.at_ms", "r.reason",
                         "r.origin_node", "r.origin_id"],
    "audit_log": ["r.id", "r.at_ms", "r.actor", "r.action", "r.entity", "r.entity_key", "r.employee_id", CODE,
                  "r.old_value", "r.new_value", "r.reason", "r.origin_node", "r.origin_id"],
}


def number(value):
    return struct.pack(">Q", value & 0xFFFFFFFFFFFFFFFF)


def encode(kind, values):
    out = bytearray(b"attendance-history-v1\0")
    name = kind.encode()
    out += number(len(name)) + name + number(len(values))
    for value in values:
        if value is None:
            out.append(0)
        elif isinstance(value, int):
            out.append(1)
            out += number(value)
        elif isinstance(value, float):
            out.append(2)
            out += struct.pack(">d", value)
        elif isinstance(value, str):
            text = value.encode()
            out.append(3)
            out += number(len(text)) + text
        else:
            out.append(4)
            out += number(len(value)) + bytes(value)
    return bytes(out)


def main():
    store, mode = sys.argv[1], sys.argv[2]
    db = sqlite3.connect(store)
    previous = bytes(32)
    entries = db.execute("SELECT seq, kind, record_id, prev, hash FROM history_chain ORDER BY seq").fetchall()
    for seq, kind, record_id, prev, stored in entries:
        row = db.execute(f"SELECT {', '.join(VALUES[kind])} FROM {kind} AS r WHERE r.id = ?", (record_id,)).fetchone()
        link = hashlib.sha256(previous + encode(kind, list(row))).digest()
        if mode == "check" and (bytes(prev) != previous or bytes(stored) != link):
            print(f"differs at {seq}")
            return 1
        if mode == "rewrite":
            db.execute("UPDATE history_chain SET prev = ?, hash = ? WHERE seq = ?", (previous, link, seq))
        previous = link
    db.commit()
    print(f"ok {len(entries)} {previous.hex()}")
    return 0


sys.exit(main())
