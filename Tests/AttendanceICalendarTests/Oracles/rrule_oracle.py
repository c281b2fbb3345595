#!/usr/bin/python3
"""Generates random all-day recurrence rules and expands them with python-dateutil.

The differential test in RecurrenceOracleTests.swift runs this with Debian's python3 and
compares every date list with AttendanceCore's RecurrenceRule. Usage:

    rrule_oracle.py SEED COUNT

prints one JSON object: {"cases": [{"start": "2026-03-15", "rule": "FREQ=...", "through":
"2029-12-31", "dates": ["2026-03-15", ...]}, ...]}. The same SEED gives the same cases.

Only RFC 5545 forms are generated that dateutil implements as the RFC says: a BYDAY list that
mixes ordinals with plain weekdays (MO,1FR) is left out, since dateutil intersects the two
where the RFC means their union, and a weekly rule with BYSETPOS starts on the first day of a
week (see week_start). RecurrenceRuleTests covers both forms by hand.
"""
import json
import random
import sys
from datetime import date, datetime, timedelta

try:
    import dateutil.rrule
    from dateutil.rrule import rrulestr
except ImportError:
    sys.stderr.write(
        "python3-dateutil is missing: install it with `apt-get install -y python3-dateutil` "
        "(scripts/install-deps.sh does)\n")
    sys.exit(3)

# Every case ends by 2030-12-31. dateutil checks UNTIL only on dates it finds, so a rule that
# rarely or never matches would walk on to year 9999; its walk ends past MAXYEAR instead.
LAST_YEAR = 2030
dateutil.rrule.datetime.MAXYEAR = LAST_YEAR + 1

DAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]


def sample(rng, population, low, high):
    return rng.sample(population, rng.randint(low, high))


def weekdays(rng, ordinals, within_year):
    chosen = sample(rng, DAYS, 1, 3)
    if not ordinals or rng.random() < 0.4:
        return ",".join(chosen)
    # Every entry with an ordinal: within a month 1..5 / -5..-1, within a year up to 53
    # (dateutil fails on a larger ordinal within a month, which the RFC makes match nothing).
    limit = 53 if within_year and rng.random() < 0.3 else 5
    out = []
    for day in chosen:
        n = rng.randint(1, limit) * rng.choice([1, -1])
        out.append(("+" if n > 0 and rng.random() < 0.2 else "") + str(n) + day)
    return ",".join(out)


def rule(rng, start):
    freq = rng.choice(["YEARLY"] * 4 + ["MONTHLY"] * 3 + ["WEEKLY"] * 2 + ["DAILY"])
    parts = ["FREQ=" + freq]
    if rng.random() < 0.4:
        parts.append("INTERVAL=%d" % rng.randint(1, 4))
    by = False
    if rng.random() < (0.5 if freq == "YEARLY" else 0.2):
        parts.append("BYMONTH=" + ",".join(str(m) for m in sorted(sample(rng, range(1, 13), 1, 3))))
        by = True
    if freq != "WEEKLY" and rng.random() < 0.35:
        days = sample(rng, list(range(1, 32)) + list(range(-31, 0)), 1, 3)
        parts.append("BYMONTHDAY=" + ",".join(str(d) for d in days))
        by = True
    if rng.random() < 0.5:
        within_year = freq == "YEARLY" and not any(p.startswith("BYMONTH=") for p in parts)
        parts.append("BYDAY=" + weekdays(rng, freq in ("YEARLY", "MONTHLY"), within_year))
        by = True
    if by and freq != "DAILY" and rng.random() < 0.2:
        parts.append("BYSETPOS=" + ",".join(str(p) for p in sample(rng, [1, 2, 3, -1, -2], 1, 2)))
    if freq == "WEEKLY" and rng.random() < 0.4:
        parts.append("WKST=" + rng.choice(DAYS))
    ending = rng.random()
    if ending < 0.3:
        parts.append("COUNT=%d" % rng.randint(1, 25))
    elif ending < 0.6:
        until = start + timedelta(days=rng.randint(-30, 5 * 365))
        stamp = until.strftime("%Y%m%d")
        parts.append("UNTIL=" + (stamp + "T%02d%02d%02dZ" % (rng.randint(0, 23), rng.randint(0, 59), rng.randint(0, 59))
                                 if rng.random() < 0.5 else stamp))
    rng.shuffle(parts[1:])
    return ";".join(parts)


def week_start(start, text):
    """The first day of the week (by WKST) that holds `start`.

    dateutil takes BYSETPOS in a weekly rule's first week over the days from DTSTART on only,
    where RFC 5545 (and RecurrenceRule) take the whole week, as for months and years; starting
    weekly BYSETPOS cases on a week's first day keeps them comparable.
    """
    wkst = next((p[5:] for p in text.split(";") if p.startswith("WKST=")), "MO")
    return start - timedelta(days=(start.weekday() - DAYS.index(wkst)) % 7)


def expand(text, start, through):
    # dateutil refuses a UTC UNTIL with a floating DTSTART; the date-time as written is the
    # same bound for dates at midnight.
    naive = ";".join(p[:-1] if p.startswith("UNTIL=") and p.endswith("Z") else p for p in text.split(";"))
    recurrence = rrulestr(naive, dtstart=datetime(start.year, start.month, start.day))
    # Bound the walk by `through` (a rule that never matches would otherwise run to year 9999):
    # the first COUNT dates up to a bound are the first of all dates up to that bound.
    until = datetime(through.year, through.month, through.day)
    if recurrence._until is not None:
        until = min(until, recurrence._until)
    dates = [d.date() for d in recurrence.replace(count=None, until=until)]
    if recurrence._count is not None:
        dates = dates[: recurrence._count]
    return [d.isoformat() for d in dates]


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    cases = []
    for _ in range(count):
        start = date(1995, 1, 1) + timedelta(days=rng.randint(0, 33 * 365))
        through = date(min(start.year + rng.randint(0, 8), LAST_YEAR), 12, 31)
        text = rule(rng, start)
        if text.startswith("FREQ=WEEKLY") and "BYSETPOS=" in text:
            start = week_start(start, text)
        cases.append({"start": start.isoformat(), "rule": text, "through": through.isoformat(),
                      "dates": expand(text, start, through)})
    json.dump({"cases": cases}, sys.stdout)


if __name__ == "__main__":
    main()
