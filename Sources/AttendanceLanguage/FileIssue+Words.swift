import AttendanceCore

extension Speech {
    /// What is wrong with a line of an import file, in this language; the caller says where
    /// ("punches.csv:3: …", "line 3: …").
    public func sentence(for problem: FileProblem) -> String {
        switch problem {
        case .fieldNotUTF8(let field):
            return tr("field {field} is not UTF-8 text; save the file as UTF-8", ["field": String(field)])
        case .strayQuote(let field):
            return tr(
                "field {field} has a quote (\") inside it without being quoted itself; put the whole field in quotes and double each quote inside (\"\")",
                ["field": String(field)])
        case .unclosedQuote:
            return tr("a quoted field is not closed before the end of the file")
        case .empty(let layout):
            return tr("the file is empty; expected the header {header}", ["header": header(layout)])
        case .unknownColumn(let name, let layout):
            return tr(
                "unknown column {name}; expected {header}", ["name": name.quotedForMessage, "header": header(layout)])
        case .missingColumn(let name):
            return tr("the header has no {name} column", ["name": name])
        case .columnTwice(let name):
            return tr("the column {name} appears more than once", ["name": name])
        case .fieldCount(let columns, let found):
            return tr(
                "expected {count} fields ({columns}), found {found}",
                [
                    "count": String(columns.count), "columns": columns.joined(separator: ","),
                    "found": String(found),
                ])
        case .invalid(let column?, let error):
            return tr("{column}: {problem}", ["column": column, "problem": error.worded(self)])
        case .invalid(nil, let error):
            return error.worded(self)
        case .invalidText(let error):
            return error.worded(self)
        case .emptyField(let column):
            return tr("{column}: empty; every employee needs one", ["column": column])
        case .invalidSource(let source, let allowed):
            return tr(
                "invalid source {source}: expected {allowed} (it is not kept: imported punches are recorded as import)",
                ["source": source.quotedForMessage, "allowed": allowed.joined(separator: ", ")])
        case .codeRepeated(let code, let firstLine):
            return tr("code {code} is already on line {line}", ["code": code, "line": String(firstLine)])
        case .codeTaken(let code, let holder, let name):
            return tr("code {code} is already {holder} {name}", ["code": code, "holder": holder, "name": name])
        case .refused(let error):
            return error.worded(self)
        case .unknownEmployee(let code):
            return tr("no employee has code {code}", ["code": code.quotedForMessage])
        case .inFuture(let time, let now):
            return tr("{time} is in the future (it is now {now})", ["time": time, "now": now])
        case .notEmployed(let code, let date, let start, let end):
            return tr(
                "{code} is not employed on {date} ({employment})",
                ["code": code, "date": date.description, "employment": employment(from: start, to: end)])
        case .brokenRule(let code, let problem):
            return tr("{code}: {problem}", ["code": code, "problem": sentence(for: problem)])
        }
    }

    /// The header a file should have, as a refusal names it.
    private func header(_ layout: CSVLayout) -> String {
        switch layout {
        case .employees: tr("code,name and optionally start_date,shift,department,language")
        case .punches: tr("code,timestamp,kind and optionally note and source")
        case .punchesRequired: "code,timestamp,kind"
        }
    }

    /// "employed from 2026-10-01": the dates an employee may have punches on.
    private func employment(from start: AttendanceDate?, to end: AttendanceDate?) -> String {
        switch (start, end) {
        case (let start?, let end?):
            tr("employed {start} to {end}", ["start": start.description, "end": end.description])
        case (let start?, nil): tr("employed from {start}", ["start": start.description])
        case (nil, let end?): tr("employed until {end}", ["end": end.description])
        case (nil, nil): tr("employed throughout")
        }
    }
}
