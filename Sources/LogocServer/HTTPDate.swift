import Foundation

/// The `Date` header's value (RFC 9110 §5.6.7, IMF-fixdate:
/// `Wed, 25 Nov 2026 04:05:06 GMT`), as Hummingbird writes it on the
/// answers of its responder, for the answers `CachedHitHandler` writes
/// itself. Spelt once a second per connection: a hit costs a clock read.
struct HTTPDate {
    private var second = -1
    private var text = ""

    /// Now's value.
    mutating func now() -> String {
        let now = time(nil)
        if now != second {
            second = now
            text = Self.format(now)
        }
        return text
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The IMF-fixdate of `seconds` since 1970 (UTC).
    static func format(_ seconds: Int) -> String {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
