import MemoryModel
import Testing

@testable import MemoryEngines

@Suite("Relative times")
struct TimeResolverTests {
    /// Thursday 17 March 2022, 14:30 UTC.
    let said = Timestamp(iso8601: "2022-03-17T14:30:00Z")!

    private func resolved(_ text: String) -> [String] {
        TimeResolver.resolve(text, at: said).map { "\($0.phrase) = \($0.shown)" }
    }

    @Test("days around the day it was said")
    func days() {
        #expect(resolved("Yesterday I went bowling") == ["Yesterday = 16 March 2022"])
        #expect(resolved("today and tonight") == ["today = 17 March 2022", "tonight = 17 March 2022"])
        #expect(resolved("see you tomorrow!") == ["tomorrow = 18 March 2022"])
        #expect(resolved("last night was fun") == ["last night = 16 March 2022"])
        #expect(resolved("this morning I ran") == ["this morning = 17 March 2022"])
        #expect(resolved("the day before yesterday") == ["the day before yesterday = 15 March 2022"])
        #expect(resolved("the day after tomorrow") == ["the day after tomorrow = 19 March 2022"])
    }

    @Test("weekdays: last is the one before today, next the one after")
    func weekdays() {
        #expect(resolved("Last Friday I went to a workshop") == ["Last Friday = 11 March 2022"])
        #expect(resolved("last Thursday") == ["last Thursday = 10 March 2022"])
        #expect(resolved("last Fri") == ["last Fri = 11 March 2022"])
        #expect(resolved("next Tuesday") == ["next Tuesday = 22 March 2022"])
        #expect(resolved("this coming Saturday") == ["this coming Saturday = 19 March 2022"])
        #expect(resolved("this past Monday") == ["this past Monday = 14 March 2022"])
    }

    @Test("weeks, weekends, months and years")
    func spans() {
        #expect(resolved("last week") == ["last week = the week of 7 March 2022"])
        #expect(resolved("next week") == ["next week = the week of 21 March 2022"])
        #expect(resolved("last weekend") == ["last weekend = the weekend of 12 March 2022"])
        #expect(resolved("this weekend") == ["this weekend = the weekend of 19 March 2022"])
        #expect(resolved("last month") == ["last month = February 2022"])
        #expect(resolved("next month") == ["next month = April 2022"])
        #expect(resolved("last year") == ["last year = 2021"])
        #expect(resolved("this year") == ["this year = 2022"])
    }

    @Test("counted: ago, from now, and how long something has gone on")
    func counted() {
        #expect(resolved("two weeks ago") == ["two weeks ago = 3 March 2022"])
        #expect(resolved("3 days ago") == ["3 days ago = 14 March 2022"])
        #expect(resolved("a couple of days ago") == ["a couple of days ago = 15 March 2022"])
        #expect(resolved("two months ago") == ["two months ago = January 2022"])
        #expect(resolved("five years ago") == ["five years ago = 2017"])
        #expect(resolved("a week from now") == ["a week from now = 24 March 2022"])
        #expect(resolved("I've been playing it for a month now") == ["for a month now = since February 2022"])
        #expect(resolved("it's been two years now") == ["two years now = since 2020"])
    }

    @Test("what could be either side of today, or is vague, is left alone")
    func leftAlone() {
        for text in [
            "on Friday", "this Friday", "next weekend", "recently", "the other day", "years ago", "a few days ago",
            "the last week of June", "the next day", "twice a day now", "in 2019", "Last of all", "in 3 days",
            "watched them all in a week and a half",
        ] {
            #expect(resolved(text).isEmpty, "\(text)")
        }
    }

    @Test("across the end of a month, a year and a leap day")
    func calendarEdges() {
        let newYear = Timestamp(iso8601: "2024-01-01T09:00:00Z")!
        #expect(TimeResolver.resolve("yesterday", at: newYear).first?.shown == "31 December 2023")
        #expect(TimeResolver.resolve("last month", at: newYear).first?.shown == "December 2023")
        let leap = Timestamp(iso8601: "2024-03-01T09:00:00Z")!
        #expect(TimeResolver.resolve("yesterday", at: leap).first?.shown == "29 February 2024")
        #expect(CalendarDay(year: 2024, month: 3, day: 31)!.adding(months: -1).description == "2024-02-29")
    }

    @Test("the annotated text says what each expression means, after it")
    func annotation() {
        #expect(
            TimeResolver.annotated("Yesterday I went bowling, and last week too.", at: said)
                == "Yesterday (16 March 2022) I went bowling, and last week (the week of 7 March 2022) too.")
        #expect(TimeResolver.annotated("Café — naïve résumé yesterday", at: said) == "Café — naïve résumé yesterday (16 March 2022)")
        #expect(TimeResolver.annotated("nothing here", at: said) == "nothing here")
    }
}
