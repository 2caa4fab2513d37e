import Foundation
import TestFixtures
import Testing

@testable import JSONReading
@testable import MemoryImport
import MemoryStorage

@Suite("Inflate")
struct InflateTests {
    // MARK: - Fixtures

    /// Made with Python's zlib: three raw DEFLATE streams written one after the other (each ends
    /// on a byte boundary, so together they are one stream):
    ///
    ///     def raw(data, level=9, strategy=zlib.Z_DEFAULT_STRATEGY, flush=zlib.Z_FINISH, pieces=1):
    ///         c = zlib.compressobj(level, zlib.DEFLATED, -15, 9, strategy)
    ///         ...  # compress the data in `pieces`, with flush(Z_FULL_FLUSH) between them
    ///     raw(text(30), level=0, flush=zlib.Z_FULL_FLUSH, pieces=3)       # stored blocks, one empty
    ///     + raw(text(100), strategy=zlib.Z_FIXED, flush=zlib.Z_FULL_FLUSH) # a fixed-Huffman block
    ///     + raw(text(150) + block + block)                                # dynamic blocks
    ///
    /// where `text` and `block` are `Self.text` and `Self.farBlock` below: the second copy of the
    /// 32,000-byte block is coded as matches 32,000 bytes back.
    static let mixedStreamBase64 = """
        ADICzf1saW5lIDA6IHRoZSBxdWljayBicm93biBmb3ggMCBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZwpsaW5lIDE6IHRoZSBxdWljayBicm93
        biBmb3ggMSBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZwpsaW5lIDI6IHRoZSBxdWljayBicm93biBmb3ggNCBqdW1wcyBvdmVyIHRoZSBsYXp5
        IGRvZwpsaW5lIDM6IHRoZSBxdWljayBicm93biBmb3ggOSBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZwpsaW5lIDQ6IHRoZSBxdWljayBicm93
        biBmb3ggMTYganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSA1OiB0aGUgcXVpY2sgYnJvd24gZm94IDI1IGp1bXBzIG92ZXIgdGhlIGxh
        enkgZG9nCmxpbmUgNjogdGhlIHF1aWNrIGJyb3duIGZveCAzNiBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZwpsaW5lIDc6IHRoZSBxdWljayBi
        cm93biBmb3ggNDkganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSA4OiB0aGUgcXVpY2sgYnJvd24gZm94IDY0IGp1bXBzIG92ZXIgdGhl
        IGxhenkgZG9nCmxpbmUgOTogdGhlIHF1aWNrIGJyb3duIGZveCA4MSBqdW1wcyBvdmVyIHRoZSBsYXp5IGRvZwpsaW5lIDEwOiB0aGUgcXVp
        AAAA//8AMgLN/WNrIGJyb3duIGZveCAxMDAganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxMTogdGhlIHF1aWNrIGJyb3duIGZveCAx
        MjEganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxMjogdGhlIHF1aWNrIGJyb3duIGZveCAxNDQganVtcHMgb3ZlciB0aGUgbGF6eSBk
        b2cKbGluZSAxMzogdGhlIHF1aWNrIGJyb3duIGZveCAxNjkganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxNDogdGhlIHF1aWNrIGJy
        b3duIGZveCAxOTYganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxNTogdGhlIHF1aWNrIGJyb3duIGZveCAyMjUganVtcHMgb3ZlciB0
        aGUgbGF6eSBkb2cKbGluZSAxNjogdGhlIHF1aWNrIGJyb3duIGZveCAyNTYganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxNzogdGhl
        IHF1aWNrIGJyb3duIGZveCAyODkganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxODogdGhlIHF1aWNrIGJyb3duIGZveCAzMjQganVt
        cHMgb3ZlciB0aGUgbGF6eSBkb2cKbGluZSAxOTogdGhlIHF1aWNrIGJyb3duIGZveCAzNjEganVtcHMgb3ZlciB0aGUgbGF6eSBkb2cKbGlu
        ZSAyMDoAAAD//wAyAs39IHRoZSBxdWljayBicm93biBmb3ggNDAwIGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjE6IHRoZSBxdWlj
        ayBicm93biBmb3ggNDQxIGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjI6IHRoZSBxdWljayBicm93biBmb3ggNDg0IGp1bXBzIG92
        ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjM6IHRoZSBxdWljayBicm93biBmb3ggNTI5IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjQ6
        IHRoZSBxdWljayBicm93biBmb3ggNTc2IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjU6IHRoZSBxdWljayBicm93biBmb3ggNjI1
        IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjY6IHRoZSBxdWljayBicm93biBmb3ggNjc2IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9n
        CmxpbmUgMjc6IHRoZSBxdWljayBicm93biBmb3ggNzI5IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjg6IHRoZSBxdWljayBicm93
        biBmb3ggNzg0IGp1bXBzIG92ZXIgdGhlIGxhenkgZG9nCmxpbmUgMjk6IHRoZSBxdWljayBicm93biBmb3ggODQxIGp1bXBzIG92ZXIgdGhl
        IGxhenkgZG9nCgAAAP//ysnMS1UwsFIoyUhVKCzNTM5WSCrKL89TSMuvUDBQyCrNLShWyC9LLQIryEmsqlRIyU/nygHpMsSuyxC/LiPsukzw
        6zLGrssSvy4THC40w6/NFLs2I1P82sywazMmYJs5jgAh4DcL7NrMCASkJXZtFgRizRBHEjE0IJRIcKUSI0I24kgohiYEfGhojCvWCYSoIa7k
        YkkgBg1xJRhCKcbQDFdKI2QjjkRjZEHIjziSjbERoVC1xJW6CeV3HCnHhFDKMcKRckxMCNmIq4ixIOBHIxwpx9SIQKga4Ug5puYE4tEIR8ox
        I5RyjHCkHDOCNuJIOeYE/Ygj5ZgTDFVcRQ6heDTGkXIsCaUcYxwpx5JQWjXGlXLMCejDVeQYGhHQiKvIMScQG8a4ihwTCwIacdVShoRsxJFw
        jC0J+RFHwjExIxSqOBKOKaEawMQAV64yJqARR8IxNyBkoxGuzEHAjyY4Uo6FOYFQNcGRcixNCbWJcKQccwJ5w8QMV7VKyKW46ipTAmWcCa66
        ypRA/jexxFVzEIgNUwNcKY5Qi9EQV2uMkI24Eg4hP5riSjiEQtUUV8IhFI+mOBKOJYG8YYqrkWNAyKW4ShxDAmWcKa4Sx5hA/jfFVeIQig0z
        XCUOoTanGa4Sx5KQjTgSjqUhAT+a4Ug4hOpGM1xVlQWB2DAzxRWNBPKGmRmubEzIRhwJx5RQL8cMVxuHUI/RDFcbx5RAbJjj6lcRyBvmuLpV
        hHoO5jjSjZElgZRqbowrNgjkf3NcjWNLArFhjqumMiGQN8xxJBwLgjaa42pVE9BngasDSKBMNcfVqyLU/rPAVVMZE8gbFrhqKkLxb4Ej4VgQ
        qjcscPWqCMSiBY50Y0So3LDAVeBYEMgbFma4in9CNuLqVBkT8qMFri4OgfxvYYlrPIaARksDXCMHhAaOcHXHzQjZaISrbUQgqVriauIQqsYt
        TXDV/wT04epUGRNI4pa4aipCHQ5LXAUOoQrH0gLXOB6BIs4SV4mDWx8AAAD//+2dWXIdtxJE/72Ku4SeB++GkmhTNi3K1OBh9Q6bwYh73cg6
        Wc3f+uHzI4XuBlBjVgH5+PHT/aX78fL14f7y+7eP73+9vHt++uPT5aenPy/d5Zdvv33+cnn6fv/83z94vPv7r8uHp59/ePx3VN8e1cejhvao
        KR41tkft8ahJfOESD5vbw4Y5Hra0h43wtlUsCMxtaw9bYCH39rANdq0XItJ3JCRKSgZ6oxCUfoIZ9qPadVjRXonLDjvYK4EhiekXJWn0RiE0
        w0ZzFGIzDrSqu5Ju0nchORNJziAkZ5rojcrEbDDHQUjOPMCqDkJy5hX2cRCSs5DkDEJyFnyjkJwV5ygkZ8VVVSaH9nEUkrOT5IxCcnaS1VFJ
        zgrjlMnpBxioTM4KuzEqkzNtMFB5qZ7eKARn3GmOQnCmhVZVCM5MHmDqlFaNMFAIztrRGwelHDDHSUjOtsKqTkJy9pliIiE5K+jGtCi3Sl+q
        fNUMNm5SvmoG/Z925TlgN+ZOSRxFjL2KxuiNSnBojrMSHFrVWQkO7eMsBGcH3ZhVkNPRlyqL04ONm5XFGUH/Z2VxaDcWZXEo5lyUxdnpjUJw
        9h7muAjBId+4KFe1wW4ss9pG0I1lUWpMbxSCM1OWs6gYhzLGRcU4M+zGqvIq0I1VpVWUOaxCboYdJHUd1W6A/q8qON5hN1blqSbQjVUIzoZv
        XFVUDeM2lQCCTV1VVkXx36Y81Qi6sSlPRfu/CcHZyG9sKquCXdyE3AxkNzZlcDbQjW1R5p/eqJKqkea4qRQH9H/bFR4DA/dOIQcEHKl0fKE3
        Dio2AlHdVYhDbnyflP+HcSqpGkHEd+WpKOHYlcEhh7NvCscDE7cri4MAoBIckvG+U5LD71SiMxJa1UnZIYCsm5SBpIFKetaNRirxQTSvU4an
        G2iksjxkXftOmR6ykr0CkUcCrXqFIs87vlO5rQGBaxUo03YqHHnYCQ5WQPKM6KxCktcZ37kq7IoGqqBnwt1U+fk2Uk2gU+glyfsgMUF8p4qY
        CTHtFZ48rbSdClBeuWqisvSV5F1BygMWXAZZwiLtlKDyjPup/BgNVKjyQMlBr2DlGT9W4cobpXm9RJY7ElsFLY8oCApbXtB3KnB57/GdCiTs
        yJhIeBlLmgpfXmey8BJgpmkqgHmkWkivEOYFXYOCmPcO66EyA8ORypF1uLTKke34TunISMkU0Dyh2Cqkee205Xv/cPf8+PH+8vq/757vvj9d
        Ptw/fr27+fn695f/d/f4+eGuOeblLy8/r39//O//v/n2Dfrdt6OP74ued/vFLz+vn3D87ta429/d/u36Oe1/15oNrXpr9a9HqnfcrlL7t63n
        tGZ9nNn1DK6fdXzu9ajWm1r71/oG52/85JYEtdakvWp6vbSMtVf++K7rdVI6ROt31Lfjbql9UtIYrXA0N7YusWzp9VLP0BbjONvW3PSztLVz
        tVLPqSVHLRvbGnv8kuOs+QtaUnVc6aOt1F/cklAtx6y9kSQqK8P2uvU+bTOO66I9YaQdR21jS+J6weOaHe3Mcde0tut5Hn/6PkJpUexTWnqp
        1y/afb3vkcZF1rwlL60vyMlIyzvFltOLCPS7WlLZWgslQ8rzsH1sraN6cmt1lA+jvyuZ8UYredb7F2kWWzmOco9+Qfsu9fU69tOWjOPiaMdJ
        E4+rfbRo8X8r28sxTmzj4nhI2yf2l5xNRJrEGYpeYb1DWvNov/QaqJiO4jTWCLIDLJfaxsT+luIjvc6cg7T3Weuis7KeFVQxVhwRtJ7heCQv
        49Cxi+sd1fq0Zh1F1Co+jL0kxbzqqepfKsvMUsgz1FlLxlPrNdCyr2Qu+k6KobRW0xdoKxrHt8d3HGMQ5cspCtQj1H5Q7hdH+A5+QDm9yi5d
        /dNeUz2ZdV+vYJx3R1Y5E09oT0dSp9cuzszyz4hzNrVO7LfcrE5HpHFuq+1XhApSZKRzOy0fUeQR/e1t2WfsezOYshOVezPQWH+E92qsQsdt
        8dcef56TEBdXj2yYszPRbmm5jCMSD4mNZEpnRtH8tH3UsVw2V46zXx055GJzJzeIcB+NaRLW6GohzYT0QMWaLiKcrdAQohtLMdd5CAM5zsvb
        D7U2saZpOaFKqpODRRaY8nbGIXQtRUWgOuZQljnyGhSPe3aY9dGTT+2NFDblotzxF8f1PrbnXKVRT3W+mXQr8rLZmhGhFnHmGumKi3w56GSs
        sW59XsdDMVIfxXUOKs3jaBdIK2Lkg+NoyppUfkBawfbQyZK87IW8NVeVGKMnNCqyNmf8t4veUgyifTL18KhYzcsw3EgtrkfEkTvHMFHmyP47
        RjRiJFHHSnp9YusR16QYeXX6zhx8VT3tfIWU4xQ3Y4oRFgejcbAGQpdizxLj4NSFchZ/cOqxsS6yLGtfxbm5o2uxLfLida+jg7vVWFrc7jav
        p5OqbtmONI4kvRql1xvl2Gi3iuJonWcPlKS87Zv9GNrxAbEvdyObOCfivPd85zJ1ksWZfqz9vuS4HdMxHsHVfb8PIzsDtw6gEDrSJ64tuDE1
        5ZjeulJtyZMrP17P9O/6cVrePxCKQB4gtpHnpYj74rXGcRZD2QBF015VifMn7kjlnXQ6EkiSI0SDMRbqT4r8jhMhMoKh9NXDCWOti+Nqp+cy
        PmHgdiXHu+pUSigTclBz9iZUCXCqTYQV6R11cSCOR6kaQzmijmRzKGKuBkpWw9M+x3+6XVfcE6RnQ37WPSOlNdrFyjyPTIgTSZNT0/NRIu5w
        dnfNxXhzspj14F4Gn+2MIUQyrhG4nfS5KMWrLZGcZXpQ9de6KAt1rPvyzH3sXhdRNFZ7DY6IfLwjRuD8ChpJpyc1yjudPdfoZr4ag2Cpi6Ms
        t4JBkXwWCSf59mMvP9Z2EUM6yULdtuwnOHbO9FTGax+tjIpbqHfVOY1Clsg9E+5VWOOqJ1tC5xxBfP7YsxFnusCyfQJu/5N3PtbtRvS60zyb
        7J5KcrIijkzjvjg65U79Sm6nHPWTu9pMFXg6oxPrkHsS0+3yyla5uBvK71FxUIvsGX8vEvBsqosnU9+nm7fkqgqe1nkdZk6vWnzqi3Np70YF
        v7c769P4vBLtrYs0Ehbj4G4OSpDXFAfl5rs2vI5Lre/ZUwxx74VzV0w+bs6deM941UyOk6m4xXm/g7m49XH3lBL/zrnlyblRKT6ppXU0frZ/
        +wp1e3vn6txuHedcNp0fYEvPqJdfj+Po0e+yOhdH0EmUM/dkufgZv8nFQ3RcTqhVplobz5FsUrZfgzQljlCdCjH1DVPVTvs4DyX0enzopgzP
        Rru1Z7/O5qCb3k1RlM9lTqx4dRfuyqD+Ve8mIzdf0OhPnL265zEdm8nnAqNoliwozzT+mc2fcniI17tPmZ53S0Pm3Jt3P0qMtLkrf/7cnoNY
        kG1mHEbvVNyb6tgy97YZspvx271zQuSP3B4x2k9az0yW73fqUDdZ7gY2PisfZ3Nuh9k5fMG/4827H8uvpOfsYyYSzJz7PJ8LudY+ytjdvkUP
        U86ceHN8UZy55Ovo3g0ncXU6W+mgirlzEpIzGR2P6X2MLZTT98JolxvvKU318EQ6z+d2gOXnzL0KDvqQQXcI26JeKI50/KzQzVY573NQJLfH
        lvsRnRMavkR4tb/cjQ5UvXTy5PieA++28/hsNKOvbvcmZ6EsQ+7dYLloMNPnmUVVvNq1g8+S53a64b27Wb2+1kxc7/XGUEZ//kYyvyPZj1md
        3fLjbA9hieXRxxL8zjLqSsic449vz9FVqfg8Ma86nVQhL8Lnu7hTyuud9PpzKeOm+0fe1klFd7DxWcf4pLdbY3c5D9xbMGMkJ3d35Rk+hsxN
        zlw5ccZ5NUD/9iyfm8Tny4hqFGc6qmMk3Wf24FjYvR0kc3fOme9wcjfqLHLub3c1MO5+5KqA8h9OncC5L8FFXSnrdhlFnDuuqcPfvbfD69GK
        OyK83kK6EzqHGWXqkNRjxHVm1o3s3fO5O+/daD22qMyF4J4Wzd0a5tzi6PfiuJ0Z8el+D3PPnV/wT6C4p1vz/DJnswzHU5+xxG7sR7bV8+g5
        rI/vR8j12Hl2yLn/IfZc3ikztktn+jfOcyg496FwncrLOM73W/mxohP/ujXS3IlA//yHW2+ieC2WLkeK3dOD1L/iRdfePe4ekhVrrXN3GcVn
        uXtenAoSnfJxvb53zsO54ZwzOEdX6YyHe1Y9e6+4c1c/ZfH0u+wdOYyAejdbufccuLySHCXQzSSZ3rjsfZpe5cvjQHOjmYxN4xoz3VRMd/Gc
        ZeKjLvuz53kzN5fxadV8hOicUc91gJ9jvfRuEaYbWT3uzPM3Wzl9NXSujc/knMuf3UjiLScSY1vPHVBepcyPtnO3vuVORLo3eXH3q7bPxX9e
        /OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf178
        58V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/Xvzn
        xX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfF
        f17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17858V/XvznxX9e/OfFf17856+r8A8=
        """

