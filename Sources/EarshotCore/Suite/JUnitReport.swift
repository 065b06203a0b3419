/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test reporters; docs/ci-reports.md):
///
/// ```xml
/// <testsuites name="earshot" tests="12" failures="1" errors="0" time="3.201">
///   <testsuite name="flows/delete.json" tests="3" failures="1" errors="0" skipped="0" time="0.912">
///     <testcase classname="flows/delete.json" name="golden transcript" file="flows/delete.json" time="0"/>
///     <testcase classname="flows/delete.json" name="finding focus.no-fallback [post-102, post-101]" file="flows/delete.json" line="14">
///       <failure type="finding" message="&quot;post-102&quot; was deleted; …">flows/delete.json:14:5: error …</failure>
///     </testcase>
///     <system-out>every finding, two lines each</system-out>
///   </testsuite>
/// </testsuites>
/// ```
///
/// A `testsuite` per record (scenario or screen file), a `testcase` per case; a failed case has
/// a `failure` (type `golden`, `expectation` or `finding`), a file that could not
/// be read an `error`. `file` and `line` point at the case's place. Text that XML 1.0 cannot
/// hold (control characters) becomes U+FFFD.
public enum JUnitReport {
    public static func xml(_ records: [SuiteRecord], name: String = "earshot") -> String {
        let tests = records.reduce(0) { $0 + $1.cases.count }
        let failures = records.reduce(0) { $0 + $1.failures }
        let errors = records.reduce(0) { $0 + $1.errors }
        let time = records.reduce(0) { $0 + $1.time }
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<testsuites name=\"\(escape(name))\" tests=\"\(tests)\" failures=\"\(failures)\" errors=\"\(errors)\" time=\"\(seconds(time))\">\n"
        for record in records {
            out += "  <testsuite name=\"\(escape(record.name))\" tests=\"\(record.cases.count)\" failures=\"\(record.failures)\" errors=\"\(record.errors)\" skipped=\"0\" time=\"\(seconds(record.time))\">\n"
            var properties: [(String, String)] = []
            if let rate = record.rate {
                properties.append(("rate", String(rate)))
            } else if let rates = record.sweepRates {
                properties.append(("rates", rates.map(String.init).joined(separator: ",")))
            }
            if let reader = record.reader { properties.append(("reader", reader)) }
            if let readers = record.comparedReaders { properties.append(("readers", readers.joined(separator: ","))) }
            if !properties.isEmpty {
                out += "    <properties>\n"
                for (name, value) in properties {
                    out += "      <property name=\"\(name)\" value=\"\(escape(value))\"/>\n"
                }
                out += "    </properties>\n"
            }
            for testCase in record.cases {
                var attributes = "classname=\"\(escape(record.name))\" name=\"\(escape(testCase.name))\""
                let file = testCase.location?.file ?? record.file
                attributes += " file=\"\(escape(file))\""
                if let line = testCase.location?.line { attributes += " line=\"\(line)\"" }
                attributes += " time=\"0\""
                switch testCase.outcome {
                case .passed:
                    if let note = testCase.note {
                        out += "    <testcase \(attributes)>\n      <system-out>\(escape(note))</system-out>\n    </testcase>\n"
                    } else {
                        out += "    <testcase \(attributes)/>\n"
                    }
                case .failed(let message, let details):
                    out += "    <testcase \(attributes)>\n"
                    out += "      <failure type=\"\(escape(testCase.kind))\" message=\"\(escape(message))\">\(escape(details))</failure>\n"
                    out += "    </testcase>\n"
                case .error(let message):
                    out += "    <testcase \(attributes)>\n"
                    out += "      <error type=\"unreadable\" message=\"\(escape(message))\">\(escape(message))</error>\n"
                    out += "    </testcase>\n"
                }
            }
            if !record.findings.isEmpty {
                out += "    <system-out>\(escape(FindingReport.text(record.findings)))</system-out>\n"
            }
            out += "  </testsuite>\n"
        }
        out += "</testsuites>\n"
        return out
    }

    static func seconds(_ value: Double) -> String { fixedDecimal(value, places: 3) }

    static func escape(_ text: String) -> String { MarkupText.escape(text) }
}
