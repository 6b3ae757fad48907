package pipeline_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
)

func init() { experiments.Register(toy2{}) }

// toy2 is toy under another name.
type toy2 struct{ toy }

func (toy2) Name() string { return "toy2" }
func (toy2) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return newToyPlan("toy2", cfg.Reps), nil
}

// A reproduction of one study into a folder whose workbook held another
// keeps that one's sheets: its report is made again from its results
// (the workbook held the last reproduction's studies alone, and
// `reproduce --only X` left 7 of 33 sheets). Where its results cannot be
// read, the progress says the workbook lost it.
func TestWorkbookKeepsTheStudiesItHeld(t *testing.T) {
	out := t.TempDir()
	ctx := context.Background()
	reproduce := func(only string) string {
		t.Helper()
		var progress bytes.Buffer
		if _, err := pipeline.Reproduce(ctx, pipeline.Options{Only: []string{only}, Out: out, Report: true, Workers: 1, Version: "test", Progress: &progress}); err != nil {
			t.Fatal(err)
		}
		return progress.String()
	}
	studies := func() []string {
		t.Helper()
		f, err := excelize.OpenFile(pipeline.WorkbookPath(out))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rows, err := f.GetRows("Stats")
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, r := range rows[1:] {
			got = append(got, r[0])
		}
		return slices.Compact(got)
	}
	reproduce("toy")
	if p := reproduce("toy2"); !strings.Contains(p, "the workbook keeps toy, its report made again from its results") {
		t.Errorf("progress:\n%s", p)
	}
	o, ps := pipeline.CheckOutputs(out)
	if len(ps) > 0 || !slices.Equal(o.Workbook, []string{"toy", "toy2"}) {
		t.Fatalf("outputs manifest's workbook %q (%v), want [toy toy2]", o.Workbook, ps)
	}
	if got := studies(); !slices.Equal(got, []string{"toy", "toy2"}) {
		t.Errorf("the workbook's Stats sheet holds %q, want [toy toy2]", got)
	}
	if ps, _, err := pipeline.Rerender(ctx, out, o, defaultPlan, 1, nil); err != nil || len(ps) > 0 {
		t.Errorf("verify's re-rendering: %v %v", ps, err)
	}

	os.Remove(filepath.Join(pipeline.ResultsDir(out, "toy"), "runs.csv"))
	if p := reproduce("toy2"); !strings.Contains(p, "but for toy (") || !strings.Contains(p, "their sheets are no longer in it") {
		t.Errorf("progress, toy's runs.csv gone:\n%s", p)
	}
	if got := studies(); !slices.Equal(got, []string{"toy2"}) {
		t.Errorf("the workbook's Stats sheet holds %q, want [toy2]", got)
	}
}

// TestMovedFolderVerifiesAfterOnly: a study's LaTeX names the output
// folder it was written in. After the folder moved, `reproduce --only` of
// one study rewrites that study's pages for the new place and leaves the
// other's as they were; verify re-renders each with the place it was
// written in (it re-rendered the other's with the new one, and reported
// its untouched .tex as differing).
func TestMovedFolderVerifiesAfterOnly(t *testing.T) {
	ctx := context.Background()
	base := t.TempDir()
	first := filepath.Join(base, "first")
	reproduce := func(out string, only ...string) {
		t.Helper()
		if _, err := pipeline.Reproduce(ctx, pipeline.Options{Only: only, Out: out, Report: true, Workers: 1, Version: "test"}); err != nil {
			t.Fatal(err)
		}
	}
	reproduce(first, "toy", "toy2")
	moved := filepath.Join(base, "moved")
	if err := os.Rename(first, moved); err != nil {
		t.Fatal(err)
	}
	reproduce(moved, "toy")
	o, ps := pipeline.CheckOutputs(moved)
	if len(ps) > 0 {
		t.Fatalf("CheckOutputs: %v", ps)
	}
	ps, n, err := pipeline.Rerender(ctx, moved, o, defaultPlan, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 || len(ps) > 0 {
		t.Errorf("%d files compared; differences %v, want none", n, ps)
	}
	tex, err := os.ReadFile(filepath.Join(pipeline.ResultsDir(moved, "toy2"), "page", "toy2.tex"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(tex), first) {
		t.Errorf("toy2.tex no longer names the folder it was written in (%s):\n%s", first, tex)
	}
}
