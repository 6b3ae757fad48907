package pipeline_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
	"github.com/gridbench/gridbench/report"
)

// A throwaway output format, registered from outside the package the way
// a new format file registers itself: the page as plain text beside its
// other forms, and each table as tab-separated values.
func init() {
	pipeline.RegisterFormat("plaintext", pipeline.Format{
		Study: func(t pipeline.Target, rep *experiments.ReportOutput) error {
			p := filepath.Join(t.PageDir(), rep.Model.ID+".txt")
			if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
				return err
			}
			var b strings.Builder
			fmt.Fprintln(&b, rep.Model.Title)
			for _, tb := range rep.Model.Tables() {
				writeTSV(&b, tb)
			}
			return os.WriteFile(p, []byte(b.String()), 0o644)
		},
		TableExt: ".tsv",
		Table: func(w io.Writer, t *report.Table) error {
			writeTSV(w, t)
			return nil
		},
	})
	experiments.Register(toy{})
}

func writeTSV(w io.Writer, t *report.Table) {
	fmt.Fprintln(w, strings.Join(t.Columns, "\t"))
	for _, r := range t.Rows {
		cells := make([]string, len(r))
		for i, c := range r {
			cells[i] = c.Text
		}
		fmt.Fprintln(w, strings.Join(cells, "\t"))
	}
}

// toy is a study of two runs whose one metric is drawn from the run's
// seed, so its page depends on runs.csv.
type toy struct{}

func (toy) Name() string     { return "toy" }
func (toy) Title() string    { return "A throwaway study" }
func (toy) DefaultReps() int { return 2 }
func (toy) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return newToyPlan("toy", cfg.Reps), nil
}

// newToyPlan is the plan of a toy study named name.
func newToyPlan(name string, reps int) *toyPlan {
	p := &toyPlan{}
	p.b = bench.Plan{Experiment: name, Config: struct{ Kind string }{name}}
	for rep := range reps {
		p.b.Runs = append(p.b.Runs, bench.NewRun(name, "w", "a", rep))
	}
	return p
}

// defaultPlan is study's plan under its default configuration, for
// Rerender.
func defaultPlan(study string) (experiments.Plan, error) {
	e, err := experiments.Lookup(study)
	if err != nil {
		return nil, err
	}
	return e.Plan(experiments.Config{}.Filled(e))
}

type toyPlan struct{ b bench.Plan }

func (p *toyPlan) Bench() bench.Plan { return p.b }
func (p *toyPlan) Execute(_ context.Context, r bench.Run) (bench.Output, error) {
	return bench.Output{Metrics: []bench.Metric{{Name: "m", Value: float64(r.Seed % 1000)}}}, nil
}
func (p *toyPlan) Report(_ context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	page := &report.Page{ID: p.b.Experiment, Title: "Toy"}
	t := &report.Table{ID: "values", Columns: []string{"rep", "m"}}
	for _, r := range in.Result.Records {
		t.AddRow(report.Int(r.Rep), report.Num(r.Value, 0))
	}
	page.Add(t)
	return &experiments.ReportOutput{Model: page, Headline: "toy values"}, nil
}

// TestRegisteredFormat: a format registered from outside the package is
// written by Reproduce for every study, its files listed in the outputs
// manifest, re-rendered and compared by verify's Rerender, and a change
// to one of its files is found there.
func TestRegisteredFormat(t *testing.T) {
	if !slices.Contains(pipeline.Formats(), "plaintext") {
		t.Fatalf("Formats() = %q, lacks plaintext", pipeline.Formats())
	}
	out := t.TempDir()
	ctx := context.Background()
	if _, err := pipeline.Reproduce(ctx, pipeline.Options{Only: []string{"toy"}, Out: out, Report: true, Workers: 1, Version: "test"}); err != nil {
		t.Fatal(err)
	}
	txt := filepath.Join(pipeline.ResultsDir(out, "toy"), "page", "toy.txt")
	b, err := os.ReadFile(txt)
	if err != nil {
		t.Fatalf("the registered format wrote no page: %v", err)
	}
	if !strings.HasPrefix(string(b), "Toy\nrep\tm\n0\t") {
		t.Errorf("toy.txt:\n%s", b)
	}
	tsv := filepath.Join(pipeline.ResultsDir(out, "toy"), "tables", "values.tsv")
	if _, err := os.Stat(tsv); err != nil {
		t.Errorf("the registered table form wrote no table: %v", err)
	}

	o, ps := pipeline.CheckOutputs(out)
	if len(ps) > 0 {
		t.Fatalf("CheckOutputs: %v", ps)
	}
	var listed []string
	for _, f := range o.Study("toy").Files {
		listed = append(listed, f.Path)
	}
	for _, want := range []string{"results/toy/page/toy.txt", "results/toy/tables/values.tsv", "results/toy/tables/values.json", "paper/toy.md"} {
		if !slices.Contains(listed, want) {
			t.Errorf("outputs manifest lacks %s: %q", want, listed)
		}
	}

	rerender := func() []string {
		t.Helper()
		ps, n, err := pipeline.Rerender(ctx, out, o, defaultPlan, 1, nil)
		if err != nil {
			t.Fatal(err)
		}
		if n < len(listed) {
			t.Errorf("%d files compared, want at least the study's %d", n, len(listed))
		}
		var texts []string
		for _, p := range ps {
			rel, _ := filepath.Rel(out, p.File)
			texts = append(texts, filepath.ToSlash(rel)+": "+p.Text)
		}
		return texts
	}
	if got := rerender(); len(got) > 0 {
		t.Fatalf("untouched folder: %q", got)
	}
	// Both are text: the difference is named by its line.
	os.WriteFile(txt, append(b, "edited\n"...), 0o644)
	os.WriteFile(tsv, []byte("rep\tm\n"), 0o644)
	got := rerender()
	want := []string{"results/toy/page/toy.txt: line 5: ", "results/toy/tables/values.tsv: line 2: "}
	if len(got) != len(want) {
		t.Fatalf("edited toy.txt and values.tsv: %q, want one difference in each", got)
	}
	slices.Sort(got)
	for i, w := range want {
		if !strings.HasPrefix(got[i], w) {
			t.Errorf("difference %q, want %s…", got[i], w)
		}
	}
}
