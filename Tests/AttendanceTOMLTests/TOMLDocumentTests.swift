import AttendanceTOML
import Testing

@Suite("TOML reader")
struct TOMLDocumentTests {
    func refusal(_ text: String) -> String {
        do {
            _ = try TOMLDocument(parsing: text, file: "a.toml")
            return "accepted"
        } catch {
            return error.description
        }
    }

    func read(_ text: String) throws -> String {
        TOMLCanonicalJSON.text(try TOMLDocument(parsing: text, file: "a.toml").root)
    }

    @Test("values and keys nested past 32 levels are refused with their line, however deep the file goes")
    func nestingLimit() throws {
        let deepArray = "[kiosk]\nx = " + String(repeating: "[", count: 20_000) + String(repeating: "]", count: 20_000)
        #expect(refusal(deepArray) == "a.toml:2: values are nested more than 32 deep")
        let deepTable = "a = " + String(repeating: "{b=", count: 10_000) + "1" + String(repeating: "}", count: 10_000)
        #expect(refusal(deepTable) == "a.toml:1: values are nested more than 32 deep")
        let deepHeader = "\n[" + Array(repeating: "a", count: 50_000).joined(separator: ".") + "]"
        #expect(refusal(deepHeader) == "a.toml:2: a key has more than 32 parts")
        // 32 of each is still read.
        let arrays = "x = " + String(repeating: "[", count: 32) + String(repeating: "]", count: 32)
        #expect(try read(arrays).hasPrefix("{\"x\":[[[["))
        #expect(refusal("[" + Array(repeating: "a", count: 32).joined(separator: ".") + "]") == "accepted")
    }

    static let dateForms =
        "is not a valid date or time; expected a form such as 1979-05-27, 07:32:00, 1979-05-27T07:32:00 or "
        + "1979-05-27T07:32:00Z, with a day that exists, hours 00–23, minutes and seconds 00–59"
    static let range = "out of range: integers run from -9223372036854775808 to 9223372036854775807"
    static let inlineKey =
        "expected a key in the inline table opened at line 1; an inline table stays on one line and has no trailing comma"

