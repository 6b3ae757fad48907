package main

import (
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/experiments"
	"github.com/gridbench/gridbench/experiments/filestudy"
	"github.com/gridbench/gridbench/pipeline"
)

func init() { register(verifyCommand) }

func verifyCommand() *cli.Command {
	return &cli.Command{
		Name:      "verify",
		Usage:     "check an output folder: its files, manifests and runs (a sample re-computed), its report re-rendered",
		ArgsUsage: "DIR",
		Description: "For artefact evaluation, on the --out folder of a reproduce or study run. In order:\n" +
			"1. What the folder holds, against results/outputs.json (written by reproduce: every study and every file it wrote, " +
			"with SHA-256) and each results/<experiment>/manifest.json (runs.csv, series.csv): a study folder or file gone, changed " +
			"or not listed (a results folder, or a file in paper/figures named after a listed study, such as a PDF an earlier run " +
			"left) is named at once, and nothing is re-computed.\n" +
			"2. Each manifest: made by this version, its configuration hash that of the configuration it records, the study file " +
			"and inputs it names unchanged, and this build plans exactly that configuration, runs and seeds. The data is looked up " +
			"in --data, else in the folders the manifest records the runs looked in, wherever verify is started.\n" +
			"3. Completeness: every planned run is in runs.csv once with every metric its workload and algorithm produce, and " +
			"nothing else.\n" +
			"4. A sample of the runs re-computed (--fraction of each workload × algorithm's runs, at least one, drawn afresh each " +
			"time from a printed seed that --seed repeats; --all for every run), every metric and series sample compared, and a study's jobs files (jobs_out) byte for byte.\n" +
			"5. Every page, claims file, table, figure, the index and the workbook re-rendered from runs.csv, series.csv and " +
			"timings.csv, and compared with the files on disk: text line by line, the workbook cell by cell, PNG and PDF figures " +
			"byte for byte (their data is in the SVG, compared line by line). The first difference of each file is named.\n" +
			"What the default proves: no study or file the outputs manifest lists is missing or changed since reproduce wrote " +
			"it, and no study folder was added (digests forged as well get past step 1, not the next ones); every page, claims file, table, figure and the workbook is what this build makes of runs.csv, " +
			"series.csv and timings.csv, digests forged or not; and every workload × algorithm reproduces in at least one run. " +
			"What it does not prove: that the runs left out of the sample are the ones this build computes — a value of runs.csv " +
			"or series.csv edited outside the sample, with the digests forged to match, passes; --all re-computes every run " +
			"and finds it. timings.csv holds measured times (wall clock, CPU time), which no re-computation reproduces: only its digest is checked.\n" +
			"Exits 1 naming every difference, or prints \"... all identical\".",
		Flags: append(someRunFlags(func(n string) bool { return n == "j" }),
			&cli.StringFlag{Name: "data", Usage: "folder holding the data sets",
				DefaultText: "the folders the results' manifests record the runs looked in, then $GRIDBENCH_DATA, ./data, ../shared/data", Action: dataDirsExist},
			&cli.BoolFlag{Name: "all", Usage: "re-compute every recorded run"},
			&cli.Float64Flag{Name: "fraction", Value: 0.05, Usage: "share of each workload × algorithm's runs to re-compute (at least one)"},
			&cli.Uint64Flag{Name: "seed", Usage: "draw the sample of an earlier verify again", DefaultText: "a fresh seed, printed"},
		),
		Action: func(c *cli.Context) error {
			if c.NArg() != 1 {
				return fmt.Errorf("verify needs one results folder (the --out of a reproduce or study run), got %s", arguments(c.NArg()))
			}
			if f := c.Float64("fraction"); !(f > 0 && f <= 1) {
				return fmt.Errorf("--fraction %v: must be in (0, 1]; --all re-computes every run", f)
			}
			if c.Bool("all") && (c.IsSet("seed") || c.IsSet("fraction")) {
				return errors.New("--all re-computes every run: it takes no --seed or --fraction")
			}
			if err := checkRunFlags(c); err != nil {
				return err
			}
			return verify(c, c.Args().First())
		},
	}
}

