package deadline

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/spaceshared"
)

// synth builds records for every algorithm on streams ia=1 and ia=5 over
// reps repetitions: value(algo, stream, rep) per metric.
func synth(reps int, metrics map[string]func(algo, w string, rep int) float64) []analysis.Record {
	var recs []analysis.Record
	for _, w := range []string{"ia=1", "ia=5"} {
		for rep := range reps {
			for _, a := range PaperAlgorithms {
				for _, m := range []string{spaceshared.MDelayed, spaceshared.MUsage, spaceshared.MWeightedUsage, spaceshared.MMakespan, spaceshared.MSlowdown, spaceshared.MWorkPerDec, spaceshared.MWorkSlope, spaceshared.TSecPerDec, spaceshared.TWallSlope, spaceshared.TCPUPerDec} {
					f, ok := metrics[m]
					v := float64(rep) // a shared per-repetition level, as paired instances have
					if ok {
						v = f(a, w, rep)
					}
					recs = append(recs, analysis.Record{Experiment: Name, Workload: w, Algorithm: a, Rep: rep, Metric: m, Value: v})
				}
			}
		}
	}
	return recs
}

var rank = map[string]float64{"tabu": 0, "egedf": 1, "flex": 2, "easy": 3, "easywalk": 3, "fcfs": 4}

func find(cs []Check, claim, scope string) *Check {
	for i := range cs {
		if cs[i].Claim == claim && strings.HasPrefix(cs[i].Scope, scope) {
			return &cs[i]
		}
	}
	return nil
}

