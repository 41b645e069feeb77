extension Int {
    /// `value` truncated toward zero and held within ±2⁵³ (NaN gives 0).
    /// `Int(someDouble)` traps on NaN, infinities and magnitudes of 2⁶³ or
    /// more, and a trap kills the whole build, good specs included: every
    /// conversion of a `Double` that input can make large goes through here.
    public init(saturating value: Double) {
        guard !value.isNaN else { self = 0; return }
        let limit = 9_007_199_254_740_992.0  // 2⁵³: exact in a Double, far inside Int
        self = Int(Swift.min(limit, Swift.max(-limit, value)))
    }
}
