extension NVDA {
    /// NVDA reads the web, so its findings read in HTML's and ARIA's terms: the web's wording
    /// (`WebFindingWording`, docs/findings.md, "On a web page") with NVDA named.
    public static func findingWording(_ code: FindingCode) -> FindingWording? {
        WebFindingWording.wording(code, reader: title)
    }
}
