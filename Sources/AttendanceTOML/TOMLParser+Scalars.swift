/// Strings, numbers, booleans, dates and times: the values that are not arrays or tables.
extension TOMLParser {
    // MARK: - Strings

    /// `"…"` on one line, with escapes.
    mutating func parseBasicString() throws(TOMLError) -> String {
        advance()
        var out = ""
        while true {
            guard let c = peek, c != "\n" else { throw issue(.stringNotClosed(literal: false)) }
            if c == "\"" {
                advance()
                return out
            }
            if c == "\\" {
                advance()
                out.unicodeScalars.append(try parseEscape())
            } else {
                try refuseControl(c, allowing: ["\t"], in: .string)
                out.unicodeScalars.append(c)
                advance()
            }
        }
    }

    /// `"""…"""` (with escapes, and a backslash at a line's end joining the next line) or
    /// `'''…'''` (exactly as written), over any number of lines.
    mutating func parseMultilineString(quote: Unicode.Scalar) throws(TOMLError) -> String {
        let startLine = line
        let delimiter = String(repeating: String(quote), count: 3)
        let place: TOMLProblem.Place = quote == "'" ? .multilineLiteralString : .multilineString
        index += 3
        if peek == "\n" { advance() }
        var out = ""
        while true {
            guard let c = peek else {
                throw issue(.multilineStringNotClosed(openedAt: startLine, literal: quote == "'"))
            }
            if matches(delimiter) {
                index += 3
                return out + closingExtraQuotes(quote)
            }
            if c == "\\" && quote == "\"" {
                advance()
                if let next = peek, next == " " || next == "\t" || next == "\n" {
                    skipSpaces()
                    guard peek == "\n" else {
                        throw issue(.backslashBeforeText)
                    }
                    while let w = peek, w == " " || w == "\t" || w == "\n" { advance() }
                } else {
                    out.unicodeScalars.append(try parseEscape())
                }
            } else {
                try refuseControl(c, allowing: ["\t", "\n"], in: place)
                out.unicodeScalars.append(c)
                advance()
            }
        }
    }

    /// `'…'` on one line, exactly as written.
    mutating func parseLiteralString() throws(TOMLError) -> String {
        advance()
        var out = ""
        while true {
            guard let c = peek, c != "\n" else { throw issue(.stringNotClosed(literal: true)) }
            advance()
            if c == "'" { return out }
            try refuseControl(c, allowing: ["\t"], in: .literalString)
            out.unicodeScalars.append(c)
        }
    }

    /// One or two quotes right before the closing three belong to the string (`""""a""""`).
    mutating func closingExtraQuotes(_ quote: Unicode.Scalar) -> String {
        var extra = ""
        while extra.unicodeScalars.count < 2, peek == quote {
            extra.unicodeScalars.append(quote)
            advance()
        }
        return extra
    }

    mutating func refuseControl(
        _ c: Unicode.Scalar, allowing allowed: Set<Unicode.Scalar>, in place: TOMLProblem.Place
    )
        throws(TOMLError)
    {
        guard c.isTOMLControl, !allowed.contains(c) else { return }
        throw issue(.controlCharacter(c, place))
    }

    /// After a backslash: `\n`, `\t`, `\"`, `\\`, `\b`, `\f`, `\r`, `\uXXXX`, `\UXXXXXXXX`.
    mutating func parseEscape() throws(TOMLError) -> Unicode.Scalar {
        guard let e = peek, e != "\n" else { throw issue(.unfinishedEscape) }
        advance()
        switch e {
        case "\"": return "\""
        case "\\": return "\\"
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "b": return "\u{8}"
        case "f": return "\u{C}"
        case "u": return try parseUnicodeEscape(digits: 4)
        case "U": return try parseUnicodeEscape(digits: 8)
        default:
            throw issue(.unknownEscape(e))
        }
    }

