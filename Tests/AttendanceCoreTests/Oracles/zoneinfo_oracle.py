"""Offsets from UTC by Python's zoneinfo, which reads the same system time zone database.

Reads lines "ZONE SECONDS" (seconds since 1970-01-01 UTC) on standard input and writes, for each,
the offset in seconds east of UTC on a line of its own. Used by ZoneRulesTests."""
import sys
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

zones = {}
out = []
for line in sys.stdin:
    name, seconds = line.split()
    zone = zones.get(name) or zones.setdefault(name, ZoneInfo(name))
    instant = datetime.fromtimestamp(int(seconds), timezone.utc)
    out.append(str(int(instant.astimezone(zone).utcoffset().total_seconds())))
sys.stdout.write("\n".join(out) + "\n")
