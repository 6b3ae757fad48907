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
	plan := func(study string) (experiments.Plan, error) {
		e, err := experiments.Lookup(study)
		if err != nil {
			return nil, err
		}
		return e.Plan(experiments.Config{}.Filled(e))
	}
	if ps, _, err := pipeline.Rerender(ctx, out, o, plan, 1, nil); err != nil || len(ps) > 0 {
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
