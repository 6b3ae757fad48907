package deadline

import (
	"maps"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/report"
	"github.com/gridbench/gridbench/spaceshared"
)

// clocksApart are results whose two clocks disagree in every way the
// timings page could show: the CPU time per decision is in microseconds
// and grows by 2+rep from ia=5 to ia=1 in repetition rep (mean growth
// 4.5 over six repetitions; the ratio of the means is 5.3), the wall
// clock is in milliseconds and grows by 7; their slopes and correlations
// on the queue differ too.
func clocksApart(t *testing.T) (pl *Plan, sum *summary, timings []analysis.Record) {
	t.Helper()
	const reps = 6
	pl, err := PlanConfig(DefaultConfig(true), reps)
	if err != nil {
		t.Fatal(err)
	}
	var recs []analysis.Record
	add := func(to *[]analysis.Record, w, a string, rep int, m string, v float64) {
		*to = append(*to, analysis.Record{Experiment: Name, Workload: w, Algorithm: a, Rep: rep, Metric: m, Value: v})
	}
	for _, w := range []string{"ia=1", "ia=5"} {
		heavy := w == "ia=1"
		for rep := range reps {
			for _, a := range PaperAlgorithms {
				level := 1 + rank[a]
				cpu, wall, queue := 1e-6*level*float64(1+rep), 1e-3*level, 10+rank[a]
				if heavy {
					cpu, wall, queue = cpu*float64(2+rep), wall*7, 1000+rank[a]
				}
				add(&recs, w, a, rep, spaceshared.MQueuePerDec, queue)
				add(&recs, w, a, rep, spaceshared.MWorkPerDec, level)
				add(&timings, w, a, rep, spaceshared.TCPUPerDec, cpu)
				add(&timings, w, a, rep, spaceshared.TSecPerDec, wall)
				add(&timings, w, a, rep, spaceshared.TCPUSlope, 2e-9*level)
				add(&timings, w, a, rep, spaceshared.TWallSlope, 5e-9*level)
				add(&timings, w, a, rep, spaceshared.TCPUSpearman, 0.25)
				add(&timings, w, a, rep, spaceshared.TWallSpearman, 0.75)
			}
		}
	}
	return pl, pl.summarize(&bench.Result{Records: recs, Timings: timings}), timings
}

// meanOf is the mean over the repetitions of metric for one stream and
// algorithm, computed here from the records themselves.
func meanOf(recs []analysis.Record, w, a, metric string) float64 {
	var s, n float64
	for _, r := range recs {
		if r.Workload == w && r.Algorithm == a && r.Metric == metric {
			s, n = s+r.Value, n+1
		}
	}
	return s / n
}

// section is the markdown of page from the heading that starts with
// heading to the next heading of its level.
func section(t *testing.T, page, heading string) string {
	t.Helper()
	i := strings.Index(page, "\n"+heading)
	if i < 0 {
		t.Fatalf("no heading %q in\n%s", heading, page)
	}
	rest := page[i+1:]
	if j := strings.Index(rest[len(heading):], "\n## "); j >= 0 {
		return rest[:len(heading)+j]
	}
	return rest
}

// rows are the cells of the markdown table rows of s that start with
// first, one table after another.
func rows(t *testing.T, s, first string) [][]string {
	t.Helper()
	var out [][]string
	for _, line := range strings.Split(s, "\n") {
		if strings.HasPrefix(line, "| "+first+" |") {
			cells := strings.Split(strings.Trim(line, "| "), " | ")
			for i := range cells {
				cells[i] = strings.Trim(cells[i], "*")
			}
			out = append(out, cells)
		}
	}
	if len(out) == 0 {
		t.Fatalf("no row %q in\n%s", first, s)
	}
	return out
}