    static let mixedText: [UInt8] = {
        let block = farBlock(32000)
        return text(30) + text(100) + text(150) + block + block
    }()

    /// Lines that differ only a little, as Python's
    /// `f"line {i}: the quick brown fox {i*i % 977} jumps over the lazy dog\n"`.
    static func text(_ lines: Int) -> [UInt8] {
        (0..<lines).flatMap {
            Array("line \($0): the quick brown fox \($0 * $0 % 977) jumps over the lazy dog\n".utf8)
        }
    }

    /// Words drawn at random (with a fixed seed) from four: repeats within it are short.
    static func farBlock(_ count: Int) -> [UInt8] {
        let words = ["alpha", "bravo", "charlie", "delta"]
        var state: UInt64 = 1
        var result: [String] = []
        var size = 0
        while size < count {
            state = (state &* 1_103_515_245 &+ 12345) & 0x7FFF_FFFF
            let word = words[Int((state >> 16) & 3)]
            result.append(word)
            size += word.utf8.count + 1
        }
        return Array(result.joined(separator: " ").utf8.prefix(count))
    }

    static var mixedStream: [UInt8] { bytes(base64: mixedStreamBase64) }

    // MARK: - Decoding

    @Test("decodes stored, fixed and dynamic blocks, with matches up to 32,000 bytes back")
    func decodesAllBlockTypes() throws {
        let output = try inflate(Self.mixedStream)
        #expect(output.count == 79915)
        #expect(output == Self.mixedText)
        #expect(output.withUnsafeBytes { CRC32.checksum($0) } == 0x6CD0_8292)
    }

