import Testing

@testable import MemoryEngines
@testable import MemoryModel

@Suite("Entity extractor")
struct EntityExtractorTests {
    let extractor = EntityExtractor()

    /// The entities found, as "text/kind" in text order.
    func found(_ text: String) -> [String] {
        extractor.extract(text).map { "\($0.text)/\($0.kind.rawValue)" }
    }

    /// Just the entities of `kind`.
    func found(_ kind: EntityKind, in text: String) -> [String] {
        extractor.extract(text).filter { $0.kind == kind }.map(\.text)
    }

    @Test("offsets are Unicode code points, end exclusive, and cut the text at the entity")
    func offsets() {
        let text = "Ça va? 🎉 My sister Leah lives in São Paulo."
        let entities = extractor.extract(text)
        let scalars = Array(text.unicodeScalars)
        #expect(entities.map(\.text) == ["Leah", "São Paulo"])
        for entity in entities {
            var view = String.UnicodeScalarView()
            view.append(contentsOf: scalars[entity.start..<entity.end])
            #expect(String(view) == entity.text)
        }
        #expect(entities.first?.start == 19)
        #expect(entities.first?.end == 23)
    }

    @Test("people: given names, full names, titles, and names next to relation words")
    func people() {
        #expect(found("I had lunch with Leah yesterday.") == ["Leah/person", "yesterday/date"])
        #expect(found(.person, in: "Angela Merkel met Barack Obama in Berlin.") == ["Angela Merkel", "Barack Obama"])
        #expect(found(.person, in: "My appointment with Dr. Alvarez is at noon.") == ["Alvarez"])
        #expect(found(.person, in: "Professor Okonkwo said the results hold.") == ["Okonkwo"])
        #expect(found(.person, in: "my friend Jonas is visiting") == ["Jonas"])
        #expect(found(.person, in: "Zhang said the deal is off.") == ["Zhang"])
    }

    @Test("places: cities, countries, multi-word places, and context after 'in' or 'to'")
    func places() {
        #expect(found(.place, in: "We flew from New York to Rio de Janeiro via Lisbon.") == ["New York", "Rio de Janeiro", "Lisbon"])
        #expect(found(.place, in: "She grew up in Germany and moved to the United Kingdom.") == ["Germany", "United Kingdom"])
        #expect(found(.place, in: "The hike up Mount Everest starts near Lake Tahoe... no wait.") == ["Mount Everest", "Lake Tahoe"])
        #expect(found(.place, in: "I moved to Eimsbüttel last month.") == ["Eimsbüttel"])
    }

