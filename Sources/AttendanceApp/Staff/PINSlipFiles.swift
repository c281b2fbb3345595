import AttendanceCore
import AttendanceDocuments
import AttendanceLanguage
import AttendanceTerminal

/// PIN slips as a PDF, four to a page, each in its employee's language: the same document from
/// `attendance employee pins --format pdf` and from the web console.
public enum PINSlipFiles {
    /// The slips of `slips`, headed `officeName`; words in each employee's language, else `office`'s.
    public static func pdf(
        _ slips: [PINSlip], office: Speech, officeName: String, paper: RegisterPDF.Paper
    ) -> PINSlipsPDF {
        PINSlipsPDF(
            slips: slips.map { slip in
                let text = PINSlipText(employee: slip.employee, pin: slip.pin, office: office)
                return .init(heading: text.heading, pin: text.pin, notes: text.notes)
            }, office: officeName, paper: paper, words: office)
    }
}
