import Testing

@testable import MemoryModel

@Suite("The peers setting and --peer")
struct PeerSettingTests {
    @Test("NAME=PATH or PATH, comma-separated: a path names its peer by its file's name; none or nothing is none")
    func list() throws {
        let peers = try Peer.list(" desktop = /srv/peers/desktop.db, ~/peers/build-box.sqlite,/srv/x/laptop ", home: "/home/dana")
        #expect(
            peers == [
                Peer(name: "desktop", path: "/srv/peers/desktop.db"),
                Peer(name: "build-box", path: "/home/dana/peers/build-box.sqlite"),
                Peer(name: "laptop", path: "/srv/x/laptop"),
            ])
        for none in ["none", "", " , ", "none,"] { #expect(try Peer.list(none, home: nil).isEmpty, "\(none)") }
        // A path is made plain; a file name may hold "=" (but then cannot name its device).
        #expect(try Peer.list("x=/srv/./a/../b=c.db", home: nil) == [Peer(name: "x", path: "/srv/b=c.db")])
        #expect(throws: PeerSettingError.self) { try Peer.list("/srv/b=c.db", home: nil) }
    }

    @Test("a setting's path must be absolute or ~/…; a --peer may be relative to the working directory")
    func relative() throws {
        #expect(throws: PeerSettingError("'peers/desktop.db' is a relative path; give an absolute one or ~/…")) {
            try Peer.list("peers/desktop.db", home: "/home/dana")
        }
        #expect(throws: PeerSettingError.self) { try Peer.list("~/desktop.db", home: nil) }
        #expect(
            try Peer.entry("build=peers/build.db", home: nil, workingDirectory: "/home/dana")
                == Peer(name: "build", path: "/home/dana/peers/build.db"))
    }

    @Test("a name is letters, digits, '.', '_' and '-'; a reference's kind is no name; two peers share neither name nor file")
    func names() {
        for bad in ["my desk=/a.db", "-x=/a.db", "stm=/a.db", "LTM=/a.db", "entity=/a.db", "é=/a.db", "=/a.db"] {
            #expect(throws: PeerSettingError.self, "\(bad)") { try Peer.list(bad, home: nil) }
        }
        #expect(throws: PeerSettingError.self) { try Peer.list("/srv/my memory.db", home: nil) }
        #expect(throws: PeerSettingError("desktop= needs a database file")) { try Peer.list("desktop=", home: nil) }
        #expect(throws: PeerSettingError("two peers are named desktop; name each: NAME=PATH")) {
            try Peer.list("/a/desktop.db, /b/desktop.db", home: nil)
        }
        #expect(throws: PeerSettingError("/a/x.db is named twice")) { try Peer.list("one=/a/x.db, two=/a/x.db", home: nil) }
        #expect(Peer.isValidName("laptop-2.home_net"))
        #expect(!Peer.isValidName(String(repeating: "a", count: Peer.longestName + 1)))
    }

    @Test("a peer's reference is DEVICE:KIND:ID; this device's are not one")
    func references() {
        #expect(DeviceReference("desktop:stm:12") == DeviceReference(device: "desktop", reference: .shortTerm(ShortTermMemoryID(12))))
        #expect(DeviceReference("desktop:ltm:3")?.description == "desktop:ltm:3")
        for other in ["stm:12", "ltm:3", "desktop:12", "desktop:stm:x", "stm:ltm:3", ":stm:1", "desk top:stm:1"] {
            #expect(DeviceReference(other) == nil, "\(other)")
        }
        #expect(DeviceReference.text("ltm:3", device: nil) == "ltm:3")
        #expect(DeviceReference.text("ltm:3", device: "laptop") == "laptop:ltm:3")
    }
}
