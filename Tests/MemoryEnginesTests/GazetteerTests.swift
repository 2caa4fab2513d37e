import Testing

@testable import MemoryEngines

@Suite("Gazetteer")
struct GazetteerTests {
    static let lists = [
        GazetteerData.givenNames, GazetteerData.ambiguousGivenNames, GazetteerData.surnames,
        GazetteerData.ambiguousSurnames, GazetteerData.places, GazetteerData.ambiguousPlaces,
        GazetteerData.organizations, GazetteerData.ambiguousOrganizations, GazetteerData.nationalities,
        GazetteerData.organizationSuffixes, GazetteerData.placeSuffixes, GazetteerData.placePrefixes,
        GazetteerData.personTitles,
    ]

    @Test(
        "every entry is cut into the words the tokenizer cuts it into, with or without the fast path")
    func entryWordsMatchTheTokenizer() {
        var plain = 0
        for list in Self.lists {
            for line in Gazetteer.lines(list) {
                let tokenized = TextTokens(String(line)).tokens.map(\.lower)
                #expect(Gazetteer.words(ofEntry: line) == tokenized, "\(line)")
                if line.utf8.allSatisfy({ $0 == 32 || (65...90).contains($0) || (97...122).contains($0) }) {
                    plain += 1
                }
            }
        }
        // Most entries take the fast path; the others (dots, hyphens, apostrophes, accents) do not.
        #expect(plain > 9_000)
    }

    @Test("entries with punctuation or accents are found as before")
    func entriesOutsideTheFastPath() {
        #expect(Gazetteer.words(ofEntry: "St. Petersburg") == ["st", ".", "petersburg"])
        #expect(Gazetteer.words(ofEntry: "AT&T") == ["at&t"])
        #expect(Gazetteer.words(ofEntry: "São Paulo") == ["são", "paulo"])
        #expect(Gazetteer.words(ofEntry: "New York") == ["new", "york"])
        let extractor = EntityExtractor()
        #expect(
            extractor.extract("We flew from São Paulo to St. Petersburg").map(\.text) == [
                "São Paulo", "St. Petersburg",
            ])
    }

    @Test("extractors alive at the same time share one gazetteer")
    func extractorsShareTheGazetteer() {
        let first = EntityExtractor()
        let second = EntityExtractor()
        #expect(first.gazetteer === second.gazetteer)
    }

    @Test("an extractor made for one text finds in it exactly what the full gazetteer finds")
    func extractorForOneText() {
        var texts = [
            "We flew from São Paulo to St. Petersburg with AT&T points",
            "my sister Leah works at the Mayo Clinic in Rochester, says Dr. Alvarez",
            "MEETING WITH DR. ALVAREZ AT GOOGLE ON 3 MAY", "i moved to berlin with tom and jordan last spring",
            "Nice weather in Nice today; Will Smith will visit Jordan", "", "lol ok",
            "Caroline went to the LGBTQ support group on 7 May 2023 with Melanie's kids",
        ]
        // Every entry of every list, ten at a time, in sentences with cues around them; ten such
        // sentences to a text (capitalised ones together, lower-case ones together, so that each
        // text keeps its casing), since every extractor made for a text reads the whole gazetteer.
        var entries: [String] = []
        for list in Self.lists { entries += Gazetteer.lines(list).map(String.init) }
        var capitalised: [String] = []
        var lowerCase: [String] = []
        for start in stride(from: 0, to: entries.count, by: 10) {
            let group = entries[start..<min(start + 10, entries.count)]
            capitalised.append("Yesterday \(group.joined(separator: " met ")) at the University of \(group.first!) Street.")
            lowerCase.append("i told \(group.map { $0.lowercased() }.joined(separator: " and "))'s brother about it")
        }
        for sentences in [capitalised, lowerCase] {
            for start in stride(from: 0, to: sentences.count, by: 10) {
                texts.append(sentences[start..<min(start + 10, sentences.count)].joined(separator: " "))
            }
        }
        let full = EntityExtractor()
        for text in texts {
            #expect(EntityExtractor(for: text).extract(text) == full.extract(text), "\(text)")
        }
    }
}
