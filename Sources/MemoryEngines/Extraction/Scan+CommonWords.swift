
extension Scan {
    /// Ordinary English words that often start a sentence or get capitalised for emphasis:
    /// capitalised, they are still not names ("Yesterday", "Thanks", "Great").
    package static let commonWords: Set<String> = {
        let words = """
            a about above across actually after afternoon again against ago ah ahead all almost also although always am
            amazing an and another any anyway anything apparently are around as at aw away awesome back bad basically
            be because been before being best better between big both but by can cannot cant can't cause certainly
            cheers check come congrats congratulations cool could couldn't cute damn dear definitely did didn't do does
            doesn't doing done don't down during each earlier early either else even evening ever every everyone
            everything exactly excellent fantastic far few fine finally first for fortunately found from fun funny
            further get gets getting go goes going gone good goodbye got great guess had hadn't half happy has hasn't
            have haven't having he he's hello help her here hers hey hi him his hmm honestly hope hopefully how however
            i if im in indeed instead interesting is isn't it it's its just kind last late lately later least less let
            let's like likely literally little lol long look looking lot lots love made make maybe me meanwhile might
            mine more morning most mostly much must my myself need needs never nevertheless new next nice night no
            nobody none nope nor not nothing now obviously of off oh ok okay old on once one only or other otherwise
            our out over perhaps please plus pretty probably quick quite rather ready real really recently right same
            see seems seriously she she's should shouldn't since so some somebody someone something sometimes soon
            sorry still such super sure thank thanks that that's the their them then there there's these they they're
            thing things think this those though thus today together tomorrow tonight too totally true truly try
            ugh um unfortunately until up us use usually very wait want was wasn't way we we're we've well went were
            what what's whatever when where whether which while who whoa why will with without wonderful won't wow
            would wouldn't yay yeah yes yesterday yet you you're your yours yup already besides anyhow hmmm hm ooh oops
            alright morning night day week weekend month year note reminder remember remind todo update quick random
            question idea plan news just reading watching working going having getting feeling thinking trying
            went called bought saw met told asked said heard made took gave found left moved started finished
            dinner lunch breakfast coffee tea work home school office meeting call trip flight train bus car
            ask tell remind send book buy pay pick bring take give show find keep add call text email write read
            open close turn put set stop start tell meet visit watch listen play cancel schedule move remember
            happy merry welcome congrats sorry excited tired busy anyone everybody somebody nobody someone guys
            breaking update alert warning live watch listen
            """
        return Set(words.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
    }()
}