    @Test(
        "reading through tiny buffers, or from a source that gives a byte at a time, gives the same bytes"
    )
    func readSizes() throws {
        let expected = Self.mixedText
        #expect(try inflate(Self.mixedStream, readSize: 1) == expected)
        #expect(try inflate(Self.mixedStream, readSize: 7) == expected)
        #expect(try inflate(Self.mixedStream, sourceChunk: 1) == expected)
        #expect(try inflate(Self.mixedStream, readSize: 7, sourceChunk: 3) == expected)
    }

    @Test("a match may overlap the bytes it produces")
    func overlappingMatch() throws {
        // Fixed Huffman: the literal "ab", then 10 bytes from 2 back, then 5 from 1 back.
        var stream = BitWriter()
        stream.fixedBlockHeader(last: true)
        stream.fixedLiteral(UInt8(ascii: "a"))
        stream.fixedLiteral(UInt8(ascii: "b"))
        stream.fixedMatch(lengthSymbol: 264, distanceSymbol: 1)  // length 10, distance 2
        stream.fixedMatch(lengthSymbol: 259, distanceSymbol: 0)  // length 5, distance 1
        stream.fixedEndOfBlock()
        #expect(try inflate(stream.bytes) == Array(("abababababab" + "bbbbb").utf8))
    }

