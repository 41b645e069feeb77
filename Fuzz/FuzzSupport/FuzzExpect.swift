/// What a target asserts about logoc's answer. A broken property must stop
/// the process the way a crash does, so that libFuzzer keeps the input as
/// an artifact and `Fuzz/run.sh` reports a finding (it looks for "Fatal
/// error"). This is the fuzz harness, never product code.
public enum FuzzExpect {
    public static func that(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String,
                            file: StaticString = #fileID, line: UInt = #line) {
        guard !condition() else { return }
        fatalError("fuzz property broken: \(message())", file: file, line: line)
    }
}
