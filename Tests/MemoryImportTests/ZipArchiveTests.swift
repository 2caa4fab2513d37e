import Foundation
import TestFixtures
import Testing

@testable import MemoryModel
@testable import MemoryImport
import MemoryStorage

@Suite("ZipArchive")
final class ZipArchiveTests {
    // MARK: - Fixtures

    // Made with Python's zipfile (dates fixed at 2024-05-01 12:00, deflated at level 9), except
    // `z64Zip`, written by hand, as an archive over 4 GiB would be: the sizes and the offset only in
    // the ZIP64 extra field, a ZIP64 end record and locator, 22 bytes before the local header.
    // `unzip -t` accepts all but `encZip`.
    //
    //   basicZip   readme.txt (stored, `readme`), conversations.json (deflated, `conversations`)
    //   nestedZip  export-2024/, export-2024/chat.html, export-2024/deep/conversations.json,
    //              export-2024/conversations.json ("[2]"), export-2024/old-conversations.json
    //   emptyZip   no entries: the 22-byte end record alone
    //   bzipZip    conversations.json compressed with bzip2 (method 12)
    //   encZip     conversations.json stored, with the encrypted flag set in both headers
    //   z64Zip     conversations.json (deflated, `conversations`)
    //   bigZip     conversations.json: 8 MiB (`big`), deflated to 9 KB
    static let basicZip = """
        UEsDBBQAAAAAAABgoVg4HgK6FwAAABcAAAAKAAAAcmVhZG1lLnR4dFRoaXMgaXMgYSBkYXRhIGV4cG9ydC4KUEsDBBQAAAAIAABgoVgzxrY6
        YAAAAIAHAAASAAAAY29udmVyc2F0aW9ucy5qc29u7cw7CsAgEIThPqeQrXMCL5BDiIWEQQVf6HaSuyfa5go7xfBXn5nEkRNIK7o6wLF4OhVl
        19pKrSa5/RljOI/ddy2Mwrub6zy+MhSQUlUc0EH2WbOHEV988cUXX3zxf/4LUEsBAhQDFAAAAAAAAGChWDgeAroXAAAAFwAAAAoAAAAAAAAA
        AAAAAIABAAAAAHJlYWRtZS50eHRQSwECFAMUAAAACAAAYKFYM8a2OmAAAACABwAAEgAAAAAAAAAAAAAAgAE/AAAAY29udmVyc2F0aW9ucy5q
        c29uUEsFBgAAAAACAAIAeAAAAM8AAAAAAA==
        """

    static let nestedZip = """
        UEsDBBQAAAAAAABgoVgAAAAAAAAAAAAAAAAMAAAAZXhwb3J0LTIwMjQvUEsDBBQAAAAIAABgoVgfhxtgCwAAAA0AAAAVAAAAZXhwb3J0LTIw
        MjQvY2hhdC5odG1ss8koyc2xs9EHUwBQSwMEFAAAAAAAAGChWLgyL0wDAAAAAwAAACMAAABleHBvcnQtMjAyNC9kZWVwL2NvbnZlcnNhdGlv
        bnMuanNvblsxXVBLAwQUAAAAAAAAYKFYe2ECZwMAAAADAAAAHgAAAGV4cG9ydC0yMDI0L2NvbnZlcnNhdGlvbnMuanNvblsyXVBLAwQUAAAA
        AAAAYKFYOlAZfgMAAAADAAAAIgAAAGV4cG9ydC0yMDI0L29sZC1jb252ZXJzYXRpb25zLmpzb25bM11QSwECFAMUAAAAAAAAYKFYAAAAAAAA
        AAAAAAAADAAAAAAAAAAAAAAAgAEAAAAAZXhwb3J0LTIwMjQvUEsBAhQDFAAAAAgAAGChWB+HG2ALAAAADQAAABUAAAAAAAAAAAAAAIABKgAA
        AGV4cG9ydC0yMDI0L2NoYXQuaHRtbFBLAQIUAxQAAAAAAABgoVi4Mi9MAwAAAAMAAAAjAAAAAAAAAAAAAACAAWgAAABleHBvcnQtMjAyNC9k
        ZWVwL2NvbnZlcnNhdGlvbnMuanNvblBLAQIUAxQAAAAAAABgoVh7YQJnAwAAAAMAAAAeAAAAAAAAAAAAAACAAawAAABleHBvcnQtMjAyNC9j
        b252ZXJzYXRpb25zLmpzb25QSwECFAMUAAAAAAAAYKFYOlAZfgMAAAADAAAAIgAAAAAAAAAAAAAAgAHrAAAAZXhwb3J0LTIwMjQvb2xkLWNv
        bnZlcnNhdGlvbnMuanNvblBLBQYAAAAABQAFAGoBAAAuAQAAAAA=
        """