    // MARK: - Damaged streams

    @Test("a stream cut anywhere throws that it ends early")
    func truncated() throws {
        let stream = Self.mixedStream
        var cuts = Array(stride(from: 0, to: stream.count, by: 211))
        cuts += (1...8).map { stream.count - $0 }
        for cut in cuts {
            let error = #expect(throws: InflateError.self, "cut at \(cut)") {
                try inflate(Array(stream[0..<cut]), readSize: 1 << 16)
            }
            #expect(
                error?.reason.contains("ends before the last block") == true,
                "cut at \(cut): \(String(describing: error))")
            #expect(error?.offset == cut)
        }
    }

    @Test("damaged streams throw what is wrong and where, and never crash")
    func damaged() throws {
        func reason(_ stream: [UInt8]) -> String? {
            do {
                _ = try inflate(stream)
                return nil
            } catch let error as InflateError {
                return error.description
            } catch {
                return "\(error)"
            }
        }
        var invalidType = BitWriter()
        invalidType.write(1, bits: 1)
        invalidType.write(3, bits: 2)
        #expect(reason(invalidType.bytes) == "invalid block type 3 at compressed byte 0")

        #expect(
            reason([0x01, 0x05, 0x00, 0x05, 0x00])
                == "stored block length 5 does not match its complement 5 at compressed byte 4")

        var tooFar = BitWriter()
        tooFar.fixedBlockHeader(last: true)
        tooFar.fixedLiteral(UInt8(ascii: "a"))
        tooFar.fixedMatch(lengthSymbol: 257, distanceSymbol: 1)  // 3 bytes from 2 back, after 1 byte
        tooFar.fixedEndOfBlock()
        #expect(
            reason(tooFar.bytes)?.hasPrefix("distance 2 reaches back before the start of the output")
                == true)

        var invalidSymbol = BitWriter()
        invalidSymbol.fixedBlockHeader(last: true)
        invalidSymbol.writeCode(0xC0 + 286 - 280, length: 8)  // 286: has a fixed code, but no meaning
        invalidSymbol.fixedEndOfBlock()
        #expect(reason(invalidSymbol.bytes)?.hasPrefix("invalid literal/length code") == true)

        // A dynamic block whose code length code gives all 19 symbols a 1-bit code.
        var oversubscribed = BitWriter()
        oversubscribed.write(1, bits: 1)
        oversubscribed.write(2, bits: 2)
        oversubscribed.write(0, bits: 5)
        oversubscribed.write(0, bits: 5)
        oversubscribed.write(15, bits: 4)
        for _ in 0..<19 { oversubscribed.write(1, bits: 3) }
        oversubscribed.write(0, bits: 32)
        #expect(
            reason(oversubscribed.bytes)?.hasPrefix(
                "bad code lengths: the code length code is oversubscribed") == true)

        // Code length symbols 16 and 0 with 1-bit codes; the first length is a repeat (16: code 1).
        var repeatFirst = BitWriter()
        repeatFirst.write(1, bits: 1)
        repeatFirst.write(2, bits: 2)
        repeatFirst.write(0, bits: 5)
        repeatFirst.write(0, bits: 5)
        repeatFirst.write(0, bits: 4)  // 4 lengths, in the order 16, 17, 18, 0
        for length in [1, 0, 0, 1] { repeatFirst.write(length, bits: 3) }
        repeatFirst.write(1, bits: 1)
        repeatFirst.write(0, bits: 32)
        #expect(
            reason(repeatFirst.bytes)?.hasPrefix("bad code lengths: a repeat before the first length")
                == true)

        // Code length symbols 16 and 0 with 2-bit codes: half the codes are missing.
        var incomplete = BitWriter()
        incomplete.write(1, bits: 1)
        incomplete.write(2, bits: 2)
        incomplete.write(0, bits: 5)
        incomplete.write(0, bits: 5)
        incomplete.write(0, bits: 4)
        for length in [2, 0, 0, 2] { incomplete.write(length, bits: 3) }
        incomplete.write(0, bits: 32)
        #expect(
            reason(incomplete.bytes)?.hasPrefix("bad code lengths: the code length code is incomplete") == true)

        // Changed bytes: an error or other bytes, but no crash and no hang.
        let stream = Self.mixedStream
        for change in 0..<200 {
            var changed = stream
            changed[change * 7919 % stream.count] ^= UInt8(1 + change * 37 % 255)
            _ = reason(changed)
        }
    }

    @Test("after an error, every read throws it again rather than seeming to end")
    func errorsRepeat() throws {
        let inflater = Inflater(source: PiecewiseByteSource(Array(Self.mixedStream.prefix(3000))))
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        let first = #expect(throws: InflateError.self) {
            while try buffer.withUnsafeMutableBytes({ try inflater.read(into: $0) }) > 0 {}
        }
        let second = #expect(throws: InflateError.self) {
            try buffer.withUnsafeMutableBytes { try inflater.read(into: $0) }
        }
        #expect(first != nil && first == second)
    }

    // MARK: - Helpers

    /// Inflates `stream`, handed over `sourceChunk` bytes at a time and read `readSize` at a time.
    private func inflate(_ stream: [UInt8], readSize: Int = 65536, sourceChunk: Int = .max) throws
        -> [UInt8]
    {
        try readAll(Inflater(source: PiecewiseByteSource(stream, step: sourceChunk)), readSize: readSize)
    }
}