    mutating func parseUnicodeEscape(digits: Int) throws(TOMLError) -> Unicode.Scalar {
        var hex = ""
        for _ in 0..<digits {
            guard let c = peek, c.properties.isASCIIHexDigit else {
                throw issue(.shortUnicodeEscape(digits: digits))
            }
            hex.unicodeScalars.append(c)
            advance()
        }
        guard let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) else {
            throw issue(.notAUnicodeCharacter(hex: hex))
        }
        return scalar
    }

    // MARK: - Bare values

    /// Booleans, numbers, dates and times: a word up to the next separator, then checked whole.
    mutating func parseBareValue() throws(TOMLError) -> TOMLDocument.Value {
        var word: [Unicode.Scalar] = []
        while let c = peek, !c.endsBareValue {
            word.append(c)
            advance()
            // "1979-05-27 07:32:00": a date, one space, and a time are one value.
            if word.count == 10, peek == " ", let next = peek(at: 1), ("0"..."9").contains(next),
                TOMLScalarText(word).isDate
            {
                word.append(" ")
                advance()
            }
        }
        guard !word.isEmpty else {
            if let c = peek, c.isTOMLControl {
                throw issue(.controlCharacter(c, .valueStart))
            }
            throw issue(.valueExpected)
        }
        let text = TOMLScalarText(word)
        let shown = String(String.UnicodeScalarView(word))
        switch shown {
        case "true": return .boolean(true)
        case "false": return .boolean(false)
        case "inf", "+inf": return .float(.infinity)
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return .float(.nan)
        default: break
        }
        if text.looksLikeDateOrTime {
            if let value = text.dateOrTime() { return value }
            throw issue(text.isHourMinute ? .timeWithoutSeconds(shown) : .invalidDateOrTime(shown))
        }
        switch text.number() {
        case .value(let value): return value
        case .problem(let fault): throw issue(.number(shown, fault))
        case nil: throw issue(.notAValue(shown))
        }
    }
}

extension Unicode.Scalar {
    /// What ends a number, boolean or date: white space, a line break, or TOML punctuation.
    fileprivate var endsBareValue: Bool {
        self == " " || self == "\t" || self == "," || self == "]" || self == "}" || self == "#" || isTOMLControl
    }
}

/// The text of a bare value, read against TOML's grammar for numbers, dates and times.
struct TOMLScalarText {
    let s: [Unicode.Scalar]

    init(_ scalars: [Unicode.Scalar]) { s = scalars }

    enum NumberResult {
        case value(TOMLDocument.Value)
        /// Number-like, but wrong in a way worth naming.
        case problem(TOMLProblem.NumberFault)
    }

    func isDigit(_ i: Int, radix: Int = 10) -> Bool {
        guard i >= 0, i < s.count else { return false }
        let c = s[i]
        switch radix {
        case 2: return c == "0" || c == "1"
        case 8: return ("0"..."7").contains(c)
        case 16: return c.properties.isASCIIHexDigit
        default: return ("0"..."9").contains(c)
        }
    }

    /// `dddd-dd-dd`, the shape only.
    var isDate: Bool {
        s.count >= 10 && (0..<4).allSatisfy { isDigit($0) } && s[4] == "-" && isDigit(5) && isDigit(6)
            && s[7] == "-" && isDigit(8) && isDigit(9)
    }

    /// `HH:MM`, which TOML 1.0 does not read as a time (it needs seconds).
    var isHourMinute: Bool { s.count == 5 && isDigit(0) && isDigit(1) && s[2] == ":" && isDigit(3) && isDigit(4) }

    var looksLikeDateOrTime: Bool {
        s.contains(":") || (s.count >= 5 && (0..<4).allSatisfy { isDigit($0) } && s[4] == "-")
    }

    // MARK: Dates and times

    /// The value, or nil when the text is not exactly one of TOML's four date and time forms.
    func dateOrTime() -> TOMLDocument.Value? {
        if let (time, end) = time(at: 0) {
            return end == s.count ? .localTime(time) : nil
        }
        guard isDate, let date = date() else { return nil }
        if s.count == 10 { return .localDate(date) }
        guard s[10] == "T" || s[10] == "t" || s[10] == " ", let (time, end) = time(at: 11) else { return nil }
        if end == s.count { return .localDateTime(date, time) }
        if end + 1 == s.count, s[end] == "Z" || s[end] == "z" {
            return .offsetDateTime(date, time, offsetMinutes: 0)
        }
        guard end + 6 == s.count, s[end] == "+" || s[end] == "-", let hours = twoDigits(end + 1), s[end + 3] == ":",
            let minutes = twoDigits(end + 4), hours <= 23, minutes <= 59
        else { return nil }
        let offset = hours * 60 + minutes
        return .offsetDateTime(date, time, offsetMinutes: s[end] == "-" ? -offset : offset)
    }

    func twoDigits(_ i: Int) -> Int? {
        guard isDigit(i), isDigit(i + 1) else { return nil }
        return Int(s[i].value - 48) * 10 + Int(s[i + 1].value - 48)
    }