    @Test(
        "an older reader's traps and the spec's corners are refused with their line and what to write",
        arguments: [
            // What an older reader let through.
            (
                "a = 1\rb = 2",
                "a.toml:1: a carriage return (U+000D) without a line feed after a statement; end lines with LF or CRLF"
            ),
            (
                "a = 1 # \r",
                "a.toml:1: a carriage return (U+000D) without a line feed in a comment; end lines with LF or CRLF"
            ),
            ("[policy]\nx = 03.14", "a.toml:2: \"03.14\": numbers have no leading zeros"),
            ("x = +.5", "a.toml:1: \"+.5\": a number needs a digit before its '.' (write 0.5, not .5)"),
            ("x = 1.e0", "a.toml:1: \"1.e0\": a number needs a digit after its '.' (write 1.0, not 1.)"),
            ("# a bell \u{7}", "a.toml:1: a control character (U+0007) in a comment; only tabs are allowed there"),
            (
                "x = 1 # a delete \u{7F}",
                "a.toml:1: a control character (U+007F) in a comment; only tabs are allowed there"
            ),
            (
                "x = 'a\rb'",
                "a.toml:1: a carriage return (U+000D) without a line feed inside a literal string; end lines with LF or CRLF"
            ),
            ("\u{FEFF}\u{FEFF}x = 1", "a.toml:1: a byte-order mark (U+FEFF) may only open the file, once"),
            // Numbers.
            ("x = .5", "a.toml:1: \".5\": a number needs a digit before its '.' (write 0.5, not .5)"),
            ("x = 1.", "a.toml:1: \"1.\": a number needs a digit after its '.' (write 1.0, not 1.)"),
            ("x = 1e", "a.toml:1: \"1e\": an exponent needs digits, as in 1e6 or 6.5e-3"),
            ("x = 1__0", "a.toml:1: \"1__0\": an underscore in a number must stand between two digits"),
            ("x = 0x_1", "a.toml:1: \"0x_1\": an underscore in a number must stand between two digits"),
            ("x = +0x1", "a.toml:1: \"+0x1\": hexadecimal, octal and binary integers take no sign"),
            ("x = 015", "a.toml:1: \"015\": integers have no leading zeros"),
            ("x = 9223372036854775808", "a.toml:1: \"9223372036854775808\": \(range)"),
            ("x = 0xffff_ffff_ffff_ffff", "a.toml:1: \"0xffff_ffff_ffff_ffff\": \(range)"),
            // Strings.
            (
                "x = '''a\rb'''",
                "a.toml:1: a carriage return (U+000D) without a line feed inside a multi-line literal string; end lines with LF or CRLF"
            ),
            (
                "x = \"a\u{1B}b\"",
                "a.toml:1: a control character (U+001B) inside a string; write it as an escape such as \\u001B in \"…\""
            ),
            (
                "x = \"\\uD800\"",
                "a.toml:1: \\uD800 is not a Unicode character (surrogates and values above 10FFFF are not)"
            ),
            (
                "x = \"\\U00110000\"",
                "a.toml:1: \\U00110000 is not a Unicode character (surrogates and values above 10FFFF are not)"
            ),
            ("x = \"\\x41\"", "a.toml:1: unknown escape '\\x' in a string; write a backslash as \\\\"),
            (
                "x = \"\"\"a\\  x\n\"\"\"",
                "a.toml:1: a backslash that ends a line in a multi-line string may only be followed by spaces"
            ),
            ("x = \"\"\"open\n", "a.toml:2: the multi-line string opened at line 1 is not closed with \"\"\""),
            // Keys and tables defined twice, or in two ways.
            ("x = 1\nx = 2", "a.toml:2: x is set twice (first at line 1)"),
            ("[a]\n[a]", "a.toml:2: table [a] appears twice (first at line 1)"),
            (
                "a.b = 1\n[a]",
                "a.toml:2: table [a] was already made by dotted keys at line 1; a [header] cannot reopen it"
            ),
            (
                "[a]\nb.c = 1\n[a.b]",
                "a.toml:3: table [a.b] was already made by dotted keys at line 2; a [header] cannot reopen it"
            ),
            (
                "[a.b]\n[a]\nb.c = 1",
                "a.toml:3: a dotted key cannot add to the table [a.b] of line 1; write the key under that header"
            ),
            ("a = 1\na.b = 2", "a.toml:2: a dotted key cannot add to a, which is set to an integer at line 1"),
            ("a = { b = 1 }\na.c = 2", "a.toml:2: a dotted key cannot add to a, which is an inline table at line 1"),
            ("a = { b = 1 }\n[a.c]", "a.toml:2: [a.c] cannot add to a, which is an inline table at line 1"),
            ("a = [1]\n[[a]]", "a.toml:2: [[a]] cannot be an array of tables: a is set to an array at line 1"),
            ("[a]\n[[a]]", "a.toml:2: [[a]] cannot be an array of tables: a is a table at line 1"),
            ("[[a]]\n[a]", "a.toml:2: [a] cannot be a table: a is an array of tables at line 1"),
            ("a = { b = 1, }", "a.toml:1: \(inlineKey)"),
            ("a = { b = 1,\n c = 2 }", "a.toml:1: \(inlineKey)"),
            // Dates and times.
            ("x = 2023-02-29", "a.toml:1: \"2023-02-29\" \(dateForms)"),
            ("x = 1979-05-27T24:00:00", "a.toml:1: \"1979-05-27T24:00:00\" \(dateForms)"),
            ("x = 1979-05-27T07:32:00+24:00", "a.toml:1: \"1979-05-27T07:32:00+24:00\" \(dateForms)"),
            ("x = 07:32:60", "a.toml:1: \"07:32:60\" \(dateForms)"),
            (
                "x = 07:32",
                "a.toml:1: 07:32 is not a TOML value: a time needs its seconds (07:32:00), or write it as text, \"07:32\""
            ),
            // Structure.
            ("x = [1 2]", "a.toml:1: expected ',' or ']' in the array opened at line 1"),
            ("x = 1 y = 2", "a.toml:1: unexpected text after the value; one setting per line"),
            ("x.= 1", "a.toml:1: expected a key after '.' (letters, digits, '_', '-', or a quoted key)"),
            ("x = ", "a.toml:1: a value is missing after '='"),
            ("[[a]\n", "a.toml:1: an array-of-tables header must end with ']]'"),
        ])
    func traps(text: String, expected: String) {
        #expect(refusal(text) == expected)
    }

