/// A record of a peer as recall hands it over: `desktop:stm:12`, the device's name before the
/// reference, so that no id of another device's database is taken for one of this device's.
package struct DeviceReference: Hashable, Sendable, CustomStringConvertible {
    package let device: String
    package let reference: RecordReference

    package init(device: String, reference: RecordReference) {
        self.device = device
        self.reference = reference
    }

    /// `DEVICE:KIND:ID`; nil for anything else, a plain `stm:12` among them.
    package init?(_ text: String) {
        guard let colon = text.firstIndex(of: ":"), let reference = RecordReference(String(text[text.index(after: colon)...]))
        else { return nil }
        let device = String(text[..<colon])
        guard Peer.isValidName(device) else { return nil }
        self.init(device: device, reference: reference)
    }

    package var description: String { "\(device):\(reference)" }

    /// Why `forget` refuses it: memoryd only reads a peer, and forgetting there is that device's.
    package var forgetRefusal: String {
        "\(self) is a memory of the peer \(device), whose database memoryd only reads: forget it on that device, "
            + "where it is \(reference)"
    }

    /// `reference` as recall shows it: prefixed with its device when it is a peer's.
    package static func text(_ reference: String, device: String?) -> String {
        device.map { "\($0):\(reference)" } ?? reference
    }
}