func TestClaimsHeldAndNotHeld(t *testing.T) {
	const reps = 10
	jitter := func(rep int) float64 { return float64(rep%3) * 0.01 }
	grows := func(a, w string, rep int) float64 {
		v := 5 + 10*rank[a] + float64(rep) + jitter(rep)
		switch {
		case w == "ia=5":
		case a == "egedf" || a == "tabu":
			v *= 1.5
		default:
			v *= 10
		}
		return v
	}
	good := synth(reps, map[string]func(string, string, int) float64{
		// Claim (a): strictly ordered by rank, Tabu a hair below EG-EDF.
		spaceshared.MDelayed: func(a, w string, rep int) float64 {
			if a == "tabu" {
				return 10 + float64(rep) + 5*rank["egedf"] - 0.3 + jitter(rep)
			}
			return 10 + float64(rep) + 5*rank[a] + jitter(rep)
		},
		spaceshared.MWeightedUsage: func(a, w string, rep int) float64 { return 80 - 3*rank[a] + float64(rep) + jitter(rep) },
		spaceshared.MMakespan:      func(a, w string, rep int) float64 { return 1000 + 50*rank[a] + float64(rep) + jitter(rep) },
		// Claim (e): Tabu the best, within 2% of Flex-BF (EG-EDF
		// between Flex-BF and EASY-BF).
		spaceshared.MSlowdown: func(a, w string, rep int) float64 {
			switch a {
			case "tabu":
				return 5 + float64(rep)/10 + rank["flex"] - 0.05 + jitter(rep)
			case "egedf":
				return 5 + float64(rep)/10 + 2.5 + jitter(rep)
			}
			return 5 + float64(rep)/10 + rank[a] + jitter(rep)
		},
		spaceshared.TSecPerDec: func(a, w string, rep int) float64 { return 1e-6 * (1 + 10*rank[a] + float64(rep) + jitter(rep)) },
		spaceshared.TWallSlope: func(a, w string, rep int) float64 { return 1e-9 * (1 + 10*rank[a] + float64(rep) + jitter(rep)) },
		// Claim (c): backfilling's cost per decision grows tenfold from
		// ia=5 to ia=1, the schedule-based algorithms' by half, in CPU
		// time (which decides) and in work (shown beside it).
		spaceshared.MWorkPerDec: grows,
		spaceshared.TCPUPerDec:  func(a, w string, rep int) float64 { return 1e-7 * grows(a, w, rep) },
		spaceshared.MWorkSlope:  func(a, w string, rep int) float64 { return 0.1 + rank[a] + float64(rep)/10 + jitter(rep) },
	})
	in := &claimInput{recs: good, timings: good, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	checks := checkClaims(in)
	for _, c := range checks {
		if c.OnTime {
			// Claim (c) on the work counter: shown, not deciding.
			if c.Checked || c.Held || c.Claim != "c" || !strings.Contains(c.Statistic, "work counter, not deciding: Wilcoxon, 8 comparisons; weakest") {
				t.Errorf("claim (%s) on %s decided on time: %+v", c.Claim, c.Scope, c)
			}
			continue
		}
		if !c.Checked || !c.Held {
			t.Errorf("claim (%s) on %s: held %v checked %v: %s", c.Claim, c.Scope, c.Held, c.Checked, c.Statistic)
		}
	}
	if len(checks) != 2+4+2+1+4 {
		t.Errorf("%d checks, want 13", len(checks))
	}
	if c := find(checks, "c", "ia=1 (scheduler CPU time)"); c == nil || !c.Measured || !strings.Contains(c.Statistic, "10 comparisons") {
		t.Errorf("claim (c) not decided on CPU time, with Tabu beside EG-EDF: %+v", c)
	}

	// Now break each claim.
	bad := synth(reps, map[string]func(string, string, int) float64{
		// EG-EDF worse than EASY on ia=5 only.
		spaceshared.MDelayed: func(a, w string, rep int) float64 {
			r := rank[a]
			if w == "ia=5" && a == "egedf" {
				r = 3.5
			}
			return 10 + float64(rep) + 5*r + jitter(rep)
		},
		// Tabu 30% slower-down than Flex-BF.
		spaceshared.MSlowdown: func(a, w string, rep int) float64 {
			if a == "tabu" {
				return 1.3 * (5 + float64(rep)/10 + jitter(rep))
			}
			return 5 + float64(rep)/10 + jitter(rep)
		},
	})
	in = &claimInput{recs: bad, timings: bad, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	checks = checkClaims(in)
	for _, want := range []struct {
		claim, scope string
		held         bool
	}{
		{"a", "ia=1", true}, {"a", "ia=5", false},
		{"b", "ia=1", false},                      // no difference at all in weighted usage
		{"c", "ia=1 (scheduler CPU time)", false}, // no growth at all
		{"d", "ia=5", false},                      // Tabu 17.5 points below EG-EDF: not "the same"
		{"e", "ia=1", false},
	} {
		c := find(checks, want.claim, want.scope)
		if c == nil {
			t.Fatalf("no check for claim (%s) on %s", want.claim, want.scope)
		}
		if c.Held != want.held {
			t.Errorf("claim (%s) on %s: held %v, want %v: %s", c.Claim, c.Scope, c.Held, want.held, c.Statistic)
		}
	}
	if c := find(checks, "a", "ia=5"); !strings.Contains(c.Statistic, "failing: EG-EDF <") {
		t.Errorf("failing comparison not named: %s", c.Statistic)
	}

	// A missing algorithm: its claims are not checked, never held.
	in = &claimInput{recs: good, timings: good, workloads: []string{"ia=1", "ia=5"}, algos: []string{"fcfs", "easy", "egedf", "tabu"}}
	for _, c := range checkClaims(in) {
		needsFlex := c.Claim != "d"
		if needsFlex && (c.Checked || c.Held || !strings.Contains(c.Statistic, "Flex-BF not run")) {
			t.Errorf("claim (%s) without Flex-BF: %+v", c.Claim, c)
		}
	}
}

func TestEquivalence(t *testing.T) {
	var recs []analysis.Record
	for rep := range 6 {
		for _, a := range []string{"tabu", "egedf"} {
			v := float64(rep)
			if a == "tabu" {
				v += 0.5 + float64(rep%2)*0.1
			}
			recs = append(recs, analysis.Record{Experiment: Name, Workload: "ia=5", Algorithm: a, Rep: rep, Metric: spaceshared.MDelayed, Value: v})
		}
	}
	if held, s := equivalence(recs, "ia=5", spaceshared.MDelayed, "tabu", "egedf", 1); !held {
		t.Errorf("difference 0.5–0.6 within ±1 not equivalent: %s", s)
	}
	if held, s := equivalence(recs, "ia=5", spaceshared.MDelayed, "tabu", "egedf", 0.4); held {
		t.Errorf("difference 0.5–0.6 within ±0.4 called equivalent: %s", s)
	}
	// The statistic names the margin from which on it holds: the
	// interval's farthest end, which the verdicts above bracket.
	_, s := equivalence(recs, "ia=5", spaceshared.MDelayed, "tabu", "egedf", 1)
	var flip float64
	if i := strings.Index(s, "equivalent for a margin above ±"); i < 0 {
		t.Fatalf("no flip margin in %q", s)
	} else if _, err := fmt.Sscanf(s[i+len("equivalent for a margin above ±"):], "%g", &flip); err != nil {
		t.Fatal(err)
	}
	if held, _ := equivalence(recs, "ia=5", spaceshared.MDelayed, "tabu", "egedf", flip*1.001); !held {
		t.Errorf("not equivalent just above its flip margin %g", flip)
	}
	if held, _ := equivalence(recs, "ia=5", spaceshared.MDelayed, "tabu", "egedf", flip*0.999); held {
		t.Errorf("equivalent just below its flip margin %g", flip)
	}
}

func TestNonInferiority(t *testing.T) {
	recs := func(shift float64) []analysis.Record {
		var out []analysis.Record
		for rep := range 8 {
			for _, a := range []string{"tabu", "flex"} {
				v := 2 + float64(rep)/10
				if a == "tabu" {
					v += shift + float64(rep%2)*0.02
				}
				out = append(out, analysis.Record{Experiment: Name, Workload: "ia=1", Algorithm: a, Rep: rep, Metric: spaceshared.MSlowdown, Value: v})
			}
		}
		return out
	}
	for _, tc := range []struct {
		shift float64
		held  bool
	}{
		{-1, true},     // far better: not inferior (equivalence would fail)
		{0.1, true},    // worse by 0.1 within the margin 0.2
		{0.3, false},   // worse by more than the margin
		{0.185, false}, // the mean is inside, the interval's upper limit is not
	} {
		if held, s := nonInferiority(recs(tc.shift), "ia=1", spaceshared.MSlowdown, "tabu", "flex", 0.2); held != tc.held {
			t.Errorf("shift %g: held %v, want %v: %s", tc.shift, held, tc.held, s)
		}
	}
}

// TestClaimATabuAgainstAll: "Tabu search outperforms all the other
// algorithms" is tested against every algorithm, not only EG-EDF. Here
// Tabu is no better than Flex-BF (noisy around its level) and not
// significantly above EG-EDF: the old reading (Tabu ≤ EG-EDF only) held
// this; Tabu against Flex-BF fails it on every stream.
func TestClaimATabuAgainstAll(t *testing.T) {
	const reps = 20
	recs := synth(reps, map[string]func(string, string, int) float64{
		spaceshared.MDelayed: func(a, w string, rep int) float64 {
			if a == "tabu" {
				return 10 + float64(rep) + 5*rank["flex"] + float64(1-2*(rep%2))*6
			}
			return 10 + float64(rep) + 5*rank[a]
		},
	})
	in := &claimInput{recs: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	for _, c := range claimA(in) {
		if c.Held {
			t.Errorf("claim (a) on %s held with Tabu no better than Flex-BF: %s", c.Scope, c.Statistic)
		}
		tested := false
		for _, x := range c.Comps {
			if x.Name == "Tabu < Flex-BF" {
				tested = true
				if x.Held() {
					t.Errorf("%s: Tabu < Flex-BF held: %+v", c.Scope, x.Res)
				}
			}
		}
		if !tested {
			t.Errorf("claim (a) on %s: Tabu not compared with Flex-BF", c.Scope)
		}
	}
}

// TestRuntimeDecidedOnTime: fig5-flex is decided on the scheduler's
// measured CPU time per decision, not on the work counter nor on the wall
// clock (here made to say the opposite). Here Flex-BF's counted work grows
// much more than EASY-BF's from ia=5 to ia=1 while its measured time grows
// less: the time row holds, and the committed ledger's row is not testable
// (the counter beside it, not deciding). The old ledger held the counter's
// "not held".
func TestRuntimeDecidedOnTime(t *testing.T) {
	const reps = 10
	growth := func(flex, easy float64) func(a, w string, rep int) float64 {
		return func(a, w string, rep int) float64 {
			v := 10 + float64(rep%4)
			if w == "ia=1" {
				switch a {
				case "flex":
					v *= flex
				case "easy", "easywalk":
					v *= easy
				default:
					v *= 2
				}
			}
			return v
		}
	}
	recs := synth(reps, map[string]func(string, string, int) float64{
		spaceshared.MWorkPerDec: growth(30, 10),
		spaceshared.TCPUPerDec:  growth(3, 6),
		spaceshared.TSecPerDec:  growth(6, 3), // the wall clock, inflated by whatever else ran: not what decides
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	var timeRow *Check
	for _, c := range timeChecks(in) {
		if c.Claim == "fig5-flex" {
			timeRow = &c
		}
	}
	if timeRow == nil || !timeRow.Held || !timeRow.Measured {
		t.Fatalf("fig5-flex on time: %+v, want held (Flex-BF's time grows 3×, EASY-BF's 6×)", timeRow)
	}
	seen := map[string]bool{}
	for _, e := range buildLedger(in, checkClaims(in), recs) {
		switch e.ID {
		case "fig5-flex", "fig5-grow", "c":
			seen[e.ID] = true
			if e.Verdict != analysis.VerdictNotTestable || !strings.Contains(e.Note, "work counter, not deciding") {
				t.Errorf("committed %s: %q (%s), want not testable with the counter beside it", e.ID, e.Verdict, e.Note)
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("ledger rows seen: %v, want fig5-flex, fig5-grow and c", seen)
	}
	// On the CPU time: both backfilling algorithms grow (3× and 6×),
	// faster than EG-EDF and Tabu (2×), which fig5-grow and claim (c)
	// hold; the work counter is not asked.
	timed := map[string]bool{}
	for _, c := range append(timeChecks(in), checkClaims(in)...) {
		if (c.Claim == "fig5-grow" || c.Claim == "c") && c.Measured {
			timed[c.Claim] = c.Held
		}
	}
	if !timed["fig5-grow"] || !timed["c"] || len(timed) != 2 {
		t.Errorf("fig5-grow and c decided on CPU time: %v, want both held", timed)
	}
}

// TestConclDelayedTestsBothHalves: "decreasing the number of delayed
// jobs while keeping the machine usage high" is two statements; a
// schedule-based usage significantly below a queue-based one's fails the
// second, however few delayed jobs there are.
func TestConclDelayedTestsBothHalves(t *testing.T) {
	recs := synth(12, map[string]func(string, string, int) float64{
		spaceshared.MDelayed: func(a, w string, rep int) float64 { return 10 + 5*rank[a] + float64(rep%3) },
		spaceshared.MUsage: func(a, w string, rep int) float64 {
			v := 90 + float64(rep%4)
			if a == "egedf" || a == "tabu" {
				v -= 5
			}
			return v
		},
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	got := map[string]string{}
	for _, e := range buildLedger(in, checkClaims(in), recs) {
		if e.ID == "concl-delayed" {
			got[e.Scope] = e.Verdict
		}
	}
	want := map[string]string{"ia=1": analysis.VerdictHeld, "ia=5": analysis.VerdictHeld,
		"ia=1 (machine usage kept high)": analysis.VerdictNotHeld, "ia=5 (machine usage kept high)": analysis.VerdictNotHeld}
	if !maps.Equal(got, want) {
		t.Errorf("concl-delayed: %v, want %v", got, want)
	}
}

// A ledger note of several parts joins them with "; ": the row of Tabu
// as Algorithm 3 at ia=5 read "at least 11 needed significantly the other
// way: ..." and "in Tabu's place. too few repetitions".
func TestLedgerNoteJoinsItsParts(t *testing.T) {
	few := &analysis.Comparison{Name: "Tabu vs EG-EDF", Want: analysis.Lower, X: []float64{1, 2, 3}, Y: []float64{1.5, 2.5, 3.5}}
	var x, y []float64
	for i := range 20 {
		x, y = append(x, float64(10+i)), append(y, float64(i))
	}
	reversed := &analysis.Comparison{Name: "EG-EDF vs Flex-BF", Want: analysis.Lower, X: x, Y: y}
	analysis.Test(few, reversed)
	v := analysis.Decide([]*analysis.Comparison{few, reversed})
	e := entry(Check{Claim: "a", Scope: "ia=5", Checked: true, V: &v, Family: 2, Comps: v.All, Reading: "alg3"})
	want := "reading: Tabu as Algorithm 3 (tabu-alg3) in Tabu's place; too few repetitions: at least "
	if e.Verdict != analysis.VerdictInconclusive || !strings.HasPrefix(e.Note, want) || !strings.Contains(e.Note, " needed; significantly the other way: ") {
		t.Errorf("verdict %s, note %q; want inconclusive, %q..., \" needed; significantly the other way: \"", e.Verdict, e.Note, want)
	}
}

// TestSideRepsCanDecideTheReadingsClaims: the Algorithm 3 reading's
// claims are tested on the side repetitions only, in the Holm families
// of the default claims (claim (a): 7 comparisons on each of the five
// streams). With too few pairs no p-value could reach Alpha after Holm,
// and every such row would read "inconclusive" by design: SideReps must
// give each family enough pairs (analysis.MinPairs).
func TestSideRepsCanDecideTheReadingsClaims(t *testing.T) {
	cfg := DefaultConfig(false)
	var workloads []string
	for _, ia := range cfg.InterArrivals {
		workloads = append(workloads, WorkloadID(ia))
	}
	var recs []analysis.Record
	for _, w := range workloads {
		for rep := range SideReps {
			for _, a := range append(slices.Clone(PaperAlgorithms), "tabu-alg3") {
				for _, m := range []string{spaceshared.MDelayed, spaceshared.MSlowdown, spaceshared.MWorkPerDec, spaceshared.MWorkSlope} {
					recs = append(recs, analysis.Record{Experiment: Name, Workload: w, Algorithm: a, Rep: rep, Metric: m, Value: float64(rep) + rank[strings.TrimSuffix(a, "-alg3")]})
				}
			}
		}
	}
	in := &claimInput{recs: recs, timings: recs, workloads: workloads, algos: PaperAlgorithms}
	n := 0
	for _, c := range alg3Checks(in, recs) {
		if c.V == nil {
			continue
		}
		n++
		if need := analysis.MinPairs(c.Family); SideReps < need {
			t.Errorf("%s/alg3 on %s: a Holm family of %d needs %d pairs, SideReps is %d", c.Claim, c.Scope, c.Family, need, SideReps)
		}
	}
	if n == 0 {
		t.Fatal("no Algorithm 3 reading claim was tested")
	}
}

// TestUsageMismatchNamesItsNumbers: Figure 2's mismatch is explained only
// where the numbers show the mechanism (usage below a queue-based
// algorithm's, weighted usage above every one's), with those numbers.
func TestUsageMismatchNamesItsNumbers(t *testing.T) {
	idx := map[analysis.GroupKey]*analysis.Group{}
	set := func(a, m string, v float64) {
		idx[analysis.GroupKey{Experiment: Name, Workload: "ia=1", Algorithm: a, Metric: m}] = &analysis.Group{Summary: analysis.Summary{Mean: v}}
	}
	usage := map[string]float64{"fcfs": 90.5, "easy": 97.4, "flex": 96.4, "egedf": 93.7, "tabu": 93.8}
	weighted := map[string]float64{"fcfs": 65, "easy": 70.3, "flex": 71.5, "egedf": 77.5, "tabu": 78.4}
	for a := range usage {
		set(a, spaceshared.MUsage, usage[a])
		set(a, spaceshared.MWeightedUsage, weighted[a])
	}
	streams := []stream{{id: "ia=1", ia: 1}}
	got := usageMismatch(streams, idx)
	if !strings.Contains(got, "ia=1: usage EG-EDF 93.7 vs EASY-BF 97.4, weighted usage at least 77.5 vs at most 71.5") {
		t.Errorf("explanation: %q", got)
	}
	set("flex", spaceshared.MWeightedUsage, 80) // a queue-based algorithm weighs more: not the mechanism
	if got := usageMismatch(streams, idx); got != "" {
		t.Errorf("explained without its mechanism: %q", got)
	}
}

// TestFCFSRuntimeDecidedOnCPUTime: "The runtime for FCFS is very low
// w.r.t. to EASY and Flexible backfilling" is decided on the scheduler's
// CPU time per decision, what the paper measured ("the system CPU time
// spent at each scheduling event") and what the other runtime rows are
// decided on, not on the wall clock (here made to say the opposite, as
// waits for a core another process holds can).
func TestFCFSRuntimeDecidedOnCPUTime(t *testing.T) {
	recs := synth(10, map[string]func(string, string, int) float64{
		spaceshared.TCPUPerDec: func(a, w string, rep int) float64 { return 1e-6 * (1 + 10*(4-rank[a]) + float64(rep%3)) },
		spaceshared.TSecPerDec: func(a, w string, rep int) float64 { return 1e-6 * (1 + 10*rank[a] + float64(rep%3)) },
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	var row *Check
	for _, c := range levelChecks(in) {
		if c.Claim == "fig5-fcfs" {
			row = &c
		}
	}
	if row == nil || !row.Held || !row.Measured {
		t.Fatalf("fig5-fcfs: %+v, want held on CPU time (FCFS lowest there, highest on the wall clock)", row)
	}
	for _, x := range row.Comps {
		if !strings.HasPrefix(x.Name, "CPU time per decision ") {
			t.Errorf("fig5-fcfs compares %q, want the CPU time per decision", x.Name)
		}
	}
}

// TestClaimETabuBest: "better results were obtained by the Tabu search,
// which are nearly the same as those obtained by the Flexible backfilling"
// says Tabu's slowdown is the best, not only close to Flex-BF's. Here Tabu
// is within the margin of Flex-BF but above EG-EDF on every stream: the
// non-inferiority rows hold, the "best" rows must not (the old claim held
// on non-inferiority alone while its statement said "best").
func TestClaimETabuBest(t *testing.T) {
	slow := map[string]float64{"egedf": 0, "tabu": 1, "flex": 1.02, "easy": 3, "easywalk": 3, "fcfs": 4}
	recs := synth(12, map[string]func(string, string, int) float64{
		spaceshared.MSlowdown: func(a, w string, rep int) float64 { return 5 + slow[a] + float64(rep%4)/10 + float64(rep%3)*0.01 },
	})
	in := &claimInput{recs: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	best := 0
	for _, c := range claimE(in) {
		if !strings.HasSuffix(c.Scope, " (best)") {
			if !c.Held {
				t.Errorf("claim (e) non-inferiority on %s not held: %s", c.Scope, c.Statistic)
			}
			continue
		}
		best++
		if c.Held || c.Family != 6 {
			t.Errorf("claim (e) best on %s: held %v, family %d; want not held (Tabu above EG-EDF), Holm over 6: %s", c.Scope, c.Held, c.Family, c.Statistic)
		}
	}
	if best != 2 {
		t.Errorf("%d \"best\" rows of claim (e), want one per stream", best)
	}
}

// TestShortFlexTestsBothHalves: the shorter paper's §5 "Both Flexible
// backfilling and schedule-based algorithms demonstrated significant
// improvement when decreasing the number of late jobs while keeping the
// machine usage high" is two statements, as concl-delayed is: a usage of
// Flex-BF, EG-EDF and Tabu significantly below FCFS's and EASY-BF's fails
// the second, however few late jobs there are.
func TestShortFlexTestsBothHalves(t *testing.T) {
	recs := synth(12, map[string]func(string, string, int) float64{
		spaceshared.MDelayed: func(a, w string, rep int) float64 { return 10 + 5*rank[a] + float64(rep%3) },
		spaceshared.MUsage: func(a, w string, rep int) float64 {
			v := 90 + float64(rep%4)
			if a == "flex" || a == "egedf" || a == "tabu" {
				v -= 5
			}
			return v
		},
		// Weighted by speed, the schedule-based algorithms' usage is the
		// higher (they wait for the fast machines).
		spaceshared.MWeightedUsage: func(a, w string, rep int) float64 {
			v := 80 + float64(rep%4)
			if a == "egedf" || a == "tabu" {
				v += 5
			}
			return v
		},
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	got := map[string]string{}
	for _, e := range buildLedger(in, checkClaims(in), recs) {
		switch e.ID {
		case "short-flex", "concl-delayed/weighted":
			got[e.ID+" "+e.Scope] = e.Verdict
		case "short-flex/weighted":
			got[e.ID+" "+e.Scope] = e.Verdict
			if e.Alternative != weightedReading {
				t.Errorf("%s %s: alternative reading %q, want %q", e.ID, e.Scope, e.Alternative, weightedReading)
			}
		}
	}
	const kept = " (machine usage kept high)"
	want := map[string]string{"short-flex ia=1": analysis.VerdictHeld, "short-flex ia=5": analysis.VerdictHeld,
		"short-flex ia=1" + kept: analysis.VerdictNotHeld, "short-flex ia=5" + kept: analysis.VerdictNotHeld,
		// Flex-BF's weighted usage is FCFS's and EASY-BF's: not
		// significantly below them, so the weighted reading holds.
		"short-flex/weighted ia=1" + kept: analysis.VerdictHeld, "short-flex/weighted ia=5" + kept: analysis.VerdictHeld,
		"concl-delayed/weighted ia=1" + kept: analysis.VerdictHeld, "concl-delayed/weighted ia=5" + kept: analysis.VerdictHeld}
	if !maps.Equal(got, want) {
		t.Errorf("short-flex: %v, want %v", got, want)
	}
}

// TestClaimENonInferiorityHolm: claim (e)'s non-inferiority rows, one per
// stream, are one Holm family, as every other claim's comparisons over
// its streams are. Here Tabu − Flex-BF sits on each stream just inside the
// margin (one-sided p ≈ 0.02 each): each interval alone holds, but after
// Holm over the two streams neither does.
func TestClaimENonInferiorityHolm(t *testing.T) {
	const reps = 12
	flex := func(rep int) float64 { return 5 + float64(rep%4)/10 }
	noise := func(rep int) float64 { return 0.1 * float64(1-2*(rep%2)) }
	margin := SlowdownMargin * (5.15 + rank["flex"]) // of Flex-BF's mean
	se := math.Sqrt(0.01*reps/(reps-1)) / math.Sqrt(reps)
	shift := margin - 2.4*se // t = −2.4 on 11 degrees of freedom: p ≈ 0.018
	recs := synth(reps, map[string]func(string, string, int) float64{
		spaceshared.MSlowdown: func(a, w string, rep int) float64 {
			if a == "tabu" {
				return flex(rep) + rank["flex"] + shift + noise(rep)
			}
			return flex(rep) + rank[a]
		},
	})
	in := &claimInput{recs: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	rows := 0
	for _, c := range claimE(in) {
		if strings.HasSuffix(c.Scope, " (best)") {
			continue
		}
		rows++
		if d, _ := difference(recs, c.Scope, spaceshared.MSlowdown, "tabu", "flex"); !d.NonInferior(margin) {
			t.Fatalf("%s: the interval alone does not hold (%+v): the test's data are wrong", c.Scope, d)
		}
		if c.Held || !strings.Contains(c.Statistic, "p_Holm") {
			t.Errorf("claim (e) on %s held without Holm over the streams: %s", c.Scope, c.Statistic)
		}
	}
	if rows != 2 {
		t.Errorf("%d non-inferiority rows, want 2", rows)
	}
}

// TestAbstractTabuOverEGEDF: the abstract's "Tabu search optimization
// results in higher QoS and machine usage" is two halves against EG-EDF:
// fewer delayed jobs and a higher usage, each decided on every stream.
// Here Tabu delays fewer jobs but uses the machines less: the first half
// holds and the second does not.
func TestAbstractTabuOverEGEDF(t *testing.T) {
	recs := synth(12, map[string]func(string, string, int) float64{
		spaceshared.MDelayed: func(a, w string, rep int) float64 { return 10 + 5*rank[a] + float64(rep%3) },
		spaceshared.MUsage: func(a, w string, rep int) float64 {
			return 90 - rank[a] + float64(rep%4) - 3*b2f(a == "tabu")
		},
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	got := map[string]string{}
	for _, e := range buildLedger(in, checkClaims(in), recs) {
		if e.ID == "abs-tabu" {
			got[e.Scope] = e.Verdict
		}
	}
	want := map[string]string{"ia=1": analysis.VerdictHeld, "ia=5": analysis.VerdictHeld,
		"ia=1 (machine usage)": analysis.VerdictNotHeld, "ia=5 (machine usage)": analysis.VerdictNotHeld}
	if !maps.Equal(got, want) {
		t.Errorf("abs-tabu: %v, want %v", got, want)
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

// TestLoadTrendIsUnpaired: fig1-load compares each algorithm's delayed
// jobs on one stream with the next lighter one, whose instances come from
// seeds of their own: two independent samples. Here every repetition of
// the heavier stream sits half a point above the same repetition of the
// lighter one, which a signed-rank test over the repetitions would call
// significant, but the samples overlap: not held.
func TestLoadTrendIsUnpaired(t *testing.T) {
	recs := synth(12, map[string]func(string, string, int) float64{
		spaceshared.MDelayed: func(a, w string, rep int) float64 {
			if w == "ia=1" {
				return 10.5 + float64(rep)
			}
			return 10 + float64(rep)
		},
	})
	in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
	n := 0
	for _, e := range buildLedger(in, checkClaims(in), recs) {
		if e.ID != "fig1-load" {
			continue
		}
		n++
		if e.Verdict != analysis.VerdictNotHeld || !strings.HasPrefix(e.Statistic, "Mann–Whitney U") {
			t.Errorf("fig1-load %s: %s (%s), want not held on a Mann–Whitney test", e.Scope, e.Verdict, e.Statistic)
		}
	}
	if n == 0 {
		t.Fatal("no fig1-load row")
	}
}

// TestNoImproveReadOnUsage: short-noimprove, "the Tabu search and EG-EDF
// solutions do not improve, or improve very little, the previous
// schedule", is also read on the machine usage at the lightest stream, as
// an alternative reading: Tabu within ±UsageMargin points of EG-EDF holds
// it, Tabu 3 points above does not.
func TestNoImproveReadOnUsage(t *testing.T) {
	for _, c := range []struct {
		lift float64
		want string
	}{{0, analysis.VerdictHeld}, {3, analysis.VerdictNotHeld}} {
		recs := synth(12, map[string]func(string, string, int) float64{
			spaceshared.MUsage: func(a, w string, rep int) float64 {
				v := 90 + float64(rep%4) + 0.1*float64(rep%3)
				if a == "tabu" {
					v += c.lift + 0.05*float64(rep%2)
				}
				return v
			},
		})
		in := &claimInput{recs: recs, timings: recs, workloads: []string{"ia=1", "ia=5"}, algos: PaperAlgorithms}
		var got []analysis.LedgerEntry
		for _, e := range buildLedger(in, checkClaims(in), recs) {
			if e.ID == "short-noimprove/usage" {
				got = append(got, e)
			}
		}
		if len(got) != 1 || got[0].Verdict != c.want || got[0].Alternative != noImproveUsageReading || got[0].Scope != "ia=5 (machine usage)" {
			t.Errorf("Tabu %g points above EG-EDF: %+v, want one row on ia=5, %s, alternative", c.lift, got, c.want)
		}
	}
}
