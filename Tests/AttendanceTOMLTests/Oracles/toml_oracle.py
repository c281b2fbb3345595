#!/usr/bin/python3
"""The other half of the TOML differential test (TOMLDifferentialTests.swift).

Generates a seeded corpus of TOML documents, valid and invalid, and says for each what
Python's own reader, tomllib (standard library since 3.11), makes of it. One line per document:

    <the document's UTF-8 bytes in hex> TAB V<canonical JSON>    tomllib read it
    <the document's UTF-8 bytes in hex> TAB E<tomllib's message>  tomllib refused it

The canonical JSON follows toml-test: every scalar is {"type": ..., "value": ...} with the
value as text; floats as the 16 hex digits of their IEEE 754 bits ("nan" for any NaN);
date-times to the microsecond (tomllib keeps no more), offsets as +HH:MM; keys sorted by code
point; json.dumps with ensure_ascii, so the Swift side can write the same bytes.

Two places where this oracle is stricter or looser than bare tomllib, both as TOML 1.0 says:
- an integer outside 64 bits is refused (the spec: a parser must refuse what it cannot hold
  losslessly; Python's int holds anything);
- one byte-order mark at the very start is skipped (the Swift reader allows it for files saved
  by Windows editors; tomllib reads str and does not).

Usage: toml_oracle.py SEED COUNT
"""

import datetime
import json
import random
import struct
import sys
import tomllib


class OutOfRange(Exception):
    pass


def tag(value):
    if isinstance(value, bool):
        return {"type": "bool", "value": "true" if value else "false"}
    if isinstance(value, int):
        if not -(2**63) <= value < 2**63:
            raise OutOfRange(f"integer {value} does not fit 64 bits")
        return {"type": "integer", "value": str(value)}
    if isinstance(value, float):
        text = "nan" if value != value else struct.pack(">d", value).hex()
        return {"type": "float", "value": text}
    if isinstance(value, str):
        return {"type": "string", "value": value}
    if isinstance(value, datetime.datetime):
        text = date_text(value) + "T" + time_text(value)
        if value.tzinfo is None:
            return {"type": "datetime-local", "value": text}
        minutes = int(value.utcoffset().total_seconds()) // 60
        sign = "-" if minutes < 0 else "+"
        minutes = abs(minutes)
        return {"type": "datetime", "value": f"{text}{sign}{minutes // 60:02d}:{minutes % 60:02d}"}
    if isinstance(value, datetime.date):
        return {"type": "date-local", "value": date_text(value)}
    if isinstance(value, datetime.time):
        return {"type": "time-local", "value": time_text(value)}
    if isinstance(value, list):
        return [tag(item) for item in value]
    if isinstance(value, dict):
        return {key: tag(item) for key, item in value.items()}
    raise TypeError(type(value))


def date_text(d):
    return f"{d.year:04d}-{d.month:02d}-{d.day:02d}"


def time_text(t):
    text = f"{t.hour:02d}:{t.minute:02d}:{t.second:02d}"
    return text + (f".{t.microsecond:06d}" if t.microsecond else "")


def verdict(document):
    text = document[1:] if document.startswith("\ufeff") else document
    try:
        data = tomllib.loads(text)
        return "V" + json.dumps(tag(data), sort_keys=True, ensure_ascii=True, separators=(",", ":"))
    except (tomllib.TOMLDecodeError, OutOfRange) as error:
        return "E" + str(error).replace("\n", " ").replace("\t", " ")


# MARK: - Values


