import AttendanceApp
import AttendanceCore
import AttendanceLanguage
import AttendanceTerminal
import Foundation

/// Text made safe for HTML: every untrusted text (names, notes, SSIDs, reasons) reaches a page
/// only through `escaped`, in element content and in quoted attribute values alike.
extension String {
    var escaped: String {
        // Most text (codes, dates, plain names) has nothing to replace: returned as it is, after
        // one pass over its bytes. Control characters are U+0000–U+001F and U+007F–U+009F (the
        // latter two bytes in UTF-8, 0xC2 then 0x80–0x9F).
        var previous: UInt8 = 0
        let plain = utf8.allSatisfy { byte in
            defer { previous = byte }
            switch byte {
            case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""), UInt8(ascii: "'"), 0x7F:
                return false
            case 0x80...0x9F where previous == 0xC2: return false
            default: return byte >= 0x20
            }
        }
        if plain { return self }
        var out = ""
        out.reserveCapacity(utf8.count)
        for scalar in unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            // Control characters (a name is not meant to hold them) are shown, never passed on.
            case _
            where (scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)) && scalar != "\n" && scalar != "\t":
                out += "\u{FFFD}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text as one part of a URL path or query value.
    var urlComponent: String {
        let unreserved = utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                true
            default: false
            }
        }
        return unreserved ? self : addingPercentEncoding(withAllowedCharacters: .urlComponentAllowed) ?? ""
    }
}

extension CharacterSet {
    /// Unreserved characters (RFC 3986): everything else is percent-encoded.
    static let urlComponentAllowed = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}

/// One page of the console: its title, the section of the navigation it belongs to, and its body.
struct Page {
    var title: String
    var section: String
    var body: String
    /// Seconds after which the page reloads itself (the day's board), none by default.
    var refreshSeconds: Int? = nil
}

/// The frame around every page: the head, the navigation, the signed-in account and its logout.
struct Layout {
    let office: String
    let session: ConsoleSession?

    func render(_ page: Page) -> String {
        let words = Console.words
        let refresh = page.refreshSeconds.map { "<meta http-equiv=\"refresh\" content=\"\($0)\">" } ?? ""
        var nav = ""
        if let session {
            let links = [
                ("today", "/", words.ctr("console page", "Today")),
                ("register", "/register", words.ctr("console page", "Register")),
                ("hours", "/hours", words.ctr("console page", "Hours")),
                ("employees", "/employees", words.ctr("console page", "Employees")),
                ("missing", "/missing", words.ctr("console page", "Missing mark-outs")),
                ("requests", "/requests", words.ctr("console page", "Requests")),
                ("leave", "/leave", words.ctr("console page", "Leave")),
                ("holidays", "/holidays", words.ctr("console page", "Holidays")),
                ("wifi", "/wifi", words.ctr("console page", "WiFi")),
                ("audit", "/audit", words.ctr("console page", "Audit log")),
                ("health", "/health", words.ctr("console page", "Health")),
            ]
            nav =
                "<nav><ul>"
                + links.map { key, href, label in
                    "<li><a href=\"\(href)\"\(key == page.section ? " aria-current=\"page\"" : "")>\(label)</a></li>"
                }.joined()
                + "</ul></nav><form method=\"post\" action=\"/logout\" class=\"logout\">"
                + "<span class=\"who\">\(session.account.name.escaped) (\(session.account.role.rawValue))</span>"
                + csrfField(session) + "<button type=\"submit\">" + words.tr("Sign out") + "</button></form>"
        }
        return """
            <!DOCTYPE html>
            <html lang="\(words.language.code)"><head><meta charset="utf-8">
            <meta name="viewport" content="width=device-width, initial-scale=1">\(refresh)
            <title>\(page.title.escaped) — \(office.escaped)</title>
            <link rel="stylesheet" href="/console.css"></head>
            <body><header><p class="office">\(office.escaped) · attendance</p>\(nav)</header>
            <main><h1>\(page.title.escaped)</h1>
            \(page.body)
            </main></body></html>
            """
    }
}

/// A list as a table that scrolls sideways on a narrow screen, or the paragraph `empty` when it
/// has no rows. `headers` are HTML, written by the console.
func listTable(_ headers: [String], rows: String, empty: String) -> String {
    rows.isEmpty
        ? "<p>\(empty)</p>"
        : "<div class=\"scroll\"><table><thead><tr>\(headers.map { "<th>\($0)</th>" }.joined())</tr></thead>"
            + "<tbody>\(rows)</tbody></table></div>"
}

/// A row's first two cells: the date, and the employee linked to their day.
func dateAndEmployeeCells(_ date: AttendanceDate, _ employee: Employee) -> String {
    let code = employee.code.rawValue
    return "<td>\(date)</td><td><a href=\"/employees/\(code.urlComponent)/days/\(date)\">"
        + "\(employee.name.rawValue.escaped)</a> <small>\(code.escaped)</small></td>"
}

/// The line at the top of a page saying what was just done.
func notice(_ done: String?) -> String {
    done.map { "<p class=\"done\" role=\"status\">\($0.escaped)</p>" } ?? ""
}

/// The hidden field every form that changes something carries.
func csrfField(_ session: ConsoleSession) -> String {
    "<input type=\"hidden\" name=\"csrf\" value=\"\(session.csrf.escaped)\">"
}

/// A status cell's class, so its colour comes from the style sheet: the same colours as the PDF.
func statusClass(_ status: DayStatus) -> String {
    switch status {
    case .present: "st-p"
    case .late: "st-l"
    case .halfDay: "st-hd"
    case .absent: "st-a"
    case .missing: "st-m"
    case .leave: "st-lv"
    case .holiday: "st-h"
    case .weeklyOff: "st-wo"
    case .in: "st-in"
    case .notEmployed, .future, .pending: "st-none"
    }
}