    @Test("organizations: known names, suffixes, 'University of', acronyms, work context")
    func organizations() {
        #expect(found(.organization, in: "She works at Google and he works at Bank of America.") == ["Google", "Bank of America"])
        #expect(found(.organization, in: "I work at Acme Robotics Inc. now.") == ["Acme Robotics Inc"])
        #expect(found(.organization, in: "He studied at the University of Toronto before NASA hired him.") == [
            "University of Toronto", "NASA",
        ])
        #expect(found(.organization, in: "I just joined Initech as a tester.") == ["Initech"])
    }

    @Test("dates and times in their common forms")
    func datesAndTimes() {
        #expect(found(.date, in: "I was born on March 14, 1990.") == ["March 14, 1990"])
        #expect(found(.date, in: "See you on 3 May or next Tuesday, not tomorrow.") == ["3 May", "next Tuesday", "tomorrow"])
        #expect(found(.date, in: "The lease ends 2025-03-31; I moved in 2019.") == ["2025-03-31", "2019"])
        #expect(found(.date, in: "That was three weeks ago, at Christmas.") == ["three weeks ago", "Christmas"])
        #expect(found(.time, in: "Dentist at 3pm, then gym at 18:30 and dinner at 8 p.m. tonight.") == [
            "3pm", "18:30", "8 p.m.", "tonight",
        ])
        #expect(found(.date, in: "I may come in March.") == ["March"])
        #expect(found(.date, in: "I may come, we march on.") == [])
    }

    @Test("date keys say which day when the text does")
    func dateKeys() {
        let keys = extractor.extract("born on March 14, 1990; party on 14 March; due 2024-03-14").map(\.key)
        #expect(keys == ["1990-03-14", "--03-14", "2024-03-14"])
    }

    @Test("e-mail addresses, URLs, money, handles and hashtags")
    func patterns() {
        #expect(
            found("Mail leah.weber@example.org, see https://example.com/flats/123. Ping @jonas_codes #movingday")
                == [
                    "leah.weber@example.org/email", "https://example.com/flats/123/url", "@jonas_codes/handle",
                    "#movingday/hashtag",
                ])
        #expect(found(.money, in: "Rent is €1,450, tickets were $120 and the car $3 million, or 20 euros.") == [
            "€1,450", "$120", "$3 million", "20 euros",
        ])
        #expect(found(.url, in: "(www.example.org)") == ["www.example.org"])
    }

    @Test("a name that starts a sentence is still found; an ordinary word that starts one is not")
    func sentenceStart() {
        #expect(found(.person, in: "Leah called. Yesterday Marcus came by.") == ["Leah", "Marcus"])
        #expect(found("Thanks for that. Great idea. Maybe later.") == [])
        #expect(found(.place, in: "Berlin is lovely in spring.") == ["Berlin"])
    }

    @Test("all-lowercase text: gazetteer names and names after relation words")
    func lowercase() {
        #expect(found("i moved to berlin with my sister leah last week") == [
            "berlin/place", "leah/person", "last week/date",
        ])
        #expect(found(.person, in: "my manager says hi") == [])
    }

    @Test("ALL-CAPS text: capitals say nothing, names are still found")
    func allCaps() {
        #expect(found("MEETING WITH DR. ALVAREZ IN NEW YORK ON FRIDAY AT 3PM") == [
            "ALVAREZ/person", "NEW YORK/place", "FRIDAY/date", "3PM/time",
        ])
        #expect(found("I LOVE THIS SO MUCH") == [])
    }

    @Test("possessives, punctuation, emoji and hashtags around names")
    func surroundings() {
        #expect(found(.person, in: "Leah's husband Tom, and James' dog.") == ["Leah", "Tom", "James"])
        #expect(found(.person, in: "(Leah) \"Marcus\"! Priya? 🎉Sofia🎉") == ["Leah", "Marcus", "Priya", "Sofia"])
        #expect(found(.place, in: "Berlin's bars are open late") == ["Berlin"])
        #expect(extractor.extract("Leah’s idea").first?.key == "leah")
        #expect(found("Loving #Berlin today 😍 with @leah") == ["#Berlin/hashtag", "today/date", "@leah/handle"])
    }

    @Test("news-style text: titles inside names, organizations with 'and', known names that start with a title")
    func news() {
        #expect(found(.person, in: "ECB President Christine Lagarde told reporters.") == ["Christine Lagarde"])
        #expect(found(.organization, in: "ECB President Christine Lagarde told reporters.") == ["ECB"])
        #expect(found(.organization, in: "General Motors cut jobs.") == ["General Motors"])
        #expect(found(.organization, in: "The United Nations General Assembly met.") == ["United Nations General Assembly"])
        #expect(
            found(.organization, in: "He leads the National Institute of Allergy and Infectious Diseases.") == [
                "National Institute of Allergy and Infectious Diseases"
            ])
        #expect(found("BREAKING: Earthquake hits northern Japan") == ["Japan/place"])
    }

    @Test("words that are names only sometimes: months, titles, ambiguous entries, '&' between people")
    func ambiguity() {
        #expect(found("May I ask something?") == [])
        #expect(found("I miss Berlin sometimes") == ["Berlin/place"])
        #expect(found(.organization, in: "I think Amazon is hiring in Dublin.") == ["Amazon"])
        #expect(found(.person, in: "Meeting with Sarah & John tomorrow") == ["Sarah", "John"])
        #expect(found(.time, in: "Reading The Midnight Library until midnight") == ["midnight"])
        #expect(found(.place, in: "We moved to Sofia, and Sofia loves it.") == ["Sofia"])
    }

    @Test("events and venues are not people; 'due to' is not a place cue")
    func eventsAndVenues() {
        #expect(found(.organization, in: "Watching the Super Bowl, then lunch at Olive Garden.") == ["Super Bowl", "Olive Garden"])
        #expect(found(.person, in: "Watching the Super Bowl, then lunch at Olive Garden.") == [])
        #expect(found(.place, in: "Closed due to Hurricane Season") == [])
    }

    @Test("words capitalised for other reasons are not names")
    func notNames() {
        #expect(found("I told Mom it's OK, LOL. The German team won.") == [])
        #expect(found(.person, in: "I think I'm fine") == [])
    }

    @Test("keys fold case, possessives and a leading 'the'")
    func keys() {
        let a = extractor.extract("Leah's car").first!
        let b = extractor.extract("i saw LEAH").first!
        #expect(a.key == "leah" && b.key == "leah")
        #expect(extractor.extract("I read the New York Times.").first?.key == "new york times")
    }

    @Test("text without letters, empty text and very long lines do not trip it")
    func awkwardInput() {
        #expect(found("") == [])
        #expect(found("... !!! 🎉🎉 ---") == [])
        let long = String(repeating: "Leah met Tom in Berlin. ", count: 2_000)
        #expect(extractor.extract(long).count == 6_000)
    }

    @Test("activities: what a phrase says is done, a gerund with its object, a class or club, a hobby taken up")
    func activities() {
        #expect(found(.activity, in: "We went camping with my family last weekend.") == ["camping"])
        #expect(found(.activity, in: "I just signed up for a pottery class yesterday.") == ["pottery class"])
        #expect(found(.activity, in: "I love playing basketball and watching movies.") == ["playing basketball", "watching movies"])
        #expect(found(.activity, in: "We love painting, hiking, and swimming.") == ["painting", "hiking", "swimming"])
        #expect(found(.activity, in: "I took up pottery.") == ["pottery"])
        #expect(found(.activity, in: "I'm into photography lately.") == ["photography"])
        #expect(found(.activity, in: "I joined a book club last month.") == ["book club"])
        #expect(found(.activity, in: "I went on a mountaineering trip.") == ["mountaineering trip"])
        #expect(found(.activity, in: "I started surfing five years ago.") == ["surfing"])
        #expect(found(.activity, in: "I enjoy playing the piano.") == ["playing the piano"])
        #expect(found(.activity, in: "Last week I went to a pride parade.") == ["pride parade"])
        #expect(found(.activity, in: "I attended a conference and we went to a poetry reading.") == ["conference", "poetry reading"])
        #expect(found(.activity, in: "We enjoy going camping.") == ["camping"])
        #expect(found("I joined a book club in Berlin.") == ["book club/activity", "Berlin/place"])
    }

    @Test("no activity: light verbs, tasks, adjectives, things, names, and plain nouns after liking or starting")
    func notActivities() {
        for text in [
            "I love you.", "I love it when it rains.", "I started the server.", "I tried running the tests.",
            "I love doing nothing.", "I went there this morning.", "I love interesting books.", "I enjoyed the wedding.",
            "I love dogs.", "I got into an accident.", "We went to Paris.", "I love Paris.", "",
            "I'm taking one class this summer.", "I signed up for a couple classes.", "I love crying at movies.",
            "I went to the same event.", "I love a good party.",
            // a coding agent's session
            "I started running the tests and they pass.", "Let me go ahead and start debugging this.",
            "We started refactoring the parser yesterday.", "Now I'm going to start fixing the imports.",
        ] {
            #expect(found(.activity, in: text) == [], "\(text)")
        }
    }
}