func verify(c *cli.Context, out string) error {
	if pid, busy := bench.Writer(out, bench.LockFile); busy {
		// Its files are being replaced: a difference found now would be
		// the writer's work in progress, not an edit.
		return fmt.Errorf("%s is being written by process %s (lock %s): verify it once that command ends",
			out, pid, filepath.Join(out, bench.LockFile))
	}
	dirs, err := resultFolders(out)
	if err != nil {
		return err
	}
	opts := bench.VerifyOptions{All: c.Bool("all"), Fraction: c.Float64("fraction"), Seed: c.Uint64("seed"),
		Version: version, Workers: c.Int("j"), Progress: c.App.ErrWriter}
	if !opts.All {
		if !c.IsSet("seed") {
			var b [8]byte
			if _, err := rand.Read(b[:]); err != nil {
				return err
			}
			opts.Seed = binary.LittleEndian.Uint64(b[:])
		}
	}
	// First what needs no computing: the folder against its outputs
	// manifest, each runs.csv and series.csv against its manifest.
	outputs, oprobs := pipeline.CheckOutputs(out)
	if len(oprobs) > 0 {
		n := len(oprobs)
		for _, p := range oprobs {
			fmt.Fprintf(c.App.Writer, "%s: %s\n", p.File, p.Text)
		}
		for _, dir := range dirs {
			for _, p := range bench.CheckDigests(dir) {
				fmt.Fprintln(c.App.Writer, p)
				n++
			}
		}
		return fmt.Errorf("%s: %d files or folders do not match the outputs manifest or their manifests (listed above); nothing was re-computed", out, n)
	}
	if !opts.All { // (said once the files are found whole, as a sample is drawn only then)
		fmt.Fprintf(c.App.Writer, "sample seed %d (--seed %d draws this sample again)\n", opts.Seed, opts.Seed)
	}
	plans := &planCache{data: c.String("data")}
	defer plans.close()
	rep, err := bench.Verify(c.Context, dirs, plans.bench, opts)
	if err != nil {
		return err
	}
	for _, p := range rep.Problems {
		fmt.Fprintln(c.App.Writer, p)
	}
	if rep.Digests {
		if len(rep.Problems) == 1 {
			return fmt.Errorf("%s: a file does not match its manifest (above); nothing was re-computed", out)
		}
		return fmt.Errorf("%s: %d files do not match their manifests (listed above); nothing was re-computed", out, len(rep.Problems))
	}
	// Then every page, claims file, table, figure and the workbook,
	// rendered again from the results on disk.
	end := bench.Slow(c.App.ErrWriter, "re-rendering every report file from the results and comparing it\n")
	rprobs, rendered, err := pipeline.Rerender(c.Context, out, outputs, func(study string) (experiments.Plan, error) {
		dir := pipeline.ResultsDir(out, study)
		reps, ok := rep.Reps[dir]
		if !ok {
			return nil, errors.New("its plan could not be rebuilt (above)")
		}
		return plans.plan(dir, reps)
	}, c.Int("j"), rep.Read)
	end()
	if err != nil {
		return err
	}
	for _, p := range rprobs {
		fmt.Fprintf(c.App.Writer, "%s: %s\n", p.File, p.Text)
	}
	fmt.Fprintf(c.App.ErrWriter, "report files: %d re-rendered from the results and compared, %d differ\n", rendered, len(rprobs))
	if len(rprobs) > 0 && rendered > 0 { // (some were rendered again, and differ)
		if note := otherBuilds(dirs); note != "" {
			fmt.Fprintln(c.App.ErrWriter, note)
		}
	}
	if n := len(rep.Problems) + len(rprobs); n > 0 {
		return fmt.Errorf("%s: %d differences (listed above); %d planned runs, %d recorded, %d re-computed, %d report files re-rendered",
			out, n, rep.Planned, rep.Recorded, rep.Recomputed, rendered)
	}
	fmt.Fprintf(c.App.Writer, "%d planned runs all recorded and complete, %d re-computed, %d report files re-rendered, all identical\n",
		rep.Planned, rep.Recomputed, rendered)
	return nil
}

