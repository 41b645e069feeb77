/// logoc's version: printed by `logoc --version`, written into SARIF logs,
/// and part of every cache key (a new version redraws everything).
public enum LogocVersion {
    public static let current = "0.3.0"
}