class Gen:
    def __init__(self, rng):
        self.r = rng

    def pick(self, items):
        return self.r.choice(items)

    def chance(self, p):
        return self.r.random() < p

    # Keys

    def key(self):
        r = self.r.random()
        if r < 0.55:
            return self.pick(["a", "b", "c", "key", "shift_start", "x-y", "_u", "1234", "0", "true", "inf",
                              "A", "Z9", "-", "_", "é", "e\u0301", "with space", "a.b", "", "😀", "tab\there"])
        return "".join(self.pick("abcxyz_-019") for _ in range(self.r.randint(1, 6)))

    def unique_keys(self, most):
        keys = []
        for _ in range(self.r.randint(0, most)):
            key = self.key()
            if key not in keys:
                keys.append(key)
        return keys

    def render_key(self, key):
        if key and all(c.isascii() and (c.isalnum() or c in "_-") for c in key) and self.chance(0.85):
            return key
        if "'" not in key and "\t" not in key and self.chance(0.4):
            return "'" + key + "'"
        return self.basic(key)

    # Strings

    def text(self):
        alphabet = ["a", "b", "z", " ", "\t", "\"", "'", "\\", "é", "e\u0301", "中", "😀", "\u00a0", "\u2028",
                    "\n", "\r", "\u0001", "\u007f", "\u001b", "#", "=", "[", "]", "{", "}", ",", "\ufeff", "\u0085"]
        return "".join(self.pick(alphabet) for _ in range(self.r.randint(0, 8)))

    def basic(self, s):
        out = []
        for c in s:
            short = {"\"": "\\\"", "\\": "\\\\", "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}
            if c in short and (c not in "\t" or self.chance(0.5)):
                out.append(short[c])
            elif ord(c) < 0x20 or ord(c) == 0x7F or (ord(c) > 0x7F and self.chance(0.3)):
                out.append(f"\\u{ord(c):04X}" if ord(c) <= 0xFFFF and self.chance(0.6) else f"\\U{ord(c):08x}")
            else:
                out.append(c)
        return "\"" + "".join(out) + "\""

    def string(self):
        s = self.text()
        style = self.r.random()
        if style < 0.45:
            return self.basic(s)
        if style < 0.6 and not any(c in s for c in "'\n\r\u0001\u007f\u001b"):
            return "'" + s + "'"
        if style < 0.8:
            body = self.basic(s)[1:-1]
            if self.chance(0.3):
                body = body.replace("\\n", "\n")
            if self.chance(0.3):
                body += "\\\n    " + self.basic(self.text())[1:-1]
            lead = "\n" if self.chance(0.5) else ""
            return '"""' + lead + body + self.pick(["", "\"", "\"\""]) + '"""'
        body = "".join(c for c in s if c not in "'\r\u0001\u007f\u001b")
        lead = "\n" if self.chance(0.5) else ""
        return "'''" + lead + body + self.pick(["", "'", "''"]) + "'''"

    # Numbers

    def digits(self, n, alphabet="0123456789", underscores=True):
        out = self.pick(alphabet[1:] if len(alphabet) > 1 else alphabet)
        for _ in range(n - 1):
            if underscores and self.chance(0.15):
                out += "_"
            out += self.pick(alphabet)
        return out

    def integer(self):
        r = self.r.random()
        if r < 0.15:
            return self.pick(["0", "+0", "-0", "9223372036854775807", "-9223372036854775808", "9223372036854775808",
                              "-9223372036854775809", "0x7FFFFFFFFFFFFFFF", "0x8000000000000000", "0o777",
                              "0b1010", "0xdead_beef", "1_000", "0xDEADbeef", "0o0", "0b0", "0x0"])
        if r < 0.7:
            return self.pick(["", "+", "-"]) + self.digits(self.r.randint(1, 19))
        prefix, alphabet = self.pick([("0x", "0123456789abcdefABCDEF"), ("0o", "01234567"), ("0b", "01")])
        return prefix + self.digits(self.r.randint(1, 16), alphabet)

    def run(self, n):
        """Digits, any of them first, with a few underscores between."""
        out = self.pick("0123456789")
        for _ in range(n - 1):
            out += ("_" if self.chance(0.15) else "") + self.pick("0123456789")
        return out

    def float(self):
        if self.chance(0.2):
            return self.pick(["inf", "+inf", "-inf", "nan", "+nan", "-nan", "0.0", "-0.0", "+0.0", "1e400",
                              "-1e400", "5e-324", "1.7976931348623157e308", "6.626e-34", "1E6", "1e+06",
                              "3.141_592_6", "0e0", "0.1e-1_0", "1.5E+3"])
        mantissa = self.pick(["", "+", "-"]) + ("0" if self.chance(0.2) else self.digits(self.r.randint(1, 8)))
        frac = "." + self.run(self.r.randint(1, 6)) if self.chance(0.7) else ""
        exp = ""
        if not frac or self.chance(0.4):
            exp = self.pick("eE") + self.pick(["", "+", "-"]) + self.run(self.r.randint(1, 3))
        return mantissa + frac + exp

    # Dates and times

    def date(self):
        year = self.pick([1, 1979, 2000, 2024, 2023, 1900, 9999, self.r.randint(1, 9999)])
        month = self.r.randint(1, 12)
        day = self.r.randint(1, 31) if self.chance(0.3) else self.r.randint(1, 28)
        if self.chance(0.15):
            month, day = 2, self.pick([28, 29, 30])
        return f"{year:04d}-{month:02d}-{day:02d}"

    def time(self):
        t = f"{self.r.randint(0, 23):02d}:{self.r.randint(0, 59):02d}:{self.r.randint(0, 59):02d}"
        if self.chance(0.3):
            t += "." + "".join(self.pick("0123456789") for _ in range(self.r.randint(1, 10)))
        return t

    def offset(self):
        if self.chance(0.4):
            return self.pick(["Z", "z"])
        return f"{self.pick('+-')}{self.r.randint(0, 23):02d}:{self.r.randint(0, 59):02d}"

    def datetime(self):
        r = self.r.random()
        if r < 0.25:
            return self.date()
        if r < 0.45:
            return self.time()
        text = self.date() + self.pick(["T", "t", " "]) + self.time()
        return text + (self.offset() if r < 0.75 else "")

    # Composite values

    def scalar(self):
        r = self.r.random()
        if r < 0.3:
            return self.string()
        if r < 0.5:
            return self.integer()
        if r < 0.65:
            return self.float()
        if r < 0.75:
            return self.pick(["true", "false"])
        return self.datetime()

    def value(self, depth=0):
        r = self.r.random()
        if depth < 3 and r < 0.12:
            return self.array(depth + 1)
        if depth < 3 and r < 0.2:
            return self.inline_table(depth + 1)
        return self.scalar()

    def array(self, depth):
        items = [self.value(depth) for _ in range(self.r.randint(0, 4))]
        if not items:
            return self.pick(["[]", "[ ]", "[\n]", "[ # empty\n]"])
        if self.chance(0.3):
            sep = self.pick([",\n  ", ", # note\n  ", " ,\t"])
            tail = self.pick(["", ",", ",\n", "\n"])
            return "[\n  " + sep.join(items) + tail + "]"
        return "[" + ", ".join(items) + self.pick(["", ","]) + "]"

    def inline_table(self, depth):
        pairs = []
        for key in self.unique_keys(3):
            name = self.render_key(key)
            if self.chance(0.25):
                name += self.pick([".x", " . y", ".\"q\""])
            pairs.append(f"{name} = {self.value(depth)}")
        return "{" + self.pick([" ", ""]) + ", ".join(pairs) + self.pick([" ", ""]) + "}"

    # Documents

    def document(self):
        lines = []
        if self.chance(0.2):
            lines.append("# " + self.pick(["settings", "caf\u00e9 \u2603", "tab\there", "x = 1"]))
        self.pairs(lines, ())
        for _ in range(self.r.randint(0, 4)):
            path = self.table_path()
            if self.chance(0.25):
                lines.append("[[" + self.header(path) + "]]")
            else:
                lines.append("[" + self.header(path) + "]" + self.pick(["", "  # table", " "]))
            self.pairs(lines, path)
            if self.chance(0.2):
                lines.append("")
        newline = "\r\n" if self.chance(0.15) else "\n"
        return newline.join(lines) + self.pick(["", "\n", newline, " "])

    def table_path(self):
        return tuple(self.key() for _ in range(self.r.randint(1, 3)))

    def header(self, path):
        spaced = self.chance(0.2)
        inner = (" . " if spaced else ".").join(self.render_key(k) for k in path)
        return (" " + inner + " ") if spaced else inner

    def pairs(self, lines, path):
        for key in self.unique_keys(5):
            name = self.render_key(key)
            if self.chance(0.2):
                name += "." + self.render_key(self.key())
            space = self.pick([" = ", "=", " =\t", "\t= "])
            comment = self.pick(["", "", " # note", "#tight"])
            lines.append(self.pick(["", "  ", "\t"]) + name + space + self.value() + comment)


# MARK: - Fixed cases: an older reader's traps and the spec's corners

FIXED = [
    "a = 09:30:00", "a = 09:30", "a = 9:30:00", "a = 24:00:00", "a = 23:59:60", "a = 09:30:00.5",
    "a = 1979-05-27T07:32:00Z", "a = 1979-05-27T00:32:00.999999-07:00", "a = 1979-05-27 07:32:00",
    "a = 1979-05-27t07:32:00z", "a = 1979-05-27T07:32:00", "a = 1979-05-27", "a = 1979-05-27T07:32",
    "a = 2024-02-29", "a = 2023-02-29", "a = 2000-02-29", "a = 1900-02-29", "a = 2024-04-31", "a = 0000-01-01",
    "a = 1979-05-27T07:32:00+24:00", "a = 1979-05-27T07:32:00-00:00", "a = 1979-05-27T07:32:00+5:00",
    "a = 1979-05-27T07:32:00.Z", "a = 1979-5-27", "a = 1979-05-27 ", "a = 1979-05-27 # c",
    "a = 1979-05-27T07:32:00.123456789", "a = 1979-05-27T07:32:00.1234567Z",
    "a = [1979-05-27, 07:32:00, 1979-05-27 07:32:00]", "a = 1979-05-27 07", "a = [1979-05-27 07]",
    "policy.timezone = \"UTC\"", "[policy]\ntimezone.x = 1", "a = { b = 1, c = { d = 2 } }",
    "a = { b = 1, }", "a = {\n b = 1 }", "a = { b = 1 }\na.c = 2", "a = { b = 1 }\n[a.c]", "a = {}\n[a]",
    "a = { b.c = 1, b.d = 2 }", "a = { b = {}, b.c = 1 }", "a = { b.c = 1, b = 2 }", "a = { a = 1, a = 2 }",
    "a = [\n 1,\n 2, # two\n]", "a = [1 2]", "a = [,]", "a = [1,,2]", "a = [ 1, \"a\", 2.0, [ true ], { x = 1 } ]",
    "[[a]]\nb = 1\n[[a]]\nb = 2", "[[a]]\n[a.b]\n[[a]]\n[a.b]", "[a]\n[[a]]", "[[a]]\n[a]", "a = []\n[[a]]",
    "a = [{}]\n[[a]]", "a = [{b = 1}]\n[a.c]", "[[a.b]]\n[a]\nb.c = 1", "[[ a ]]", "[ [a]]", "[[a] ]",
    "[a]\n[a]", "[a.b]\n[a]", "[a]\nb.c = 1\n[a.b]", "[a]\nb.c = 1\n[a.b.d]", "[a.b.c]\n[a]\nb.d = 1",
    "[a.b.c]\n[a]\nb.d = 1\n[a.b]", "a.b = 1\n[a]", "a.b = 1\n[a.c]", "a.b = 1\na.b.c = 2", "a = 1\na.b = 2",
    "a.b.c = 1\na.b = 2", "[a.b]\nc = 1\n[a]\nb = 2", "[a]\nb = 1\n[a.b]", "a = 1\n[a]", "[ a . b ]\nc = 1",
    "[a . \"b.c\"]", "[\"\"]\na = 1", "\"\" = 1", "'' = 1", "a. = 1", ".a = 1", "a..b = 1", "[]", "[a.]",
    "key = \"\u00e9\"\n\"e\u0301\" = 2\n\"\u00e9\" = 3", "\"\u00e9\" = 1\n\"e\u0301\" = 2", "= 1", "a = ", "a",
    "a = 1 b = 2", "a = \"x\" \"y\"", "a = 1 # ok", "a = 1 #\u0001", "a = 1 #\u007f", "a = 1 #\ttab",
    "a = 1 #\r", "a = 1\r\nb = 2", "a = 1\rb = 2", "a = 'x\ry'", "a = \"x\ry\"", "a = '''x\ry'''",
    "a = '''x\r\ny'''", "a = \"\"\"x\r\ny\"\"\"", "\ufeffa = 1", "\ufeff\ufeffa = 1", "a = 1\n\ufeff",
    "a = 03.14", "a = +.5", "a = .5", "a = 1.e0", "a = 1.", "a = 1e", "a = 1e_1", "a = 1_e1", "a = 1__0",
    "a = _1", "a = 1_", "a = 0_1", "a = 00", "a = 01", "a = -01", "a = +0", "a = -0", "a = 0.0", "a = 00.0",
    "a = 0e0", "a = 1e05", "a = 1E+5", "a = 0x", "a = 0x_1", "a = 0x1_", "a = 0xG", "a = 0X1", "a = +0x1",
    "a = -0x1", "a = 0o8", "a = 0b2", "a = 0b", "a = 0o", "a = 0xffff_ffff_ffff_ffff", "a = inf", "a = -inf",
    "a = +nan", "a = NaN", "a = Inf", "a = infinity", "a = nan1", "a = 1.5_", "a = 1._5", "a = 1.5e", "a = e5",
    "a = \"\\u00e9\"", "a = \"\\U0001F600\"", "a = \"\\uD800\"", "a = \"\\U00110000\"", "a = \"\\u12\"",
    "a = \"\\x41\"", "a = \"\\e\"", "a = \"\\ \"", "a = \"\\\"", "a = \"a\\\nb\"", "a = \"\"\"a\\\n   b\"\"\"",
    "a = \"\"\"a\\   \n   b\"\"\"", "a = \"\"\"a\\  x\n\"\"\"", "a = \"\"\"\"\"\"", "a = \"\"\"\"a\"\"\"\"",
    "a = \"\"\"a\"\"\"\"\"", "a = \"\"\"a\"\"\"\"\"\"", "a = '''''a'''''", "a = ''''''", "a = '''a''''''",
    "a = \"\"\"\nfirst\"\"\"", "a = '''\n\nsecond'''", "a = \"tab\there\"", "a = 'tab\there'", "a = \"\u0000\"",
    "a = \"\"\"\u0001\"\"\"", "a = \"unclosed", "a = 'unclosed", "a = \"\"\"unclosed", "a = '''unclosed",
    "a = \"\"\"\\\n\"\"\"", "a = true\nb = false\nc = truex", "a = TRUE", "a = tru", "a = [true,false]",
    "a = [[1, 2], [\"a\", 'b'], [1.0, 2]]", "a = [ { b = [ { c = 1 } ] } ]", "[a]\nb = 1\n\n[a.c.d]\ne = 2",
    "[a]\n  [a.b]\n  c = 1", "a = 1\nb = 2\n\n\n", "", " ", "\n", "#", "# only a comment", "[tbl] # c",
    "[tbl]x = 1", "[tbl]\n[tbl.sub]\n[tbl.sub2]", "\"a\".\"b\" = 1\na.c = 2", "'a'.b = 1\n[a]",
    "a = 9223372036854775807", "a = 9223372036854775808", "a = -9223372036854775808", "a = 0b" + "1" * 64,
    "a = 0b" + "1" * 63, "a = 0o777777777777777777777", "a = 0o1777777777777777777777", "a = 1e-400",
]

TRAPS = ["\r", "\ufeff", "\u0000", "\u007f", "\u001b", "\u0001", "#", "=", "[", "]", "{", "}", ",", "\"", "'",
         "\\", ".", "\n", " ", "\t", "_", "0", "e", "+", "-", ":", "T", "Z", "03.14", "+.5", "1.e0", "[[", "]]",
         "\"\"\"", "'''", "\\u", "\\U0001", "inf", "nan", "0x", "a = 1\n", "[a]\n", "a.b = 2\n", "é"]


PIECES = ["0", "1", "7", "9", "_", ".", "e", "E", "+", "-", "x", "o", "b", "f", "inf", "nan", "0x", "0o", "0b",
          "1979", "-05", "-27", "-02", "-29", "-30", "2024", "2023", "T", "t", " ", "07", "23", "24", ":32", ":00",
          ":59", ":60", ".999", ".1234567", "Z", "z", "+07:00", "-00:00", "+24:00", "true", "false", ",", "]", "#"]


def soup(gen):
    """A bare value made of pieces of numbers, dates and times: most are not TOML, some are."""
    return "".join(gen.pick(PIECES) for _ in range(gen.r.randint(1, 6)))


def mutate(gen, document):
    r = gen.r.random()
    if not document:
        return gen.pick(TRAPS)
    at = gen.r.randint(0, len(document))
    if r < 0.45:
        return document[:at] + gen.pick(TRAPS) + document[at:]
    if r < 0.6:
        return document[:at] + document[at + 1:]
    lines = document.split("\n")
    if r < 0.75:
        line = gen.pick(lines)
        lines.insert(gen.r.randint(0, len(lines)), line)
        return "\n".join(lines)
    if r < 0.85:
        i, j = gen.r.randint(0, len(lines) - 1), gen.r.randint(0, len(lines) - 1)
        lines[i], lines[j] = lines[j], lines[i]
        return "\n".join(lines)
    if r < 0.95:
        trap = gen.pick(["a = 03.14", "b = +.5", "c = 1.e0", "# \u0007 bell", "d = 'x\ry'", "e = 09:30",
                         "f = 1979-05-27T07:32:00Z", "g.h = 1", "[x]", "[[x]]", "x = { y = 1 }", "x.y = 2"])
        lines.insert(gen.r.randint(0, len(lines)), trap)
        return "\n".join(lines)
    return "\ufeff\ufeff" + document


def main():
    seed, count = int(sys.argv[1]), int(sys.argv[2])
    gen = Gen(random.Random(seed))
    documents = list(FIXED)
    while len(documents) < count:
        document = gen.document()
        documents.append(document)
        for _ in range(gen.r.randint(1, 3)):
            document = mutate(gen, document)
            documents.append(document)
        documents.append(f"k = {gen.value()}")
        documents.append(f"k = {soup(gen)}")
        documents.append(f"k = [{soup(gen)}, {soup(gen)}]")
    out = sys.stdout
    for document in documents[:max(count, len(FIXED))]:
        out.write(document.encode("utf-8").hex() + "\t" + verdict(document) + "\n")


if __name__ == "__main__":
    main()