    static let emptyZip = """
        UEsFBgAAAAAAAAAAAAAAAAAAAAAAAA==
        """

    static let bzipZip = """
        UEsDBC4AAAAMAABgoVgzxrY6qgAAAIAHAAASAAAAY29udmVyc2F0aW9ucy5qc29uQlpoOTFBWSZTWYdWdKkAAWffgCAQUAQAEACAAAoq59wK
        MAEYAUAA0DJkFAANAyZAUqgjQmnkjRnqYJ1JsTYmRPJMgm5NyeiZkzJuT2TuTQmBPBNCZlXAJmTgnBNBOxP8nsmhPRPsmBPRNyZE2JuTAngn
        UnMTsTITkTsTUTAmhPJNSYJyJsToTmTBMydScE1J9CfpMydCdycE1CfxMFWCfBdyRThQkIdWdKlQSwECLgMuAAAADAAAYKFYM8a2OqoAAACA
        BwAAEgAAAAAAAAAAAAAAgAEAAAAAY29udmVyc2F0aW9ucy5qc29uUEsFBgAAAAABAAEAQAAAANoAAAAAAA==
        """

    static let encZip = """
        UEsDBBQAAQAAAABgoVgpu0wNAgAAAAIAAAASAAAAY29udmVyc2F0aW9ucy5qc29uW11QSwECFAMUAAEAAAAAYKFYKbtMDQIAAAACAAAAEgAA
        AAAAAAAAAAAAgAEAAAAAY29udmVyc2F0aW9ucy5qc29uUEsFBgAAAAABAAEAQAAAADIAAAAAAA==
        """

    static let z64Zip = """
        anVuayBiZWZvcmUgdGhlIGVudHJ5ClBLAwQtAAAACAAAACFYM8a2Ov//////////EgAUAGNvbnZlcnNhdGlvbnMuanNvbgEAEACABwAAAAAA
        AGAAAAAAAAAA7cw7CsAgEIThPqeQrXMCL5BDiIWEQQVf6HaSuyfa5go7xfBXn5nEkRNIK7o6wLF4OhVl19pKrSa5/RljOI/ddy2Mwrub6zy+
        MhSQUlUc0EH2WbOHEV988cUXX3zxf/4LUEsBAi0ALQAAAAgAAAAhWDPGtjr//////////xIAHAAAAAAAAAAAAAAA/////2NvbnZlcnNhdGlv
        bnMuanNvbgEAGACABwAAAAAAAGAAAAAAAAAAFgAAAAAAAABQSwYGLAAAAAAAAAAtAC0AAAAAAAAAAAABAAAAAAAAAAEAAAAAAAAAXAAAAAAA
        AAC6AAAAAAAAAFBLBgcAAAAAFgEAAAAAAAABAAAAUEsFBgAAAAD///////////////8AAA==
        """