// otherBuilds says, when results below dirs were made by another build of
// gridbench than this one, that a report file re-rendered differently may
// be this build's rendering of the same results rather than an edit, and
// what to do; "" when every one is this build's (or none can be told).
func otherBuilds(dirs []string) string {
	this, err := bench.ExecutableBuild()
	if err != nil {
		return ""
	}
	var other []string
	for _, d := range dirs {
		if m, err := analysis.ReadManifest(filepath.Join(d, "manifest.json")); err == nil && m.Build != "" && m.Build != this {
			other = append(other, fmt.Sprintf("%s (%s)", d, m.Build))
		}
	}
	if len(other) == 0 {
		return ""
	}
	return fmt.Sprintf("note: another build of gridbench made %s; this one is %s. A report file that differs may be how this build renders "+
		"the same results, not an edit: verify with the build that made them, or run the same command with this one (it computes them again) and verify again",
		strings.Join(other, ", "), this)
}

// resultFolders lists the experiment folders below out: those holding a
// manifest.json or a runs.csv (a folder that lost one is still verified,
// and reported).
func resultFolders(out string) ([]string, error) {
	seen := map[string]bool{}
	for _, name := range []string{"manifest.json", "runs.csv"} {
		found, _ := filepath.Glob(filepath.Join(out, "results", "*", name))
		for _, f := range found {
			seen[filepath.Dir(f)] = true
		}
	}
	if len(seen) == 0 {
		if _, err := os.Stat(out); err != nil {
			return nil, err
		}
		if js, _ := filepath.Glob(filepath.Join(out, "results", "*", "runs.journal")); len(js) > 0 {
			// An interrupted reproduce or study run keeps its finished
			// runs there and writes runs.csv once it ends.
			return nil, fmt.Errorf("%s: nothing finished to verify yet: %s holds the runs of a run that was interrupted; run the same command again to finish it, then verify", out, js[0])
		}
		return nil, fmt.Errorf("%s: no results/<experiment>/runs.csv below it; give the --out folder of a reproduce or study run", out)
	}
	dirs := make([]string, 0, len(seen))
	for d := range seen {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	return dirs, nil
}

// planCache rebuilds a folder's plan: a study folder's from the study
// file its manifest names, a built-in experiment's by name, with the quick
// configuration when the recorded configuration says so (Verify compares
// the whole configuration afterwards), the data looked up in --data or,
// without it, in the folders the manifest records the runs looked in. It
// keeps the last plan of each folder, which the re-rendering of the
// folder's report takes.
type planCache struct {
	data  string
	mu    sync.Mutex
	plans map[string]cachedPlan // by folder
	tmp   []string              // the folders re-computed runs write their files into
}

// close removes the folders the re-computed runs wrote their files into.
func (pc *planCache) close() {
	for _, d := range pc.tmp {
		os.RemoveAll(d)
	}
}

type cachedPlan struct {
	reps int
	plan experiments.Plan
}

// bench is a bench.Planner.
func (pc *planCache) bench(dir string, m *analysis.Manifest, reps int) (bench.Plan, bench.Executor, error) {
	p, err := pc.build(dir, m, reps)
	if err != nil {
		return bench.Plan{}, nil, err
	}
	return p.Bench(), p.Execute, nil
}

// plan returns the plan of dir built last, with reps.
func (pc *planCache) plan(dir string, reps int) (experiments.Plan, error) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if c, ok := pc.plans[dir]; ok && c.reps == reps {
		return c.plan, nil
	}
	return nil, fmt.Errorf("no plan of %s with %d repetitions", dir, reps)
}

func (pc *planCache) build(dir string, m *analysis.Manifest, reps int) (experiments.Plan, error) {
	e, err := pipeline.ExperimentOf(m)
	if err != nil {
		return nil, err
	}
	if s, ok := e.(*filestudy.Study); ok && s.JobsOut != "" {
		// Its re-computed runs write their jobs files there, to be
		// compared with those in the folder (bench.Plan.RunFilesDir).
		tmp, err := os.MkdirTemp("", "gridbench-verify-runs-")
		if err != nil {
			return nil, err
		}
		pc.mu.Lock()
		pc.tmp = append(pc.tmp, tmp)
		pc.mu.Unlock()
		s.RecomputeInto(tmp)
	}
	cfg, err := pipeline.ConfigOf(m, pc.data, reps)
	if err != nil {
		return nil, err
	}
	p, err := e.Plan(cfg.Filled(e))
	if err != nil {
		return nil, err
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.plans == nil {
		pc.plans = map[string]cachedPlan{}
	}
	pc.plans[dir] = cachedPlan{reps, p}
	return p, nil
}
