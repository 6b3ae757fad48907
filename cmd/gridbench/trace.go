package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strings"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/generators/trace"
	"github.com/gridbench/gridbench/internal/atomicfile"
	"github.com/gridbench/gridbench/internal/datadir"
)

func init() { register(traceCommand) }

func traceCommand() *cli.Command {
	return &cli.Command{
		Name:  "trace",
		Usage: "inspect SWF and GWF workload traces",
		Subcommands: []*cli.Command{{
			Name:      "stats",
			Usage:     "summarise a trace and compute its 1024 s count process (Shah et al. 2012, Figure 2)",
			ArgsUsage: "FILE  (.swf, .gwf, optionally .gz; a path below the data root also works)",
			Flags: []cli.Flag{
				&cli.StringFlag{Name: "counts-out", Usage: "write the per-window job counts as CSV `FILE` (window,start,count)"},
				&cli.StringFlag{Name: "acf-out", Usage: "write the autocorrelation of the counts as CSV `FILE` (lag,lag_seconds,acf)"},
				&cli.StringFlag{Name: "fft-out", Usage: "write the FFT magnitude of the autocorrelation as CSV `FILE` (bin,cycles_per_day,period_hours,magnitude)"},
				&cli.IntFlag{Name: "max-lag", Usage: "largest autocorrelation lag in windows (0: half the number of windows)"},
				&cli.Float64Flag{Name: "window", Value: trace.DefaultWindow, Usage: "count window width in seconds (at most 4194304 windows over the trace's span)"},
				&cli.StringFlag{Name: "data", Usage: "data root `DIR` to resolve FILE against when it is not a path that exists", Action: dataDirsExist},
			},
			Action: traceStats,
		}},
	}
}

func traceStats(c *cli.Context) error {
	if c.NArg() != 1 {
		return fmt.Errorf("trace stats takes one FILE, got %s %q", arguments(c.NArg()), c.Args().Slice())
	}
	maxLag, width := c.Int("max-lag"), c.Float64("window")
	if maxLag < 0 {
		return fmt.Errorf("--max-lag %d: must be >= 0 (0 means half the number of windows)", maxLag)
	}
	if !(width > 0 && width <= math.MaxFloat64) {
		return fmt.Errorf("--window %v: must be > 0 seconds and finite", width)
	}
	path := c.Args().First()
	if _, err := os.Stat(path); errors.Is(err, os.ErrNotExist) {
		found, ferr := datadir.Find(c.String("data"), path, "")
		if ferr != nil {
			return fmt.Errorf("%s: no such file (also %v)", path, ferr)
		}
		path = found
	}
	if err := checkOutputs(c, path, "counts-out", "acf-out", "fft-out"); err != nil {
		return err
	}
	r, err := trace.Open(path)
	if err != nil {
		return err
	}
	defer r.Close()
	s, err := trace.Analyze(r)
	if err != nil {
		return err
	}
	if s.Jobs == 0 {
		return noJobs(path, 0, "")
	}
	// The windows first: a --window too narrow for the trace's span is
	// an error, and it once came after the whole summary on stdout.
	win, err := trace.CountWindows(s.Submits, width)
	if err != nil {
		return fmt.Errorf("%s: --window %g: %w", path, width, err)
	}
	if err := s.WriteText(c.App.Writer); err != nil {
		return err
	}
	if maxLag == 0 {
		maxLag = len(win.Counts) / 2
	}
	acf := trace.Autocorrelation(win.Series(), maxLag)
	spec := trace.Spectrum(acf, width)
	fmt.Fprintf(c.App.Writer, "\ncount process: %d windows of %g s from %s; autocorrelation lags 0..%d\n",
		len(win.Counts), width, trimFloat(win.Start), max(len(acf)-1, 0))
	// Slow trends dominate long traces, so the strongest component at half
	// a cycle per day or faster (where the daily rhythm lives) is shown too.
	for _, band := range []struct {
		label string
		min   float64
	}{{"strongest spectral component", 0}, {"strongest above 0.5 cycles/day", 0.5}} {
		if p, ok := trace.Peak(spec, band.min); ok && len(acf) > 1 {
			fmt.Fprintf(c.App.Writer, "%-31s %.3f cycles/day (period %.1f h), resolution %.3f cycles/day\n",
				band.label+":", p.Freq, p.Period, spec[1].Freq)
		}
	}

	for _, out := range []struct {
		flag  string
		write func(io.Writer) error
	}{
		{"counts-out", func(w io.Writer) error { return trace.WriteCountsCSV(w, win) }},
		{"acf-out", func(w io.Writer) error { return trace.WriteACFCSV(w, acf, width) }},
		{"fft-out", func(w io.Writer) error { return trace.WriteSpectrumCSV(w, spec) }},
	} {
		if name := c.String(out.flag); name != "" {
			if err := atomicfile.Write(name, out.write); err != nil {
				return fmt.Errorf("--%s: %w", out.flag, err)
			}
		}
	}
	return nil
}

// checkMaxJobs refuses a --max-jobs that selects nothing; left out, it
// means every job.
func checkMaxJobs(c *cli.Context, cmd string) error {
	if n := c.Int("max-jobs"); c.IsSet("max-jobs") && n < 1 {
		return fmt.Errorf("%s: --max-jobs %d selects no job: give 1 or more, or leave it out for every job", cmd, n)
	}
	return nil
}

// noJobs is the error for a trace that yields no job to work on: records
// is how many job records were read (all skipped, for the reason why), or
// 0 for a trace without any.
func noJobs(path string, records int, why string) error {
	if records == 0 {
		return fmt.Errorf("%s: no job records (an empty trace, or header and comment lines only): nothing to work on", path)
	}
	return fmt.Errorf("%s: all %d job records were skipped (%s): nothing to simulate", path, records, why)
}

func trimFloat(v float64) string { return strings.TrimSuffix(fmt.Sprintf("%.3f", v), ".000") }