    static let bigZip = """
        UEsDBBQAAAAIAABgoVg2YNGhVCQAAAAAgAASAAAAY29udmVyc2F0aW9ucy5qc29u7MwxyjIxFIbR3lVcUs8KbFyGdX4NzOAwgSQiIu79H0uL
        bwNyTvPChee+UqtrScdI915amiJd6jbKNj6n85xHLD3GXOJR8j4t1uVWYtRrfp7Sezq89Hq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6
        vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq//
        qT73vvSR9/L7SQYAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAOAP6T0dXqnVtaRjpHsvLU2RLnUbZRuf03nOI5YeYy7xKHmfFutyKzHqNT9Per1er9fr9Xq9Xq/X6/V6
        vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X
        6/V6vV6v1+v1er1er9f/Xp97X/rIe/n95B8AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAB/SO/p8EqtriUdI917aWmKdKnbKNv4nM5zHrH0GHOJR8n7tFiXW4lRr/l5
        0uv1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6
        vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er3+9/rc+9JH3svvJxcAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAD+kN7T4ZVaXUs6Rrr30tIU6VK3UbbxOZ3nPGLp
        MeYSj5L3abEutxKjXvPzpNfr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr
        9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xr97/W596WPvJffT64AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/9mZg5TllSAMo3NXUfQ4K3DiMhw3Wv9NMCSQbhER937j0MG3ATln8kLBUwAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA/KG8h8OrbOuc5Rjl3nIrQ5TLuvRc+ud0HmuPqUUfMx5Z99linm4Zfb3W50mv1+v1er1e
        r9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1
        er1er9fr9Xq9Xq/X6/V6vV6v1+v1+t/ra2tT63Uvv58kAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAfyjv4fAq2zpnOUa5t9zKEOWyLj2X/jmdx9pjatHHjEfWfbaY
        p1tGX6/1edLr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6
        vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9/vf62trUet3L7yf/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA+EN5D4dX2dY5yzHKveVWhiiXdem5
        9M/pPNYeU4s+Zjyy7rPFPN0y+nqtz5Ner9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v
        1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9b/X19am1utefj/5DwAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAgD+U93B4
        lW2dsxyj3FtuZYhyWZeeS/+czmPtMbXoY8Yj6z5bzNMto6/X+jzp9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr
        9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xq/X6/V6vV6v1+v1er1er9fr9Xq9Xv97fW1tar3u5feTEQAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAD4vz04JgAAAGEA9BtjtxXtboI1AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA
        AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAACgyO08UEsBAhQDFAAAAAgAAGChWDZg0aFUJAAAAACAABIAAAAAAAAAAAAAAIABAAAAAGNv
        bnZlcnNhdGlvbnMuanNvblBLBQYAAAAAAQABAEAAAACEJAAAAAA=
        """

    static let readme = Array("This is a data export.\n".utf8)
    static let conversations = Array(
        String(
            repeating:
                #"[{"title": "Greeting", "mapping": {"a": {"message": {"content": {"parts": ["hello there"]}}}}}]"#
                + "\n", count: 20
        ).utf8)

    /// Each MiB: 512 short lines, then a line with a message of one letter repeated.
    static let big: [UInt8] = (0..<8).flatMap { index -> [UInt8] in
        let lines = String(
            repeating: #"{"role": "user", "content": "What is the weather like today?"},"# + "\n",
            count: 512)
        let head = #"{"role": "assistant", "content": ""#
        let tail = #""},"# + "\n"
        let letter = Character(Unicode.Scalar(UInt8(ascii: "a") + UInt8(index)))
        let run = String(
            repeating: letter, count: 1 << 20 - lines.utf8.count - head.utf8.count - tail.utf8.count)
        return Array((lines + head + run + tail).utf8)
    }

    private let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("zip-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }

    /// Writes `contents` to a file in the test's directory.
    private func file(_ name: String, _ contents: [UInt8]) throws -> String {
        let path = directory + "/" + name
        try Data(contents).write(to: URL(fileURLWithPath: path))
        return path
    }

    private func archive(_ name: String, _ base64: String) throws -> ZipArchive {
        try ZipArchive(path: file(name, bytes(base64: base64)))
    }

    @Test("reads a stored and a deflated entry")
    func readsEntries() throws {
        let zip = try archive("basic.zip", Self.basicZip)
        #expect(try readAll(zip.open(zip.entries[0])) == Self.readme)
        #expect(try readAll(zip.open(zip.entries[1])) == Self.conversations)
        #expect(try readAll(zip.open(zip.entries[1]), readSize: 5) == Self.conversations)
    }

    @Test(
        "reads a ZIP64 archive: sizes and offset from the extra field, directory from the ZIP64 end record"
    )
    func zip64() throws {
        let zip = try archive("z64.zip", Self.z64Zip)
        #expect(zip.entries.count == 1)
        let entry = try zip.conversationsEntry()
        #expect(entry.compressedSize == 96)
        #expect(entry.uncompressedSize == 1920)
        #expect(entry.localHeaderOffset == 22)
        #expect(try readAll(zip.open(entry)) == Self.conversations)
    }

    @Test("an empty archive has no entries")
    func empty() throws {
        let zip = try archive("empty.zip", Self.emptyZip)
        #expect(zip.entries.isEmpty)
    }

    // MARK: - Finding conversations.json

    @Test("finds conversations.json at the top, else the one with the shortest path in a folder")
    func findsConversations() throws {
        #expect(
            try archive("basic.zip", Self.basicZip).conversationsEntry().name == "conversations.json")
        let nested = try archive("nested.zip", Self.nestedZip)
        let entry = try nested.conversationsEntry()
        #expect(entry.name == "export-2024/conversations.json")
        #expect(try readAll(nested.open(entry)) == Array("[2]".utf8))
    }