    /// `YYYY-MM-DD` at the start: a real day of the Gregorian calendar, years 0001–9999.
    func date() -> TOMLDocument.LocalDate? {
        guard let high = twoDigits(0), let low = twoDigits(2), let month = twoDigits(5), let day = twoDigits(8)
        else { return nil }
        let year = high * 100 + low
        guard year >= 1, (1...12).contains(month), day >= 1 else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let lengths = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= lengths[month - 1] else { return nil }
        return TOMLDocument.LocalDate(year: year, month: month, day: day)
    }

    /// `HH:MM:SS[.fraction]` at `i`: the time and where it ends. Seconds run to 59.
    func time(at i: Int) -> (TOMLDocument.LocalTime, Int)? {
        guard let hour = twoDigits(i), i + 2 < s.count, s[i + 2] == ":", let minute = twoDigits(i + 3),
            i + 5 < s.count, s[i + 5] == ":", let second = twoDigits(i + 6), hour <= 23, minute <= 59, second <= 59
        else { return nil }
        var end = i + 8
        var nanosecond = 0
        if end < s.count, s[end] == "." {
            end += 1
            var digits = 0
            while isDigit(end) {
                if digits < 9 { nanosecond = nanosecond * 10 + Int(s[end].value - 48) }
                digits += 1
                end += 1
            }
            guard digits > 0 else { return nil }
            for _ in digits..<max(digits, 9) { nanosecond *= 10 }
        }
        return (TOMLDocument.LocalTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond), end)
    }

    // MARK: Numbers

    /// An integer or float, a named problem when the text is almost one, or nil.
    func number() -> NumberResult? {
        guard let first = s.first, first == "+" || first == "-" || isDigit(0) || first == "." else { return nil }
        if s.count > 2, s[0] == "0", let radix = ["x": 16, "o": 8, "b": 2][Character(s[1])] {
            return prefixedInteger(radix: radix)
        }
        if s.count > 3, s[0] == "+" || s[0] == "-", s[1] == "0", s[2] == "x" || s[2] == "o" || s[2] == "b" {
            return .problem(.signedPrefixedInteger)
        }
        var i = first == "+" || first == "-" ? 1 : 0
        let intStart = i
        guard isDigit(i) else {
            if i < s.count, s[i] == "." { return .problem(.digitBeforePoint) }
            return nil
        }
        guard let afterInt = digitRun(from: i) else { return underscoreProblem }
        i = afterInt
        var isFloat = false
        if i < s.count, s[i] == "." {
            guard isDigit(i + 1) else { return .problem(.digitAfterPoint) }
            guard let afterFraction = digitRun(from: i + 1) else { return underscoreProblem }
            i = afterFraction
            isFloat = true
        }
        if i < s.count, s[i] == "e" || s[i] == "E" {
            i += 1
            if i < s.count, s[i] == "+" || s[i] == "-" { i += 1 }
            guard isDigit(i) else { return .problem(.exponentWithoutDigits) }
            guard let afterExponent = digitRun(from: i) else { return underscoreProblem }
            i = afterExponent
            isFloat = true
        }
        guard i == s.count else { return nil }
        if s[intStart] == "0", afterInt - intStart > 1 {
            return .problem(.leadingZeros(integer: !isFloat))
        }
        let cleaned = String(String.UnicodeScalarView(s.filter { $0 != "_" }))
        if isFloat {
            guard let double = Double(cleaned) else { return nil }
            return .value(.float(double))
        }
        guard let int = Int(cleaned) else {
            return .problem(.outOfRange)
        }
        return .value(.integer(int))
    }

    var underscoreProblem: NumberResult { .problem(.misplacedUnderscore) }

    /// Digits with single underscores between them, from `i` (a digit): where the run ends, or
    /// nil when an underscore stands elsewhere.
    func digitRun(from start: Int, radix: Int = 10) -> Int? {
        var i = start
        while i < s.count {
            if isDigit(i, radix: radix) {
                i += 1
            } else if s[i] == "_" {
                guard isDigit(i - 1, radix: radix), isDigit(i + 1, radix: radix) else { return nil }
                i += 1
            } else {
                break
            }
        }
        return i
    }

    func prefixedInteger(radix: Int) -> NumberResult? {
        guard isDigit(2, radix: radix) else {
            return s.count > 2 && s[2] == "_" ? underscoreProblem : nil
        }
        guard let end = digitRun(from: 2, radix: radix) else { return underscoreProblem }
        guard end == s.count else { return nil }
        let digits = String(String.UnicodeScalarView(s[2...].filter { $0 != "_" }))
        guard let int = Int(digits, radix: radix) else {
            return .problem(.outOfRange)
        }
        return .value(.integer(int))
    }
}