    @Test(
        "what the old reader refused is read, value for value",
        arguments: [
            ("t = 09:30:00", #"{"t":{"type":"time-local","value":"09:30:00"}}"#),
            ("t = 07:32:00.999999999", #"{"t":{"type":"time-local","value":"07:32:00.999999"}}"#),
            ("d = 1979-05-27T07:32:00-08:00", #"{"d":{"type":"datetime","value":"1979-05-27T07:32:00-08:00"}}"#),
            ("d = 1979-05-27 07:32:00Z", #"{"d":{"type":"datetime","value":"1979-05-27T07:32:00+00:00"}}"#),
            ("d = 1979-05-27t07:32:00", #"{"d":{"type":"datetime-local","value":"1979-05-27T07:32:00"}}"#),
            ("d = 2024-02-29", #"{"d":{"type":"date-local","value":"2024-02-29"}}"#),
            ("policy.timezone = \"UTC\"", #"{"policy":{"timezone":{"type":"string","value":"UTC"}}}"#),
            ("a = { b.c = 1, d = [] }", #"{"a":{"b":{"c":{"type":"integer","value":"1"}},"d":[]}}"#),
            ("s = \"\"\"\none \\\n   two\"\"\"", #"{"s":{"type":"string","value":"one two"}}"#),
            ("s = '''\n\\no\r\nescape'''", #"{"s":{"type":"string","value":"\\no\nescape"}}"#),
            ("s = \"\"\"\"\"x\"\"\"\"\"", #"{"s":{"type":"string","value":"\"\"x\"\""}}"#),
            ("[[a]]\nb = 1\n[a.c]\n[[a]]", #"{"a":[{"b":{"type":"integer","value":"1"},"c":{}},{}]}"#),
            (
                "f = [inf, -inf, nan]",
                #"{"f":[{"type":"float","value":"7ff0000000000000"},{"type":"float","value":"fff0000000000000"},{"type":"float","value":"nan"}]}"#
            ),
            (
                "i = [0xDEAD_beef, 0o755, 0b1101, 1_000, -0]",
                #"{"i":[{"type":"integer","value":"3735928559"},{"type":"integer","value":"493"},{"type":"integer","value":"13"},{"type":"integer","value":"1000"},{"type":"integer","value":"0"}]}"#
            ),
            ("f = 6.626e-3_4", #"{"f":{"type":"float","value":"390b85f8c5445f02"}}"#),
            (
                "m = [1, \"a\", [true], {x = 1}]",
                #"{"m":[{"type":"integer","value":"1"},{"type":"string","value":"a"},[{"type":"bool","value":"true"}],{"x":{"type":"integer","value":"1"}}]}"#
            ),
            (
                "\"é\" = 1\n\"e\u{301}\" = 2",
                #"{"e\u0301":{"type":"integer","value":"2"},"\u00e9":{"type":"integer","value":"1"}}"#
            ),
            ("[a.b.c]\n[a]\nb.d = 1", #"{"a":{"b":{"c":{},"d":{"type":"integer","value":"1"}}}}"#),
            ("\u{FEFF}x = 1\r\n", #"{"x":{"type":"integer","value":"1"}}"#),
        ])
    func valid(text: String, expected: String) throws {
        #expect(try read(text) == expected)
    }

    @Test("every key and value keeps its line, also inside dotted keys, inline tables and [[arrays]]")
    func lines() throws {
        let document = try TOMLDocument(
            parsing:
                "# top\n[policy]\nshift_start =\t\"\"\"\n09:30\"\"\"\nkiosk.office_name = 'x'\n[[log]]\n\nwhen = { at = 07:00:00 }\n",
            file: "a.toml")
        let policy = try #require(document.root["policy"])
        #expect(policy.line == 2)
        guard case .table(let table) = policy.value else { throw TOMLTestFailure.notATable }
        #expect(table["shift_start"]?.line == 3 && table["shift_start"]?.valueLine == 3)
        #expect(table["kiosk"]?.line == 5)
        #expect(document.line(of: "shift_start", in: "policy") == 3)
        guard case .array(let log)? = document.root["log"]?.value, case .table(let first)? = log.first else {
            throw TOMLTestFailure.notATable
        }
        #expect(first.line == 6 && first["when"]?.line == 8)
    }

    enum TOMLTestFailure: Error { case notATable }
}
