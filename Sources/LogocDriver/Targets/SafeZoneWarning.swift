import Foundation
import LogocCore
import LogocImageIO
import LogocRender

/// W005, for every icon a launcher masks (the maskable web icon, the
/// Android adaptive foreground): the share of the icon's ink outside its
/// safe circle, measured on its pixels (`IconPixels.shareOutside`), and the
/// warning when more than `maximumOutside` of it is.
enum SafeZoneWarning {
    /// The share of the ink that may lie outside the safe circle.
    static let maximumOutside = 0.01

    /// `icon`: the file's pixels; `layer`: what is no ink (the background
    /// layer alone; nil: transparent); `share`: the safe circle's diameter
    /// over the width; `file` and `zone` name them in the message.
    static func check(icon: PixelBuffer, layer: PixelBuffer?, share: Double, file: String, zone: String, at value: SourceSpan,
                      help: String) -> Diagnostic? {
        let outside = IconPixels.shareOutside(icon: icon, layer: layer, share: share)
        guard outside > maximumOutside else { return nil }
        let percent = String(format: "%.1f", outside * 100)
        return Diagnostic(.W005, "\(percent) % of the ink of \(file) lies outside \(zone), so a launcher's mask may cut it off", at: value, help: help)
    }
}
