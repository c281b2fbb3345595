import ArgumentParser
import AttendanceCore

/// `attendance request`
struct RequestCommand: ParsableCommand {
    static var configuration: CommandConfiguration {
        .command(
            "request", Phrase("Answer the corrections employees ask for at the kiosk: list, approve, refuse."),
            discussion: Phrase(
                "An employee who forgot to mark out asks at the kiosk (\"I left at 18:00 on Tue 24\", with a reason). The request changes nothing and counts in no status until it is answered. Approving makes the ordinary audited correction (the date's open session marked out at that time, else its last OUT re-timed); refusing needs a reason. The employee's kiosk menu shows the answer on their next visit. With a central store, requests asked at every kiosk are answered at a desk (--store postgresql://…), and the answer is shown at whichever kiosk the employee visits next."
            ), subcommands: [RequestList.self, RequestApprove.self, RequestRefuse.self])
    }
}

/// A request's number as typed after `request approve` and `refuse`.
struct RequestID: ExpressibleByArgument {
    let rawValue: Int64

    init?(argument: String) {
        guard let id = Int64(argument), id > 0 else { return nil }
        rawValue = id
    }
}
