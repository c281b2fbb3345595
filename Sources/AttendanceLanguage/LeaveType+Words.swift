import AttendanceCore

extension LeaveType {
    /// The type's name as a reader of `words`' language says it, fitting "… leave": the default
    /// types' in the catalog ("sick" → "maladie", "por enfermedad"); a type the office added keeps
    /// the configuration's own name in every language. Commands, JSON and CSV take `name`.
    public func displayName(_ words: Speech) -> String {
        switch name {
        case "annual": words.ctr("leave type", "annual")
        case "sick": words.ctr("leave type", "sick")
        case "unpaid": words.ctr("leave type", "unpaid")
        default: name
        }
    }
}
