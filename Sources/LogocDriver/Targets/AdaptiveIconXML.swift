import LogocFrontend

/// `mipmap-anydpi-v26/ic_<name>.xml` (and `ic_<name>_round.xml`): the
/// `<adaptive-icon>` element of Android 8 and later, as Android Studio's
/// Image Asset tool writes it — XML declaration, the `android` namespace on
/// the root, one child per layer naming its mipmap, four-space indentation —
/// with the `monochrome` layer of Android 13's themed icons.
enum AdaptiveIconXML {
    /// The Android resource namespace every `android:` attribute is in.
    static let namespace = "http://schemas.android.com/apk/res/android"

    /// `icon`: the icon's resource name (`ic_kite`); each layer is the
    /// mipmap `<icon>_<layer>` written beside it in every density.
    static func bytes(icon: String) -> [UInt8] {
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<adaptive-icon xmlns:android=\"\(namespace)\">\n"
        for layer in AndroidAdaptiveLayout.layers { out += "    <\(layer) android:drawable=\"@mipmap/\(icon)_\(layer)\"/>\n" }
        return Array((out + "</adaptive-icon>\n").utf8)
    }
}
