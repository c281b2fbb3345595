import Foundation

/// Large letters for the kiosk's confirmation: readable from a step away.
///
/// Five rows per glyph, drawn with full blocks (present in the Linux console's font too).
public enum BigText {
    /// The rows of `text` in large letters; characters without a glyph are left out.
    public static func rows(_ text: String) -> [String] {
        var rows = Array(repeating: "", count: 5)
        for character in text.uppercased() {
            guard let glyph = glyphs[character] else { continue }
            for r in 0..<5 {
                rows[r] += glyph[r].replacingOccurrences(of: "#", with: "█") + " "
            }
        }
        return rows.map { String($0.dropLast()) }
    }

    /// Whether every character of `text` has a glyph.
    public static func canDraw(_ text: String) -> Bool { text.uppercased().allSatisfy { glyphs[$0] != nil } }

    static let glyphs: [Character: [String]] = [
        "A": [" ### ", "#   #", "#####", "#   #", "#   #"],
        "D": ["#### ", "#   #", "#   #", "#   #", "#### "],
        "E": ["#####", "#    ", "#### ", "#    ", "#####"],
        "I": ["###", " # ", " # ", " # ", "###"],
        "K": ["#   #", "#  # ", "###  ", "#  # ", "#   #"],
        "M": ["#   #", "## ##", "# # #", "#   #", "#   #"],
        "N": ["#   #", "##  #", "# # #", "#  ##", "#   #"],
        "O": [" ### ", "#   #", "#   #", "#   #", " ### "],
        "R": ["#### ", "#   #", "#### ", "#  # ", "#   #"],
        "T": ["#####", "  #  ", "  #  ", "  #  ", "  #  "],
        "U": ["#   #", "#   #", "#   #", "#   #", " ### "],
        " ": ["  ", "  ", "  ", "  ", "  "],
        ":": ["   ", " # ", "   ", " # ", "   "],
        "0": [" ### ", "#  ##", "# # #", "##  #", " ### "],
        "1": ["  #  ", " ##  ", "  #  ", "  #  ", " ### "],
        "2": [" ### ", "#   #", "  ## ", " #   ", "#####"],
        "3": ["#### ", "    #", " ### ", "    #", "#### "],
        "4": ["#   #", "#   #", "#####", "    #", "    #"],
        "5": ["#####", "#    ", "#### ", "    #", "#### "],
        "6": [" ### ", "#    ", "#### ", "#   #", " ### "],
        "7": ["#####", "    #", "   # ", "  #  ", "  #  "],
        "8": [" ### ", "#   #", " ### ", "#   #", " ### "],
        "9": [" ### ", "#   #", " ####", "    #", " ### "],
        // The offset of a time in the hour that happened twice: "IN 02:30+02:00".
        "+": ["     ", "  #  ", "#####", "  #  ", "     "],
        "-": ["     ", "     ", "#####", "     ", "     "],
    ]
}
