extension Console {
    /// Writes `styled` in colour when ``usesColor`` is set, as plain text otherwise: the same
    /// characters in the same places either way. Every run's text is sanitised first.
    public func write(_ styled: StyledText) {
        sink.write(usesColor ? styled.ansiText(palette: palette) : styled.plainText)
    }

    /// Writes `styled` and a line break.
    public func line(_ styled: StyledText) { write(styled + "\n") }
}