// TestTimingsPageShowsCPUTime: Figures 5 and 5c's tables show the
// scheduler's CPU time per decision, what the paper measured ("the system
// CPU time spent at each scheduling event") and what the runtime claims
// are decided on, with the growth factor the claims test (the mean of the
// per-repetition factors); the wall clock is shown beside it, labelled as
// such. They showed the wall clock.
func TestTimingsPageShowsCPUTime(t *testing.T) {
	pl, sum, timings := clocksApart(t)
	dir := t.TempDir()
	if err := writeTimings(dir, sum, true, pl.Reps); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, TimingsPage))
	if err != nil {
		t.Fatal(err)
	}
	page := string(b)
	us := func(w, a, metric string) string { return report.FormatFloat(meanOf(timings, w, a, metric)*1e6, 2) }

	fig5 := section(t, page, "## Figure 5:")
	if h := strings.SplitN(fig5, "\n", 2)[0]; !strings.Contains(h, "CPU time") {
		t.Errorf("Figure 5's heading does not say it shows the CPU time: %q", h)
	}
	ia1 := rows(t, fig5, "ia=1")
	for k, metric := range []string{spaceshared.TCPUPerDec, spaceshared.TSecPerDec} { // Figure 5's table, then the wall clock's
		if len(ia1) <= k {
			t.Errorf("Figure 5: no table of %s", metric)
			continue
		}
		for i, a := range sum.algos {
			if want := us("ia=1", a, metric) + " ± "; !strings.HasPrefix(ia1[k][1+i], want) {
				t.Errorf("Figure 5's table %d, ia=1, %s: %q, want %s %s… µs", k+1, Label(a), ia1[k][1+i], metric, want)
			}
		}
	}

	cost := section(t, page, "## Figure 5c:")
	fcfs := rows(t, cost, "FCFS")
	for k, want := range [][]string{
		{"FCFS", us("ia=5", "fcfs", spaceshared.TCPUPerDec), us("ia=1", "fcfs", spaceshared.TCPUPerDec),
			"4.5", // the mean of the factors 2..7 the claims test: not the ratio of the means (5.3) nor the wall clock's 7
			"10.00", "0.25"},
		{"FCFS", us("ia=5", "fcfs", spaceshared.TSecPerDec), us("ia=1", "fcfs", spaceshared.TSecPerDec), "7.0", "25.00", "0.75"},
	} {
		if len(fcfs) <= k || strings.Join(fcfs[k], " | ") != strings.Join(want, " | ") {
			t.Errorf("cost table %d, FCFS:\n got %q\nwant %q", k+1, fcfs, want)
		}
	}
	claims := meanGrowth(timings, spaceshared.TCPUPerDec, []string{"ia=1", "ia=5"}, []string{"fcfs"})["fcfs"]
	if g := sum.growth[spaceshared.TCPUPerDec]["fcfs"]; g != claims || report.FormatFloat(g, 1) != "4.5" {
		t.Errorf("the cost table's growth %v, the claims' factors' mean %v, want both 4.5", g, claims)
	}
	for _, h := range []string{"| algorithm | CPU µs/decision ia=5 | CPU µs/decision ia=1 | CPU growth × | CPU ns per queued job (slope) | ρ(CPU, queue) |",
		"| algorithm | wall µs/decision ia=5 | wall µs/decision ia=1 | wall growth × | wall ns per queued job (slope) | ρ(wall, queue) |"} {
		if !strings.Contains(cost, h) {
			t.Errorf("the cost tables have no header %q", h)
		}
	}
	noWallRuntime(t, TimingsPage, page)
}

