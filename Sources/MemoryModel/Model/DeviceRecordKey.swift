/// A record's id together with the device whose database holds it (nil: this device's own):
/// ids of different databases are only unique with it, as recall ranks them together.
package struct DeviceRecordKey: Hashable, Sendable {
    package let device: String?
    package let id: Int64

    package init(device: String?, id: Int64) {
        self.device = device
        self.id = id
    }
}
