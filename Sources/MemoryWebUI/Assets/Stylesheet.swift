extension Assets {
    /// One stylesheet for every page: the system's fonts, light and dark by the system's choice
    /// (`prefers-color-scheme`), one column on a phone-width window.
    static let stylesheet = """
        :root {
          color-scheme: light dark;
          --bg: #f6f6f3; --surface: #ffffff; --text: #1d1d1f; --muted: #66666d; --line: #e2e2de;
          --accent: #2f6fdb; --accent-soft: #e8effc;
          --pending: #d39b00; --consolidated: #2e9d6a; --forgotten: #a3a3ab;
          --person: #2f6fdb; --place: #2e9d6a; --organization: #a851c4; --when: #d9822b; --speaker: #d64545; --other: #7d7d85;
        }
        @media (prefers-color-scheme: dark) {
          :root {
            --bg: #131315; --surface: #1c1c1f; --text: #ececef; --muted: #a0a0a8; --line: #303036;
            --accent: #7aa7ff; --accent-soft: #1f2a40;
            --pending: #e0b23a; --consolidated: #4cc08a; --forgotten: #6e6e76;
            --person: #7aa7ff; --place: #4cc08a; --organization: #c985e0; --when: #efa256; --speaker: #ff7b7b; --other: #9a9aa2;
          }
        }
        * { box-sizing: border-box; }
        html { -webkit-text-size-adjust: 100%; }
        body {
          margin: 0; background: var(--bg); color: var(--text);
          font: 15px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "DejaVu Sans", sans-serif;
        }
        a { color: var(--accent); text-decoration: none; }
        a:hover { text-decoration: underline; }
        code, .mono { font-family: ui-monospace, "SF Mono", Menlo, "DejaVu Sans Mono", monospace; font-size: 0.92em; }
        header.top {
          display: flex; align-items: center; justify-content: space-between; flex-wrap: wrap; gap: 8px 24px;
          padding: 12px 24px; background: var(--surface); border-bottom: 1px solid var(--line);
        }
        .brand { display: flex; align-items: center; gap: 8px; font-weight: 650; font-size: 17px; color: var(--text); }
        .brand:hover { text-decoration: none; }
        nav { display: flex; flex-wrap: wrap; gap: 4px; }
        nav a { padding: 6px 12px; border-radius: 8px; color: var(--muted); font-weight: 500; }
        nav a:hover { background: var(--bg); text-decoration: none; color: var(--text); }
        nav a[aria-current="page"] { background: var(--accent-soft); color: var(--accent); }
        main { max-width: 1100px; margin: 0 auto; padding: 24px 24px 48px; }
        footer { max-width: 1100px; margin: 0 auto; padding: 0 24px 32px; color: var(--muted); font-size: 13px; }
        h1 { font-size: 26px; line-height: 1.25; margin: 0 0 4px; font-weight: 650; overflow-wrap: anywhere; }
        h2 { font-size: 18px; margin: 32px 0 12px; font-weight: 620; }
        .subtitle { color: var(--muted); margin: 0 0 20px; }
        .muted { color: var(--muted); }
        .nowrap { white-space: nowrap; font-variant-numeric: tabular-nums; }
        .panel { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 16px 20px; }
        .cards { display: grid; grid-template-columns: repeat(auto-fit, minmax(150px, 1fr)); gap: 12px; margin: 20px 0; }
        .card { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 14px 16px; }
        .card .value { display: block; font-size: 26px; font-weight: 650; font-variant-numeric: tabular-nums; }
        .card .label { color: var(--muted); font-size: 13px; }
        .card a.label { color: var(--muted); }
        .dot { display: inline-block; width: 9px; height: 9px; border-radius: 50%; margin-right: 6px; vertical-align: 1px; }
        .dot.pending { background: var(--pending); } .dot.consolidated { background: var(--consolidated); }
        .dot.forgotten { background: var(--forgotten); }
        .table-wrap { overflow-x: auto; background: var(--surface); border: 1px solid var(--line); border-radius: 12px; }
        table { width: 100%; border-collapse: collapse; }
        th { text-align: left; font-size: 12px; text-transform: uppercase; letter-spacing: 0.04em; color: var(--muted);
             font-weight: 600; padding: 10px 14px; border-bottom: 1px solid var(--line); white-space: nowrap; }
        td { padding: 9px 14px; border-bottom: 1px solid var(--line); vertical-align: top; }
        tr:last-child td { border-bottom: none; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.when { white-space: nowrap; color: var(--muted); font-variant-numeric: tabular-nums; }
        td.text { overflow-wrap: anywhere; min-width: 16em; }
        .badge { display: inline-block; font-size: 12px; padding: 1px 8px; border-radius: 999px; background: var(--bg);
                 border: 1px solid var(--line); color: var(--muted); white-space: nowrap; }
        .badge.pending { color: var(--pending); border-color: var(--pending); }
        .badge.consolidated { color: var(--consolidated); border-color: var(--consolidated); }
        .badge.forgotten { color: var(--forgotten); border-color: var(--forgotten); }
        .badge.failed { color: var(--speaker); border-color: var(--speaker); }
        dl.fields { display: grid; grid-template-columns: max-content 1fr; gap: 6px 20px; margin: 0; }
        dl.fields dt { color: var(--muted); }
        dl.fields dd { margin: 0; overflow-wrap: anywhere; }
        .memory-text { font-size: 17px; line-height: 1.6; white-space: pre-wrap; overflow-wrap: anywhere; margin: 0 0 16px; }
        .memory-text mark { background: var(--accent-soft); color: inherit; border-radius: 3px; padding: 0 2px; }
        form.bar { display: flex; flex-wrap: wrap; gap: 8px; margin: 16px 0 8px; }
        form.bar input[type=search], form.bar input[type=text] { flex: 1 1 280px; min-width: 0; }
        input, select, button {
          font: inherit; color: var(--text); background: var(--surface); border: 1px solid var(--line);
          border-radius: 8px; padding: 8px 12px;
        }
        input:focus, select:focus { outline: 2px solid var(--accent); outline-offset: -1px; }
        button { background: var(--accent); border-color: var(--accent); color: #fff; font-weight: 600; cursor: pointer; }
        @media (prefers-color-scheme: dark) { button { color: #0d1525; } }
        label.inline { display: flex; align-items: center; gap: 6px; color: var(--muted); }
        ol.recall { list-style: none; padding: 0; margin: 12px 0; background: var(--surface); border: 1px solid var(--line);
                    border-radius: 12px; }
        ol.recall li { border-bottom: 1px solid var(--line); }
        ol.recall li:last-child { border-bottom: none; }
        ol.recall li > a, ol.recall li > span { display: block; padding: 10px 16px; color: var(--text); overflow-wrap: anywhere; }
        ol.recall li > a:hover { background: var(--bg); text-decoration: none; }
        ol.recall .ref { float: right; margin-left: 12px; color: var(--muted); font-size: 12px; }
        ol.recall li.fact > span::before { content: "fact"; margin-right: 8px; font-size: 11px; text-transform: uppercase;
                                           color: var(--accent); font-weight: 700; letter-spacing: 0.05em; }
        pre.plain { white-space: pre-wrap; overflow-wrap: anywhere; background: var(--surface); border: 1px solid var(--line);
                    border-radius: 12px; padding: 12px 16px; margin: 8px 0 0; }
        details summary { cursor: pointer; color: var(--muted); }
        .pager { display: flex; justify-content: space-between; gap: 12px; margin: 14px 0; }
        .filters { display: flex; flex-wrap: wrap; gap: 6px; margin: 12px 0; }
        .filters a { padding: 4px 12px; border-radius: 999px; border: 1px solid var(--line); background: var(--surface);
                     color: var(--muted); font-size: 14px; }
        .filters a[aria-current="true"] { background: var(--accent-soft); color: var(--accent); border-color: var(--accent); }
        .problem { font-size: 17px; }
        .chart, .timeline { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; padding: 12px 12px 4px; }
        .chart svg, .timeline svg { display: block; width: 100%; height: auto; }
        svg text { font: 11px system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; fill: var(--muted); }
        svg .axis { stroke: var(--line); }
        svg .bar.pending { fill: var(--pending); } svg .bar.consolidated { fill: var(--consolidated); }
        svg .bar.forgotten { fill: var(--forgotten); }
        svg .span.open { fill: var(--accent); } svg .span.closed { fill: var(--forgotten); }
        svg .span-label { fill: var(--text); font-size: 12px; }
        svg .now { stroke: var(--speaker); stroke-dasharray: 3 3; }
        .legend { display: flex; flex-wrap: wrap; gap: 4px 16px; color: var(--muted); font-size: 13px; margin: 8px 4px; }
        .graph-wrap { background: var(--surface); border: 1px solid var(--line); border-radius: 12px; overflow: hidden; }
        svg#graph { display: block; width: 100%; height: 600px; }
        svg#graph .edge { stroke: var(--muted); stroke-opacity: 0.55; }
        svg#graph .edge.cooccurs { stroke-dasharray: 2 4; stroke-opacity: 0.35; }
        svg#graph .edge.closed { stroke-dasharray: 6 4; stroke: var(--forgotten); }
        svg#graph .edge-label { fill: var(--muted); font-size: 10px; paint-order: stroke; stroke: var(--surface); stroke-width: 3px; }
        svg#graph .node circle { stroke: var(--surface); stroke-width: 2px; }
        svg#graph .node.center circle { stroke: var(--text); stroke-width: 3px; }
        svg#graph .node text { fill: var(--text); font-size: 12px; font-weight: 550; paint-order: stroke; stroke: var(--surface);
                               stroke-width: 3px; }
        svg#graph a:hover circle { stroke: var(--accent); stroke-width: 3px; }
        svg#graph marker path { fill: var(--muted); }
        .kind-person { fill: var(--person); } .kind-place { fill: var(--place); }
        .kind-organization { fill: var(--organization); } .kind-date, .kind-time { fill: var(--when); }
        .kind-speaker { fill: var(--speaker); } .kind-other { fill: var(--other); }
        .swatch { display: inline-block; width: 10px; height: 10px; border-radius: 50%; margin-right: 6px; }
        .swatch.kind-person { background: var(--person); } .swatch.kind-place { background: var(--place); }
        .swatch.kind-organization { background: var(--organization); } .swatch.kind-date { background: var(--when); }
        .swatch.kind-speaker { background: var(--speaker); } .swatch.kind-other { background: var(--other); }
        .swatch.line { border-radius: 0; height: 0; width: 22px; border-top: 2px solid var(--muted); vertical-align: 3px; }
        .swatch.line.closed { border-top-style: dashed; border-color: var(--forgotten); }
        .swatch.line.cooccurs { border-top-style: dotted; }
        .swatch.bar { border-radius: 3px; width: 18px; height: 10px; vertical-align: -1px; }
        .swatch.bar.open { background: var(--accent); } .swatch.bar.closed { background: var(--forgotten); }
        .columns > div > h2:first-child { margin-top: 0; }
        .columns { display: grid; grid-template-columns: minmax(0, 3fr) minmax(0, 2fr); gap: 20px; align-items: start; }
        @media (max-width: 720px) {
          header.top { padding: 10px 14px; }
          nav a { padding: 5px 9px; }
          main { padding: 16px 14px 36px; }
          footer { padding: 0 14px 24px; }
          h1 { font-size: 22px; }
          .columns { grid-template-columns: 1fr; }
          svg#graph { height: 560px; }
          td, th { padding: 8px 10px; }
          td.text { min-width: 12em; }
          .hide-narrow { display: none; }
        }
        """
}