func bytes(base64: String) -> [UInt8] {
    [UInt8](Data(base64Encoded: base64, options: .ignoreUnknownCharacters)!)
}

/// Writes a DEFLATE stream bit by bit, to make streams that an encoder would not.
struct BitWriter {
    private(set) var bytes: [UInt8] = []
    private var bitCount = 0

    /// `value`'s low `bits` bits, the lowest first: how DEFLATE writes everything but codes.
    mutating func write(_ value: Int, bits: Int) {
        for bit in 0..<bits {
            if bitCount % 8 == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8((value >> bit) & 1) << (bitCount % 8)
            bitCount += 1
        }
    }

    /// A Huffman code, its highest bit first.
    mutating func writeCode(_ code: Int, length: Int) {
        for bit in (0..<length).reversed() { write(code >> bit, bits: 1) }
    }

    mutating func fixedBlockHeader(last: Bool) {
        write(last ? 1 : 0, bits: 1)
        write(1, bits: 2)
    }

    mutating func fixedLiteral(_ byte: UInt8) {
        if byte < 144 {
            writeCode(0x30 + Int(byte), length: 8)
        } else {
            writeCode(0x190 + Int(byte) - 144, length: 9)
        }
    }

    /// A length symbol (257-279 only) without extra bits, and a distance symbol (0-3, no extra bits).
    mutating func fixedMatch(lengthSymbol: Int, distanceSymbol: Int) {
        writeCode(lengthSymbol - 256, length: 7)
        writeCode(distanceSymbol, length: 5)
    }

    mutating func fixedEndOfBlock() {
        writeCode(0, length: 7)
    }
}