    @Test("an archive without conversations.json says so")
    func missingConversations() throws {
        let zip = try archive("empty.zip", Self.emptyZip)
        let error = #expect(throws: ZipError.self) { try zip.conversationsEntry() }
        #expect(error?.kind == .missingEntry)
        #expect(error?.description == "\(zip.path): no conversations.json in the archive")
    }

    // MARK: - Damaged and unsupported archives

    @Test("a changed byte in an entry's data is caught: by its CRC-32, or as damaged compressed data")
    func changedByte() throws {
        var stored = bytes(base64: Self.basicZip)
        stored[30 + 10 + 5] ^= 0x20  // in readme.txt's data, after its 30-byte header and name
        let zip = try ZipArchive(path: file("stored.zip", stored))
        let error = #expect(throws: ZipError.self) { try readAll(zip.open(zip.entries[0])) }
        #expect(error?.kind == .checksumMismatch)
        #expect(
            error?.description.hasPrefix("\(zip.path): readme.txt is damaged: its CRC-32 is 0x") == true)
        let source = try zip.open(zip.entries[0])
        #expect(throws: ZipError.self) { try readAll(source) }
        #expect(throws: ZipError.self, "a second read throws again") { try readAll(source) }

        for offset in [0, 20, 48, 95] {
            var deflated = bytes(base64: Self.basicZip)
            deflated[63 + 30 + 18 + offset] ^= 0x55  // in conversations.json's deflated data
            let zip = try ZipArchive(path: file("deflated-\(offset).zip", deflated))
            let error = #expect(throws: ZipError.self) { try readAll(zip.open(zip.entries[1])) }
            #expect(
                error?.kind == .corrupt || error?.kind == .checksumMismatch, "\(String(describing: error))")
        }
    }

    @Test("an entry shorter or longer than the directory says is caught")
    func sizeMismatch() throws {
        var contents = bytes(base64: Self.basicZip)
        let directory = try #require(Self.firstIndex(of: [0x50, 0x4B, 0x01, 0x02], in: contents))
        contents[directory + 24] = 24  // readme.txt's uncompressed size: 23 in fact
        let zip = try ZipArchive(path: file("size.zip", contents))
        let error = #expect(throws: ZipError.self) { try readAll(zip.open(zip.entries[0])) }
        #expect(error?.description == "\(zip.path): readme.txt has 23 bytes where the archive says 24")
    }

    @Test("a truncated archive is refused with a clear error")
    func truncatedArchive() throws {
        let contents = bytes(base64: Self.basicZip)
        for cut in [0, 10, contents.count / 2, contents.count - 1] {
            let path = try file("cut-\(cut).zip", Array(contents[0..<cut]))
            let error = #expect(throws: ZipError.self) { try ZipArchive(path: path) }
            #expect(error?.kind == .notAnArchive)
            #expect(
                error?.description
                    == "\(path): not a zip archive, or a truncated one: no end of central directory record")
        }
    }

    @Test("a ZIP64 offset past what a file offset holds is damage, said as such, not a crash")
    func offsetPastFileOffsets() throws {
        // Found by FuzzArchive (Tests/Fuzz/Corpus/FuzzArchive/crash-zip64-locator-offset.zip): the
        // ZIP64 locator gives its end record at byte 0xF6FE02FFFFFFFFFF, past Int64.max.
        let found = try file(
            "locator.zip",
            bytes(
                base64:
                    "anVuayBiZWZvcmUgdGhlIAAAALoAAAAAAAAAUEsGBwAAAAD//////wL+9gEAAABQSwUGAAAAAP9A/////////////wAA"
            ))
        let error = #expect(throws: ZipError.self) { try ZipArchive(path: found) }
        #expect(error?.kind == .corrupt)
        #expect(
            error?.description == "\(found): no ZIP64 end of central directory record at byte 17797666075949662207")

        // The same for an entry whose ZIP64 extra field puts its local header at 2^64 - 1.
        var contents = bytes(base64: Self.z64Zip)
        let directory = try #require(Self.firstIndex(of: [0x50, 0x4B, 0x01, 0x02], in: contents))
        let extra = try #require(Self.firstIndex(of: [0x01, 0x00, 0x18, 0x00], in: Array(contents[directory...])))
        for index in (directory + extra + 20)..<(directory + extra + 28) { contents[index] = 0xFF }
        let zip = try ZipArchive(path: file("offset.zip", contents))
        #expect(zip.entries[0].localHeaderOffset == .max)
        let openError = #expect(throws: ZipError.self) { try zip.open(zip.entries[0]) }
        #expect(openError?.kind == .corrupt)
        #expect(
            openError?.description
                == "\(zip.path): no local header for conversations.json at byte 18446744073709551615")
    }

    @Test("an entry compressed with another method, or encrypted, is refused with what to do instead")
    func unsupported() throws {
        let bzip = try archive("bzip.zip", Self.bzipZip)
        let error = #expect(throws: ZipError.self) { try bzip.open(bzip.conversationsEntry()) }
        #expect(error?.kind == .unsupported)
        #expect(
            error?.description
                == "\(bzip.path): conversations.json is compressed with method 12 (bzip2), which memctl cannot read; "
                + "unzip it and pass conversations.json")

        let encrypted = try archive("enc.zip", Self.encZip)
        let encryptedError = #expect(throws: ZipError.self) {
            try encrypted.open(encrypted.conversationsEntry())
        }
        #expect(
            encryptedError?.description
                == "\(encrypted.path): conversations.json is encrypted, which memctl cannot read; "
                + "unzip it and pass conversations.json")
    }

    @Test("isZip: an archive or an empty one, not a JSON file, a short file or a missing one")
    func isZip() throws {
        #expect(try ZipArchive.isZip(path: file("basic.zip", bytes(base64: Self.basicZip))))
        #expect(try ZipArchive.isZip(path: file("empty.zip", bytes(base64: Self.emptyZip))))
        #expect(try !ZipArchive.isZip(path: file("conversations.json", Self.conversations)))
        #expect(try !ZipArchive.isZip(path: file("short", [0x50, 0x4B])))
        #expect(!ZipArchive.isZip(path: directory + "/missing.zip"))
    }

    // MARK: - Streaming

    @Test("streams an 8 MiB entry inflated from 9 KB, with its length and CRC-32")
    func bigEntry() throws {
        let zip = try archive("big.zip", Self.bigZip)
        let source = try zip.open(zip.conversationsEntry())
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var crc = CRC32()
        var total = 0
        while true {
            let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            if count == 0 { break }
            buffer.withUnsafeBytes { crc.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
            total += count
        }
        #expect(total == 8 << 20)
        #expect(crc.value == 0xA1D1_6036)  // Python's zlib.crc32
        #expect(Self.big.count == total)
        #expect(
            Self.big.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) in CRC32.checksum(bytes) }
                == 0xA1D1_6036)
    }

    @Test("CRC-32 gives the standard check value, and the same in pieces as whole")
    func crc32() {
        #expect(Array("123456789".utf8).withUnsafeBytes { CRC32.checksum($0) } == 0xCBF4_3926)
        let bytes = Self.conversations
        var pieces = CRC32()
        for start in stride(from: 0, to: bytes.count, by: 13) {
            bytes[start..<min(start + 13, bytes.count)].withUnsafeBytes { pieces.update($0) }
        }
        #expect(pieces.value == 0x3AB6_C633)
    }

    private static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        (0...(bytes.count - pattern.count)).first { Array(bytes[$0..<($0 + pattern.count)]) == pattern }
    }
}
