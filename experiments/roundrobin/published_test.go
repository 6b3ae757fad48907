package roundrobin

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/report"
)

// §8's two published numbers, its data sets' sizes (3% and 5% of
// AuverGrid: 12125 and 20208 processes), are reported as published values
// in all three places the other studies report theirs: the ledger (so
// the claims file's published_values), the page and the headline, each
// mismatch with its explanation (another trace stands in for AuverGrid).
// They were in the workbook's Summary alone: claims.json counted 0
// published values, and neither page nor headline named them.
func TestSection8SizesAreReportedAsPublishedValues(t *testing.T) {
	root := syntheticRoot(t, 3000)
	isolate(t, root)
	path, src, err := FindTrace(root)
	if err != nil {
		t.Fatal(err)
	}
	c := DefaultConfig(src.Rel, 3000, false)
	c.Counts, c.Slaves, c.Ablation, c.Sweep = nil, []int{2, 4}, nil, Sweep{}
	pl, err := PlanConfig(c, path, src, 2)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	res, err := bench.Execute(context.Background(), pl.Bench(), pl.Execute, bench.Options{Dir: filepath.Join(dir, "results"), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	out, err := pl.Report(context.Background(), experiments.ReportInput{Result: res, PaperDir: filepath.Join(dir, "paper")})
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Compared) != 2 || out.Compared[0].Match || out.Compared[1].Match {
		t.Fatalf("compared %+v: want 3%% and 5%% (90 and 150 records), neither matching", out.Compared)
	}
	_, pub := analysis.SplitKinds(out.Ledger)
	if len(pub) != 2 {
		t.Fatalf("%d published values in the ledger, want 2", len(pub))
	}
	for i, e := range pub {
		cmp := out.Compared[i]
		if e.Verdict != analysis.VerdictNotHeld || !strings.Contains(e.Statistic, "published "+report.FormatFloat(cmp.Published, 0)) ||
			!strings.Contains(e.Note, "404176") || !strings.Contains(e.Note, "stands in") {
			t.Errorf("published value %+v: want not held, with the published count and why", e)
		}
	}
	if c := analysis.Count(pub); c.NotHeld != 2 {
		t.Errorf("published values counted %+v", c)
	}
	for _, want := range []string{"2 published values: 0 held, 2 not held", "§8's data sets are 3% and 5% of AuverGrid (12125 and 20208 processes); on LCG-2005-1, which stands in for it, 90 and 150 records"} {
		if !strings.Contains(out.Headline, want) {
			t.Errorf("headline %q lacks %q", out.Headline, want)
		}
	}
	var page strings.Builder
	if err := report.WritePageMarkdown(&page, out.Model); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Published numbers: the data sets' sizes", "| 3% | 12125 | 90 | no |", "| 5% | 20208 | 150 | no |", "| S8-3% |"} {
		if !strings.Contains(page.String(), want) {
			t.Errorf("page lacks %q", want)
		}
	}
}

// On AuverGrid, 3% and 5% of its 404,176 jobs are the published counts.
func TestSection8SizesMatchOnAuverGrid(t *testing.T) {
	r := &reporter{cfg: Config{TraceJobs: AuverGridJobs}, src: Sources[0], ws: []Workload{{WorkloadID(Pct(3), 16), Pct(3), 16}, {WorkloadID(Pct(5), 16), Pct(5), 16}}}
	r.cmp = r.compared()
	if len(r.cmp) != 2 || !r.cmp[0].Match || !r.cmp[1].Match {
		t.Errorf("compared %+v: want both sizes matching", r.cmp)
	}
	for _, e := range r.publishedEntries() {
		if e.Verdict != analysis.VerdictHeld || e.Kind != analysis.KindPublished {
			t.Errorf("%+v: want a held published value", e)
		}
	}
}
