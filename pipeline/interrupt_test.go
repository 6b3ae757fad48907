package pipeline_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/pipeline"
)

func init() {
	experiments.Register(interrupted{name: "halting", reports: reporting})
	experiments.Register(interrupted{name: "finishing", reports: finishingReports, finish: true})
}

// reporting and finishingReports hand over the halting and the finishing
// study's report's context, once their runs are done, to the test that
// interrupts it.
var reporting, finishingReports = make(chan context.Context, 1), make(chan context.Context, 1)

// interrupted is a toy study whose report waits to be interrupted. Then
// halting's fails, as a report that stops halfway; finishing's is
// written all the same, as the studies' reports are (they do not stop
// halfway).
type interrupted struct {
	toy
	name    string
	reports chan context.Context
	finish  bool
}

func (s interrupted) Name() string { return s.name }
func (s interrupted) Plan(cfg experiments.Config) (experiments.Plan, error) {
	return interruptedPlan{newToyPlan(s.name, cfg.Reps), s}, nil
}

type interruptedPlan struct {
	*toyPlan
	s interrupted
}

func (p interruptedPlan) Report(ctx context.Context, in experiments.ReportInput) (*experiments.ReportOutput, error) {
	p.s.reports <- ctx
	<-ctx.Done()
	if !p.s.finish {
		return nil, ctx.Err()
	}
	return p.toyPlan.Report(context.Background(), in)
}

// TestInterruptedReportSaysTheRunsAreSaved interrupts a study while it
// writes its report: the error says so in the user's words (the cause,
// where the runs are, what to do), not "report: context canceled", and
// the runs are on disk for the next call to reuse.
func TestInterruptedReportSaysTheRunsAreSaved(t *testing.T) {
	out := t.TempDir()
	err := interruptReport(out, false)
	runs := filepath.Join(pipeline.ResultsDir(out, "halting"), "runs.csv")
	want := "halting: interrupted while writing its report (interrupt signal received); its runs are saved in " + runs + ": run the same command again"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want it to begin %q", err, want)
	}
	if _, err := os.Stat(runs); err != nil {
		t.Fatalf("the runs are not saved: %v", err)
	}
	outs, err := pipeline.Reproduce(context.Background(), pipeline.Options{Only: []string{"halting"}, Out: out, Workers: 1, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	if m := outs[0].Result.Manifest; m.Reused != len(m.Runs) || m.Reused == 0 {
		t.Fatalf("the next call reused %d of %d runs, want all", m.Reused, len(m.Runs))
	}
}

// interruptReport reproduces the halting study into out (with --fresh
// when fresh) and interrupts it while it writes its report.
func interruptReport(out string, fresh bool) error {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		<-reporting
		cancel(errors.New("interrupt signal received"))
	}()
	_, err := pipeline.Reproduce(ctx, pipeline.Options{Only: []string{"halting"}, Out: out, Report: true, Workers: 1, Version: "test", Fresh: fresh})
	return err
}

// Interrupted under --fresh, the advice to run the same command again
// would set the runs saved aside once more: it says to run it again
// without --fresh.
func TestInterruptedFreshReportSaysWithoutFresh(t *testing.T) {
	out := t.TempDir()
	err := interruptReport(out, true)
	runs := filepath.Join(pipeline.ResultsDir(out, "halting"), "runs.csv")
	want := "halting: interrupted while writing its report (interrupt signal received); its runs are saved in " + runs + ": run the same command again without --fresh"
	if err == nil || !strings.HasPrefix(err.Error(), want) {
		t.Fatalf("error %v, want it to begin %q", err, want)
	}
}

// TestOneRunIsOneRun: the line that ends a study of one run says so in the
// singular.
func TestOneRunIsOneRun(t *testing.T) {
	var log strings.Builder
	if _, err := pipeline.Reproduce(context.Background(), pipeline.Options{Only: []string{"toy"}, Out: t.TempDir(), Workers: 1, Version: "test",
		Config: experiments.Config{Reps: 1}, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "toy: 1 run (0 reused), ") {
		t.Fatalf("no %q line:\n%s", "toy: 1 run (0 reused)", log.String())
	}
}

// TestInterruptAfterTheRunsSaysTheReportEnded: a Ctrl-C that comes once
// every run is done, while a report that does not stop halfway is being
// written, is not passed over in silence: the progress says the report
// was written to its end and every output is complete.
func TestInterruptAfterTheRunsSaysTheReportEnded(t *testing.T) {
	ctx, cancel := context.WithCancelCause(context.Background())
	defer cancel(nil)
	go func() {
		<-finishingReports
		cancel(errors.New("interrupt signal received"))
	}()
	var log strings.Builder
	if _, err := pipeline.Reproduce(ctx, pipeline.Options{Only: []string{"finishing"}, Out: t.TempDir(), Report: true, Workers: 1, Version: "test", Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if want := "interrupted (interrupt signal received) once every run was done: the report was written to its end, and every output is complete"; !strings.Contains(log.String(), want) {
		t.Fatalf("progress lacks %q:\n%s", want, log.String())
	}
}
