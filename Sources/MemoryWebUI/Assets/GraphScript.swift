extension Assets {
    /// Draws the graph page's nodes and edges (the page embeds them as JSON) with a
    /// force-directed layout (Fruchterman–Reingold) into the page's SVG. It starts from the same
    /// positions every time, so the same graph is drawn the same way. Without JavaScript the
    /// page still lists every edge in a table.
    static let graphScript = #"""
        "use strict";
        (function () {
          const source = document.getElementById("graph-data");
          const svg = document.getElementById("graph");
          if (!source || !svg) return;
          const data = JSON.parse(source.textContent);
          const NS = "http://www.w3.org/2000/svg";
          // A narrow window (a phone) gets a tall layout, so that it is drawn larger.
          const narrow = svg.clientWidth < 600;
          const width = narrow ? 600 : 960, height = narrow ? 900 : 600, margin = 40;
          svg.setAttribute("viewBox", "0 0 " + width + " " + height);

          const index = new Map();
          const nodes = data.nodes.map(function (node, i) {
            // A golden-angle spiral: spread out, and the same start for the same graph.
            const angle = i * 2.399963, radius = 18 * Math.sqrt(i + 1);
            index.set(node.id, i);
            return Object.assign({}, node, {
              x: width / 2 + radius * Math.cos(angle), y: height / 2 + radius * Math.sin(angle), dx: 0, dy: 0,
              r: 7 + 4 * Math.sqrt(Math.log2(1 + node.mentions))
            });
          });
          const edges = data.edges.filter(function (e) { return index.has(e.source) && index.has(e.target); });

          const k = 0.75 * Math.sqrt(((width - 2 * margin) * (height - 2 * margin)) / Math.max(1, nodes.length));
          let temperature = width / 8;
          const rounds = 300;
          for (let round = 0; round < rounds; round++) {
            for (const n of nodes) { n.dx = 0; n.dy = 0; }
            for (let i = 0; i < nodes.length; i++) {
              for (let j = i + 1; j < nodes.length; j++) {
                const a = nodes[i], b = nodes[j];
                let dx = a.x - b.x, dy = a.y - b.y;
                let d = Math.sqrt(dx * dx + dy * dy);
                if (d < 0.01) { dx = 0.01 * (i - j); dy = 0.01; d = Math.sqrt(dx * dx + dy * dy); }
                const push = (k * k) / d;
                a.dx += (dx / d) * push; a.dy += (dy / d) * push;
                b.dx -= (dx / d) * push; b.dy -= (dy / d) * push;
              }
            }
            for (const e of edges) {
              const a = nodes[index.get(e.source)], b = nodes[index.get(e.target)];
              const dx = a.x - b.x, dy = a.y - b.y;
              const d = Math.max(0.01, Math.sqrt(dx * dx + dy * dy));
              const pull = (d * d) / k;
              a.dx -= (dx / d) * pull; a.dy -= (dy / d) * pull;
              b.dx += (dx / d) * pull; b.dy += (dy / d) * pull;
            }
            for (const n of nodes) {
              // A little gravity keeps parts that are not connected on the page.
              n.dx += (width / 2 - n.x) * 0.02 * k / 10; n.dy += (height / 2 - n.y) * 0.02 * k / 10;
              const d = Math.max(0.01, Math.sqrt(n.dx * n.dx + n.dy * n.dy));
              const step = Math.min(d, temperature);
              n.x = Math.min(width - margin, Math.max(margin, n.x + (n.dx / d) * step));
              n.y = Math.min(height - margin, Math.max(margin, n.y + (n.dy / d) * step));
            }
            temperature = Math.max(1, temperature * 0.985);
          }

          function element(name, attributes, parent) {
            const e = document.createElementNS(NS, name);
            for (const key in attributes) e.setAttribute(key, attributes[key]);
            if (parent) parent.appendChild(e);
            return e;
          }
          function title(parent, text) { element("title", {}, parent).textContent = text; }

          const defs = element("defs", {}, svg);
          const marker = element("marker", {
            id: "arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "9", markerHeight: "9", orient: "auto",
            markerUnits: "userSpaceOnUse"
          }, defs);
          element("path", { d: "M0,0 L10,5 L0,10 z" }, marker);

          const edgeLayer = element("g", { class: "edges" }, svg);
          const labelLayer = element("g", { class: "edge-labels" }, svg);
          for (const e of edges) {
            const a = nodes[index.get(e.source)], b = nodes[index.get(e.target)];
            const dx = b.x - a.x, dy = b.y - a.y, d = Math.max(0.01, Math.sqrt(dx * dx + dy * dy));
            const typed = e.predicate !== "co_occurs";
            const classes = ["edge", typed ? "typed" : "cooccurs", e.valid_to ? "closed" : "open"];
            const line = element("line", {
              class: classes.join(" "), x1: a.x, y1: a.y,
              x2: b.x - (dx / d) * (typed ? b.r + 2 : 0), y2: b.y - (dy / d) * (typed ? b.r + 2 : 0),
              "stroke-width": Math.min(4, 1 + Math.log2(1 + e.weight))
            }, edgeLayer);
            if (typed) line.setAttribute("marker-end", "url(#arrow)");
            title(line, a.name + " " + e.predicate.replace(/_/g, " ") + " " + b.name + " — since " + e.valid_from.slice(0, 10)
              + (e.valid_to ? ", until " + e.valid_to.slice(0, 10) : ", still holds"));
            if (typed) {
              element("text", { class: "edge-label", x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 - 3, "text-anchor": "middle" },
                labelLayer).textContent = e.predicate.replace(/_/g, " ") + (e.valid_to ? " (ended)" : "");
            }
          }

          const nodeLayer = element("g", { class: "nodes" }, svg);
          const kinds = ["person", "place", "organization", "date", "time", "speaker"];
          for (const n of nodes) {
            const link = element("a", { href: "/entity/" + n.id }, nodeLayer);
            const kind = kinds.indexOf(n.kind) >= 0 ? n.kind : "other";
            const group = element("g", { class: "node" + (n.id === data.center ? " center" : "") }, link);
            element("circle", { cx: n.x, cy: n.y, r: n.r, class: "kind-" + kind }, group);
            element("text", { x: n.x, y: n.y + n.r + 13, "text-anchor": "middle" }, group).textContent = n.name;
            title(group, n.name + " (" + n.kind + ", " + n.mentions + " mentions)");
          }
          svg.setAttribute("data-drawn", nodes.length + " nodes, " + edges.length + " edges");
        })();
        """#
}