// TestTimingsFiguresDrawCPUTime: Figures 5 and 5c draw the CPU time per
// decision, in microseconds.
func TestTimingsFiguresDrawCPUTime(t *testing.T) {
	_, sum, timings := clocksApart(t)
	figs := timingsFigures(sum)
	if len(figs) != 2 || figs[0].file != "fig5-runtime" || figs[1].file != "fig5c-runtime-queue" {
		t.Fatalf("figures %+v", figs)
	}
	for _, f := range figs {
		if len(f.series) != len(sum.algos) {
			t.Errorf("%s: %d lines, want one per algorithm (%d)", f.file, len(f.series), len(sum.algos))
			continue
		}
		for i, se := range f.series {
			a := sum.algos[i]
			want := map[float64]bool{} // one point per stream, in either order
			for _, w := range []string{"ia=1", "ia=5"} {
				want[meanOf(timings, w, a, spaceshared.TCPUPerDec)*1e6] = true
			}
			got := map[float64]bool{}
			for _, y := range se.Y {
				got[y] = true
			}
			if !maps.Equal(got, want) {
				t.Errorf("%s, %s: points %v µs, want the CPU times per decision %v", f.file, se.Name, se.Y, want)
			}
		}
	}
}

// TestPageRuntimeIsCPUTime: the committed page says what runtime is, the
// scheduler's CPU time per decision; it called it the wall clock (its
// definition, Figure 5's paragraph, an interpretation, the ledger's lead).
func TestPageRuntimeIsCPUTime(t *testing.T) {
	pl, sum, _ := clocksApart(t)
	pg, _, _ := page(pl.Config, pl.Reps, pl.SideReps, sum)
	var b strings.Builder
	if err := report.WritePageMarkdown(&b, pg); err != nil {
		t.Fatal(err)
	}
	md := b.String()
	noWallRuntime(t, "paper/"+Name+".md", md)
	if !strings.Contains(md, "**Runtime per decision**: CPU seconds of the scheduler's thread") || !strings.Contains(md, "(timings.csv `cpu_seconds_per_decision`)") {
		t.Error("the page's definition of runtime per decision is not the scheduler's CPU time (cpu_seconds_per_decision)")
	}
}

// noWallRuntime fails when a line of page speaks of the wall clock without
// saying that runtime is the CPU time (table rows aside: each column or
// cell names its clock).
func noWallRuntime(t *testing.T, name, page string) {
	t.Helper()
	for _, line := range strings.Split(page, "\n") {
		l := strings.ReplaceAll(strings.ToLower(line), "walltime", "")
		if strings.HasPrefix(line, "|") || !strings.Contains(l, "wall") {
			continue
		}
		if !strings.Contains(line, "CPU") {
			t.Errorf("%s calls runtime the wall clock: %q", name, line)
		}
	}
}

// TestWorkGrowthIsTheClaims: the committed page's growth × of the work
// counter is the mean over the repetitions of each repetition's factor,
// the factor the ledger's claims test and quote ("means … vs …"), not the
// ratio of the two streams' means. Here the work per decision grows by
// 2+rep in repetition rep from a level of 1+rep: the factors average
// 4.5, the ratio of the means is 5.33.
func TestWorkGrowthIsTheClaims(t *testing.T) {
	const reps = 6
	pl, err := PlanConfig(DefaultConfig(true), reps)
	if err != nil {
		t.Fatal(err)
	}
	var recs []analysis.Record
	for _, w := range []string{"ia=1", "ia=5"} {
		for rep := range reps {
			for _, a := range PaperAlgorithms {
				work := float64(1 + rep)
				if w == "ia=1" {
					work *= float64(2 + rep)
				}
				recs = append(recs, analysis.Record{Experiment: Name, Workload: w, Algorithm: a, Rep: rep, Metric: spaceshared.MWorkPerDec, Value: work},
					analysis.Record{Experiment: Name, Workload: w, Algorithm: a, Rep: rep, Metric: spaceshared.MQueuePerDec, Value: 10})
			}
		}
	}
	sum := pl.summarize(&bench.Result{Records: recs})
	for _, a := range PaperAlgorithms {
		if g := sum.workGrowth[a]; !(g > 4.4999 && g < 4.5001) {
			t.Errorf("%s: work growth × %v, want 4.5 (the mean of the repetitions' factors; 5.33 is the ratio of the means)", a, g)
		}
	}
}
