extension Console {
    /// Writes `styled` in colour when ``usesColor`` is set, as plain text otherwise: the same
    /// characters in the same places either way. Every run's text is sanitised first.
    public func write(_ styled: StyledText) {
        sink.write(usesColor ? styled.ansiText(palette: palette) : styled.plainText)
    }

    /// Writes `parts` one after the other: a long report's pages. The same characters as
    /// writing them joined; a part's last style ends with it.
    public func write(_ parts: [StyledText]) {
        for part in parts { write(part) }
    }
}
