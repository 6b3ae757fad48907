package bench

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/gridbench/gridbench/analysis"
)

// The manifest records the SHA-256 of runs.csv and series.csv as written;
// a folder whose files no longer match is never reused from, and the
// progress says which file and why.
func TestTamperedFilesAreNotReusedFrom(t *testing.T) {
	for _, tc := range []struct {
		file, from, to string
	}{
		{runsFile, "toy,w2,B,1,", "toy,w2,B,1,"}, // replaced below by a value edit
		{seriesFile, "toy,w1,A,0,", "toy,w1,A,0,"},
		{runsFile, "", ""}, // the file removed
		{manifestFile, "cut", ""},
		{manifestFile, "", ""},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			var calls atomic.Int64
			res, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []string{runsFile, seriesFile} {
				got, err := analysis.FileSHA256(filepath.Join(dir, f))
				if err != nil || res.Manifest.Digests[f] != got || len(got) != 64 {
					t.Fatalf("manifest digest of %s = %q, file's %q (%v)", f, res.Manifest.Digests[f], got, err)
				}
			}
			path := filepath.Join(dir, tc.file)
			switch tc.from {
			case "":
				os.Remove(path)
			case "cut":
				os.WriteFile(path, []byte("{"), 0o644)
			default:
				b, _ := os.ReadFile(path)
				// Change the last digit of the first value of the line.
				i := strings.Index(string(b), tc.from)
				end := i + strings.IndexByte(string(b[i:]), '\n')
				if b[end-1] == '1' {
					b[end-1] = '2'
				} else {
					b[end-1] = '1'
				}
				os.WriteFile(path, b, 0o644)
			}
			var log strings.Builder
			before := calls.Load()
			if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
				t.Fatal(err)
			}
			if n := calls.Load() - before; n != 12 {
				t.Errorf("after tampering with %s: %d runs computed, want all 12", tc.file, n)
			}
			want := map[string]string{"": tc.file + " is missing", "cut": tc.file + " is unreadable (unexpected end of JSON input)"}[tc.from]
			if want == "" {
				want = tc.file + " does not match its manifest digest"
			}
			if !strings.Contains(log.String(), want) || !strings.Contains(log.String(), "recomputing") {
				t.Errorf("progress does not say %q:\n%s", want, log.String())
			}
			// Written again, the folder is consistent and reused whole.
			before = calls.Load()
			if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
				t.Fatal(err)
			}
			if n := calls.Load() - before; n != 0 {
				t.Errorf("after rewriting: %d runs computed, want 0", n)
			}
		})
	}
}

// A manifest written before digests existed vouches for nothing.
func TestManifestWithoutDigestsIsNotReusedFrom(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	if _, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	if err != nil {
		t.Fatal(err)
	}
	m.Digests = nil
	if err := analysis.WriteManifest(filepath.Join(dir, manifestFile), m); err != nil {
		t.Fatal(err)
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), testPlan(1), toyExec(&calls), Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 6 {
		t.Errorf("%d runs computed, want all 6", n)
	}
}

// inputPlan is testPlan(reps) whose runs all read trace and whose
// algorithm B's runs also read prog.
func inputPlan(reps int, trace, prog string) Plan {
	p := testPlan(reps)
	p.Inputs = []string{trace}
	for i := range p.Runs {
		if p.Runs[i].Algorithm == "B" {
			p.Runs[i].Inputs = []string{prog}
		}
	}
	return p
}

// Observation 1 of the trust issue, in the runner: a run is keyed on the
// content of every file it reads. Editing a file one algorithm reads
// recomputes that algorithm's runs only, editing a file every run reads
// recomputes all, and the progress says which input changed.
func TestChangedInputRecomputes(t *testing.T) {
	dir, in := t.TempDir(), t.TempDir()
	trace, prog := filepath.Join(in, "t.swf"), filepath.Join(in, "s.py")
	os.WriteFile(trace, []byte("1 0 10\n"), 0o644)
	os.WriteFile(prog, []byte("print('fcfs')\n"), 0o644)
	var calls atomic.Int64
	var log strings.Builder
	run := func() int64 {
		t.Helper()
		log.Reset()
		before := calls.Load()
		if _, err := Execute(context.Background(), inputPlan(2, trace, prog), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
			t.Fatal(err)
		}
		return calls.Load() - before
	}
	if n := run(); n != 12 {
		t.Fatalf("first invocation: %d runs, want 12", n)
	}
	m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
	if err != nil {
		t.Fatal(err)
	}
	oldProg, _ := analysis.FileSHA256(prog)
	if len(m.Inputs) != 2 || m.Inputs[0].Path != prog || m.Inputs[0].SHA256 != oldProg || m.Inputs[1].Path != trace {
		t.Errorf("manifest inputs = %+v, want s.py and t.swf with their hashes", m.Inputs)
	}
	if !strings.HasPrefix(m.Build, "sha256:") {
		t.Errorf("manifest build = %q: the runner must identify the build itself when the caller gives none", m.Build)
	}
	if n := run(); n != 0 {
		t.Errorf("nothing changed: %d runs, want 0", n)
	}

	os.WriteFile(prog, []byte("print('sjf')\n"), 0o644)
	newProg, _ := analysis.FileSHA256(prog)
	if n := run(); n != 6 {
		t.Errorf("after editing the program B reads: %d runs, want B's 6", n)
	}
	want := fmt.Sprintf("toy: recomputing 6 runs: input %s changed (sha256 %s → %s)", prog, oldProg[:8]+"…", newProg[:8]+"…")
	if !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}

	os.WriteFile(trace, []byte("1 0 11\n"), 0o644)
	if n := run(); n != 12 {
		t.Errorf("after editing the trace every run reads: %d runs, want 12", n)
	}
	if !strings.Contains(log.String(), "recomputing 12 runs: input "+trace+" changed") {
		t.Errorf("progress does not name the trace:\n%s", log.String())
	}

	// The manifest names a study file with its hash, but its text is no
	// run's input (the keys that make the runs are in the configuration):
	// a comment or a title edited reuses every run, and the manifest
	// follows the file.
	study := filepath.Join(in, "s.toml")
	p := inputPlan(2, trace, prog)
	p.Study = study
	for _, text := range []string{"name = 'x'\n", "name = 'x' # a comment\ntitle = 'y'\n"} {
		os.WriteFile(study, []byte(text), 0o644)
		res, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if sum, _ := analysis.FileSHA256(study); res.Manifest.Study == nil || res.Manifest.Study.SHA256 != sum || res.Manifest.Executed != 0 {
			t.Errorf("manifest study = %+v, executed %d; want the study file and its hash, no run", res.Manifest.Study, res.Manifest.Executed)
		}
	}
}

// An input changed back is an input as it was: a journal keeps the runs
// made from each content, and the ones made from the content of now are reused.
func TestJournalKeepsRunsOfEachInputContent(t *testing.T) {
	dir, in := t.TempDir(), t.TempDir()
	trace, prog := filepath.Join(in, "t.swf"), filepath.Join(in, "s.py")
	os.WriteFile(trace, []byte("1 0 10\n"), 0o644)
	var calls atomic.Int64
	interrupted := func(content string, stopAfter int64) {
		t.Helper()
		os.WriteFile(prog, []byte(content), 0o644)
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		inner := toyExec(&calls)
		stop := calls.Load() + stopAfter
		exec := func(c context.Context, r Run) (Output, error) {
			if calls.Load() >= stop {
				cancel()
				return Output{}, c.Err()
			}
			return inner(c, r)
		}
		if _, err := Execute(ctx, inputPlan(2, trace, prog), exec, Options{Dir: dir, Workers: 1}); err == nil {
			t.Fatal("interrupted invocation returned no error")
		}
	}
	interrupted("v1", 11) // 11 runs journalled from v1 (all but the last B run)
	interrupted("v2", 3)  // B's runs from v2 before it
	os.WriteFile(prog, []byte("v1"), 0o644)
	before := calls.Load()
	if _, err := Execute(context.Background(), inputPlan(2, trace, prog), toyExec(&calls), Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 1 {
		t.Errorf("back to v1: %d runs, want 1 (the one never made from v1)", n)
	}
}

// A run whose recorded metrics are not all those its algorithm records on
// its workload is made again, as is a run with no metric at all: a journal
// line edited to drop a metric, or a run whose executor reported nothing.
func TestIncompleteRunIsRecomputed(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	ctx, cancel := context.WithCancel(context.Background())
	inner := toyExec(&calls)
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() >= 8 {
			cancel()
			return Output{}, c.Err()
		}
		if r.Workload == "w1" && r.Algorithm == "B" && r.Rep == 1 {
			calls.Add(1)
			return Output{}, nil // a run that failed without an error
		}
		return inner(c, r)
	}
	if _, err := Execute(ctx, testPlan(2), exec, Options{Dir: dir, Workers: 1}); err == nil {
		t.Fatal("interrupted invocation returned no error")
	}
	cancel()
	path := filepath.Join(dir, journalFile)
	b, _ := os.ReadFile(path)
	// Drop metric y of w1/A/1.
	lines := strings.Split(string(b), "\n")
	edited := 0
	for i, l := range lines {
		if strings.Contains(l, `"key":["toy","w1","A"],"rep":1`) {
			lines[i] = strings.Replace(l, `["y","1"],`, "", 1)
			edited += len(l) - len(lines[i])
		}
	}
	if edited == 0 {
		t.Fatalf("no metric y in w1/A/1's journal line:\n%s", b)
	}
	os.WriteFile(path, []byte(strings.Join(lines, "\n")), 0o644)
	var log strings.Builder
	var calls2 atomic.Int64
	if _, err := Execute(context.Background(), testPlan(2), toyExec(&calls2), Options{Dir: dir, Workers: 1, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	// 12 runs; 8 journalled, 2 of them incomplete.
	if calls2.Load() != 12-8+2 {
		t.Errorf("%d runs computed, want 6 (4 never made, 2 incomplete)", calls2.Load())
	}
	if !strings.Contains(log.String(), "recomputing 2 runs whose recorded metrics are not the full set of their algorithm (first: toy/w1/A/1 lacks y)") {
		t.Errorf("progress does not say why:\n%s", log.String())
	}
}

// A study file edited while its runs were made (a claim added, a title
// changed, a comment) failed the invocation and discarded the journal of
// every run made: the study file was checked as if the runs read it. It
// is no run's input (Plan.Study): the plan was made from it as it was,
// and the runs are written, the manifest recording the study file they
// were planned from; the progress says that it changed.
func TestStudyFileEditedDuringTheRunsKeepsThem(t *testing.T) {
	dir, in := t.TempDir(), t.TempDir()
	trace, prog, study := filepath.Join(in, "t.swf"), filepath.Join(in, "s.py"), filepath.Join(in, "s.toml")
	os.WriteFile(trace, []byte("1 0 10\n"), 0o644)
	os.WriteFile(prog, []byte("v1\n"), 0o644)
	os.WriteFile(study, []byte("name = \"s\"\n"), 0o644)
	planned, _ := InputSHA256(study)
	plan := inputPlan(2, trace, prog)
	plan.Study = study
	var calls atomic.Int64
	inner := toyExec(&calls)
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() == 3 {
			os.WriteFile(study, []byte("name = \"s\"\ntitle = \"Edited\"\n"), 0o644)
		}
		return inner(c, r)
	}
	var log strings.Builder
	res, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 1, Progress: &log})
	if err != nil {
		t.Fatalf("got %v", err)
	}
	if res.Manifest.Study == nil || res.Manifest.Study.SHA256 != planned {
		t.Errorf("manifest study %+v, want the file as planned, sha256 %s", res.Manifest.Study, planned)
	}
	if want := "toy: study file " + study + " changed while the runs were made"; !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), plan, toyExec(&calls), Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 0 {
		t.Errorf("%d runs computed after the study file was edited, want 0 (its runs' keys are unchanged)", n)
	}
}

// An input edited while the runs read it leaves runs made from either
// content: the invocation fails and keeps none of them.
func TestInputEditedDuringTheRunsFails(t *testing.T) {
	dir, in := t.TempDir(), t.TempDir()
	trace, prog := filepath.Join(in, "t.swf"), filepath.Join(in, "s.py")
	os.WriteFile(trace, []byte("1 0 10\n"), 0o644)
	os.WriteFile(prog, []byte("v1\n"), 0o644)
	var calls atomic.Int64
	inner := toyExec(&calls)
	exec := func(c context.Context, r Run) (Output, error) {
		if calls.Load() == 3 {
			os.WriteFile(prog, []byte("v2, longer\n"), 0o644)
		}
		return inner(c, r)
	}
	_, err := Execute(context.Background(), inputPlan(2, trace, prog), exec, Options{Dir: dir, Workers: 1})
	if err == nil || !strings.Contains(err.Error(), "input "+prog+" changed while the runs were made") {
		t.Fatalf("got %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, journalFile)); !os.IsNotExist(err) {
		t.Errorf("the journal of runs made from two contents is kept: %v", err)
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), inputPlan(2, trace, prog), toyExec(&calls), Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 {
		t.Errorf("%d runs computed after the failed invocation, want 12", n)
	}
}

// Merge takes a shard's runs only while their inputs are unchanged, and
// says which input changed when that leaves runs missing.
func TestMergeChecksInputs(t *testing.T) {
	dir, in := t.TempDir(), t.TempDir()
	trace, prog := filepath.Join(in, "t.swf"), filepath.Join(in, "s.py")
	os.WriteFile(trace, []byte("1 0 10\n"), 0o644)
	os.WriteFile(prog, []byte("v1\n"), 0o644)
	var calls atomic.Int64
	for k := range 2 {
		if _, err := Execute(context.Background(), inputPlan(1, trace, prog), toyExec(&calls), Options{Dir: dir, Shard: Shard{k, 2}}); err != nil {
			t.Fatal(err)
		}
	}
	res, err := Merge(context.Background(), inputPlan(1, trace, prog), Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Manifest.Inputs) != 2 || res.Manifest.Digests[runsFile] == "" {
		t.Errorf("merged manifest: inputs %+v, digests %v", res.Manifest.Inputs, res.Manifest.Digests)
	}
	os.WriteFile(prog, []byte("v2\n"), 0o644)
	_, err = Merge(context.Background(), inputPlan(1, trace, prog), Options{Dir: dir})
	if err == nil || !strings.Contains(err.Error(), "3 of 6 runs missing") || !strings.Contains(err.Error(), "input "+prog+" changed") {
		t.Errorf("got %v", err)
	}
	// A merge runs nothing: it names the shard whose runs it leaves out,
	// and does not say it recomputes them.
	if err == nil || !strings.Contains(err.Error(), "toy shard 1/2: leaving out 3 runs: input "+prog+" changed") || strings.Contains(err.Error(), "recomputing") {
		t.Errorf("merge's reason: got %v", err)
	}
}

// Runs made with another configuration (an edited study file) were all
// recomputed without a line saying why; the progress now names the study
// file and the first keys that differ, for the finished runs.csv and for
// a journal alike.
func TestChangedConfigurationSaysWhy(t *testing.T) {
	type cfg struct {
		Jobs  int
		Names []string
	}
	study := filepath.Join(t.TempDir(), "study.toml")
	os.WriteFile(study, nil, 0o644) // named in the manifest (no run's input)
	plan := func(c cfg) Plan {
		p := testPlan(2)
		p.Config, p.Study = c, study
		return p
	}
	dir := t.TempDir()
	var calls atomic.Int64
	old := cfg{10, []string{"a"}}
	if _, err := Execute(context.Background(), plan(old), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	var log strings.Builder
	before := calls.Load()
	if _, err := Execute(context.Background(), plan(cfg{12, []string{"a", "b"}}), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 {
		t.Errorf("%d runs computed, want 12", n)
	}
	if want := "toy: recomputing 12 runs: study file " + study + ` changed (Jobs: 10 → 12; Names[1]: unset → "b")`; !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}

	// Interrupted after 5 runs of a third configuration, the journal alone
	// records them, with the configuration's hash.
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	stop := func(c context.Context, r Run) (Output, error) {
		if n.Add(1) > 5 {
			cancel()
			return Output{}, c.Err()
		}
		return toyExec(&calls)(c, r)
	}
	Execute(ctx, plan(cfg{14, nil}), stop, Options{Dir: dir, Workers: 1})
	log.Reset()
	if _, err := Execute(context.Background(), plan(cfg{16, nil}), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(log.String(), "toy: recomputing 12 runs: study file "+study+" changed (Jobs: 12 → 16; Names: [\"a\",\"b\"] → unset)") {
		t.Errorf("progress after a journal of another configuration:\n%s", log.String())
	}

	// Another study file of the same name writing the folder (two studies
	// sharing an --out) is named as such, not as an edit of this one.
	other := filepath.Join(t.TempDir(), "other.toml")
	os.WriteFile(other, nil, 0o644)
	p := plan(cfg{18, nil})
	p.Study = other
	log.Reset()
	if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if want := "toy: recomputing 12 runs: they were made from study file " + study + ", not " + other + " (Jobs: 16 → 18)"; !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}
}

// Interrupted before any runs.csv was written, the journal alone records
// runs of the old configuration: the progress names its hash.
func TestChangedConfigurationOnlyJournalled(t *testing.T) {
	study := filepath.Join(t.TempDir(), "study.toml")
	os.WriteFile(study, nil, 0o644)
	plan := func(jobs int) Plan {
		p := testPlan(2)
		p.Config, p.Study = struct{ Jobs int }{jobs}, study
		return p
	}
	dir := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	var n, calls atomic.Int64
	stop := func(c context.Context, r Run) (Output, error) {
		if n.Add(1) > 5 {
			cancel()
			return Output{}, c.Err()
		}
		return toyExec(&calls)(c, r)
	}
	if _, err := Execute(ctx, plan(1), stop, Options{Dir: dir, Workers: 1}); err == nil {
		t.Fatal("interrupted run succeeded")
	}
	old, _, _ := analysis.HashConfig(struct{ Jobs int }{1})
	now, _, _ := analysis.HashConfig(struct{ Jobs int }{2})
	var log strings.Builder
	if _, err := Execute(context.Background(), plan(2), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("toy: recomputing 5 runs: study file %s changed (configuration %s → %s)", study, old, now)
	if !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}
}

// A run whose file (Plan.RunFiles) is gone is computed again, the others
// reused, and the progress names the file.
func TestRunWithoutItsFileIsRecomputed(t *testing.T) {
	dir := t.TempDir()
	plan := testPlan(2)
	plan.RunFiles = func(r Run) []string {
		return []string{filepath.Join("files", fmt.Sprintf("%s-%s-%d.csv", r.Workload, r.Algorithm, r.Rep))}
	}
	var calls atomic.Int64
	exec := func(ctx context.Context, r Run) (Output, error) {
		p := filepath.Join(dir, plan.RunFiles(r)[0])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return Output{}, err
		}
		if err := os.WriteFile(p, nil, 0o644); err != nil {
			return Output{}, err
		}
		return toyExec(&calls)(ctx, r)
	}
	if _, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	gone := filepath.Join(dir, plan.RunFiles(plan.Runs[3])[0])
	if err := os.Remove(gone); err != nil {
		t.Fatal(err)
	}
	before := calls.Load()
	var log strings.Builder
	res, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 2, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 1 || res.Manifest.Reused != len(plan.Runs)-1 {
		t.Errorf("%d runs executed, %d reused; want 1 and %d", n, res.Manifest.Reused, len(plan.Runs)-1)
	}
	if !strings.Contains(log.String(), "toy: recomputing 1 run whose file is gone ("+gone+")") {
		t.Errorf("progress does not name the file:\n%s", log.String())
	}
	if _, err := os.Stat(gone); err != nil {
		t.Errorf("not written again: %v", err)
	}
}

// A run whose file (Plan.RunFiles) was edited or cut short since it was
// made was reused, its file as it was: only whether the file exists was
// checked. The SHA-256 of each run's files is recorded with the run (in
// the manifest, and in the journal for a run not yet in runs.csv): a run
// whose file no longer has it is computed again, and its file written
// again; the progress names the file.
func TestRunWithAnEditedFileIsRecomputed(t *testing.T) {
	dir := t.TempDir()
	plan := testPlan(2)
	plan.RunFiles = func(r Run) []string {
		return []string{filepath.Join("files", fmt.Sprintf("%s-%s-%d.csv", r.Workload, r.Algorithm, r.Rep))}
	}
	content := func(r Run) []byte { return []byte(fmt.Sprintf("%s,%s,%d\n", r.Workload, r.Algorithm, r.Rep)) }
	var calls atomic.Int64
	fail := ""
	exec := func(ctx context.Context, r Run) (Output, error) {
		if r.Key().String() == fail {
			return Output{}, errors.New("failed")
		}
		p := filepath.Join(dir, plan.RunFiles(r)[0])
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return Output{}, err
		}
		if err := os.WriteFile(p, content(r), 0o644); err != nil {
			return Output{}, err
		}
		return toyExec(&calls)(ctx, r)
	}
	if _, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	edited := filepath.Join(dir, plan.RunFiles(plan.Runs[3])[0])
	if err := os.WriteFile(edited, []byte("w2,B,1\n"), 0o644); err != nil { // (as long as it was)
		t.Fatal(err)
	}
	before := calls.Load()
	var log strings.Builder
	res, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 1, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 1 || res.Manifest.Reused != len(plan.Runs)-1 {
		t.Errorf("%d runs executed, %d reused; want 1 and %d", n, res.Manifest.Reused, len(plan.Runs)-1)
	}
	if want := "toy: recomputing 1 run whose file changed since it was made (" + edited + ", sha256 "; !strings.Contains(log.String(), want) {
		t.Errorf("progress lacks %q:\n%s", want, log.String())
	}
	if b, _ := os.ReadFile(edited); !bytes.Equal(b, content(plan.Runs[3])) {
		t.Errorf("not written again: %q", b)
	}

	// From the journal: the runs of an invocation that failed before its
	// end, one of whose files is edited after.
	dir = t.TempDir()
	fail = plan.Runs[len(plan.Runs)-1].Key().String()
	if _, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 1}); err == nil {
		t.Fatal("want the last run's error")
	}
	fail = ""
	edited = filepath.Join(dir, plan.RunFiles(plan.Runs[1])[0])
	if err := os.WriteFile(edited, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	before = calls.Load()
	log.Reset()
	if _, err := Execute(context.Background(), plan, exec, Options{Dir: dir, Workers: 1, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 2 {
		t.Errorf("%d runs executed, want 2 (the one that failed, and the one whose file was cut short):\n%s", n, log.String())
	}
	if b, _ := os.ReadFile(edited); !bytes.Equal(b, content(plan.Runs[1])) {
		t.Errorf("not written again: %q", b)
	}
}

// A study file given another algorithm recomputed every run, since the
// algorithm list is in its configuration. Runs keyed on their own part
// of it (Run.ConfigHash) are reused while that part is unchanged,
// whatever else changed, from runs.csv and from a journal alike; the
// others are recomputed, and the progress says why.
func TestRunsKeyedOnTheirOwnConfiguration(t *testing.T) {
	type cfg struct {
		Algos  []string
		Params map[string]int // per algorithm
	}
	study := filepath.Join(t.TempDir(), "study.toml")
	os.WriteFile(study, nil, 0o644)
	plan := func(c cfg) Plan {
		p := keyedPlan(t, c.Algos, c.Params)
		p.Study = study
		return p
	}
	dir := t.TempDir()
	var calls atomic.Int64
	first, err := Execute(context.Background(), plan(cfg{[]string{"A", "B"}, map[string]int{"A": 1, "B": 1}}), toyExec(&calls), Options{Dir: dir, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if h := first.Manifest.Runs[0].ConfigHash; h == "" || h != plan(cfg{[]string{"A"}, map[string]int{"A": 1}}).Runs[0].ConfigHash {
		t.Errorf("manifest records run configuration %q", h)
	}

	// C added, B's parameter changed: A's 6 runs reused, B's 6
	// recomputed, C's 6 made.
	var log strings.Builder
	before := calls.Load()
	second := cfg{[]string{"A", "B", "C"}, map[string]int{"A": 1, "B": 2, "C": 1}}
	res, err := Execute(context.Background(), plan(second), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 {
		t.Errorf("%d runs computed, want 12 (B's and C's)", n)
	}
	if res.Manifest.Reused != 6 {
		t.Errorf("%d runs reused, want A's 6", res.Manifest.Reused)
	}
	// (What changed is said of their part: C added is none of it.)
	for _, want := range []string{"toy: reusing 6 of 18 runs already on disk", "toy: recomputing 6 runs: study file " + study + " changed (P: 1 → 2)\n"} {
		if !strings.Contains(log.String(), want) {
			t.Errorf("progress lacks %q:\n%s", want, log.String())
		}
	}
	// The reused runs are the ones a fresh start makes.
	fresh, err := Execute(context.Background(), plan(second), toyExec(&calls), Options{Dir: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(res.Records, fresh.Records) || !slices.Equal(res.Series, fresh.Series) {
		t.Error("results with reused runs differ from a fresh start's")
	}

	// Interrupted after 4 runs of a configuration that changes C, then
	// run with one that drops B: the journal's runs of C are reused.
	ctx, cancel := context.WithCancel(context.Background())
	var n atomic.Int64
	stop := func(c context.Context, r Run) (Output, error) {
		if n.Add(1) > 4 {
			cancel()
			return Output{}, c.Err()
		}
		return toyExec(&calls)(c, r)
	}
	third := cfg{[]string{"A", "B", "C"}, map[string]int{"A": 1, "B": 2, "C": 3}}
	if _, err := Execute(ctx, plan(third), stop, Options{Dir: dir, Workers: 1}); err == nil {
		t.Fatal("interrupted run succeeded")
	}
	// (An invocation of that one interrupted at its first run leaves
	// them in the journal: it is not started afresh for another
	// configuration.)
	ctx, cancel = context.WithCancel(context.Background())
	defer cancel()
	n.Store(100)
	if _, err := Execute(ctx, plan(cfg{[]string{"A", "C"}, map[string]int{"A": 1, "C": 3}}), stop, Options{Dir: dir, Workers: 1}); err == nil {
		t.Fatal("interrupted run succeeded")
	}
	before = calls.Load()
	log.Reset()
	res, err = Execute(context.Background(), plan(cfg{[]string{"A", "C"}, map[string]int{"A": 1, "C": 3}}), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log})
	if err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 2 || res.Manifest.Reused != 10 {
		t.Errorf("%d runs computed and %d reused, want C's 2 not journalled, and the 4 journalled and A's 6 reused:\n%s", n, res.Manifest.Reused, log.String())
	}

	// A run without a hash of its own (keyed on the whole configuration)
	// is not reused from results of another configuration.
	p := plan(cfg{[]string{"A", "C"}, map[string]int{"A": 1, "C": 3}})
	p.Config = "another"
	for i := range p.Runs {
		p.Runs[i].ConfigHash = ""
	}
	before = calls.Load()
	if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 {
		t.Errorf("%d runs computed, want all 12", n)
	}
}

// Run again with every run reused from them, the finished runs.csv and
// series.csv are kept, not written again (a study of 120,000 runs wrote
// 0.9 GB each time its page was rendered again): the same files, the
// bytes a fresh run writes, the manifest sealing them. Where the runs
// differ in any way (one more repetition, one fewer, another order),
// they are written.
func TestAllReusedKeepsTheFiles(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	run := func(p Plan) *Result {
		t.Helper()
		res, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		return res
	}
	stat := func() []os.FileInfo {
		var out []os.FileInfo
		for _, f := range []string{runsFile, seriesFile} {
			st, err := os.Stat(filepath.Join(dir, f))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, st)
		}
		return out
	}
	// fresh checks that the files are those a fresh run of p writes.
	fresh := func(p Plan) {
		t.Helper()
		other := t.TempDir()
		if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: other, Workers: 2}); err != nil {
			t.Fatal(err)
		}
		for _, f := range []string{runsFile, seriesFile} {
			a, _ := os.ReadFile(filepath.Join(dir, f))
			b, _ := os.ReadFile(filepath.Join(other, f))
			if !bytes.Equal(a, b) {
				t.Errorf("%s is not the one a fresh run writes", f)
			}
		}
		m, err := analysis.ReadManifest(filepath.Join(dir, manifestFile))
		if err != nil || m.CheckDigests(dir) != nil {
			t.Errorf("the manifest does not seal the files: %v", err)
		}
	}
	run(testPlan(3))
	before := stat()
	res := run(testPlan(3))
	if res.Manifest.Reused != 18 {
		t.Fatalf("%d reused, want 18", res.Manifest.Reused)
	}
	for i, st := range stat() {
		if !os.SameFile(st, before[i]) {
			t.Errorf("%s was written again, every run reused from it", st.Name())
		}
	}
	fresh(testPlan(3))
	if len(res.Records) == 0 || len(res.Series) == 0 {
		t.Errorf("the result holds %d records and %d points", len(res.Records), len(res.Series))
	}

	reorder := testPlan(3)
	slices.Reverse(reorder.Runs)
	for _, tc := range []struct {
		name string
		plan Plan
	}{
		{"one more repetition", testPlan(4)},
		{"one fewer", testPlan(3)},
		{"another order", reorder},
		{"the order back", testPlan(3)},
	} {
		before := stat()
		run(tc.plan)
		for i, st := range stat() {
			if os.SameFile(st, before[i]) {
				t.Errorf("%s: %s was kept", tc.name, st.Name())
			}
		}
		fresh(tc.plan)
	}
}

// keyedPlan is a toy plan whose runs are keyed on their own part of the
// configuration: their algorithm and its parameter.
func keyedPlan(t *testing.T, algos []string, params map[string]int) Plan {
	t.Helper()
	p := Plan{Experiment: "toy", Config: struct {
		A []string
		P map[string]int
	}{algos, params}, RunConfigs: map[string]json.RawMessage{}}
	for _, w := range []string{"w1", "w2"} {
		for rep := range 3 {
			for _, a := range algos {
				h, part, err := analysis.HashConfig(struct {
					A string
					P int
				}{a, params[a]})
				if err != nil {
					t.Fatal(err)
				}
				p.RunConfigs[h] = part
				r := NewRun("toy", w, a, rep)
				r.ConfigHash = h
				p.Runs = append(p.Runs, r)
			}
		}
	}
	return p
}

// A plan given another algorithm moves most runs to another shard (a
// run's shard follows its index): each shard recomputed the runs that
// moved in, made and sealed in the merged results or a sibling's folder
// (whose own shard may not have been run again yet). A shard now reuses
// them from there; the merge is a fresh run's.
func TestShardsReuseTheRunsThatMoved(t *testing.T) {
	dir := t.TempDir()
	var calls atomic.Int64
	shards := func(p Plan) int64 {
		t.Helper()
		before := calls.Load()
		for k := range 2 {
			if _, err := Execute(context.Background(), p, toyExec(&calls), Options{Dir: dir, Workers: 2, Shard: Shard{k, 2}}); err != nil {
				t.Fatal(err)
			}
		}
		return calls.Load() - before
	}
	first := keyedPlan(t, []string{"A", "B"}, map[string]int{"A": 1, "B": 1})
	if n := shards(first); n != 12 {
		t.Fatalf("%d runs computed, want 12", n)
	}
	if _, err := Merge(context.Background(), first, Options{Dir: dir}); err != nil {
		t.Fatal(err)
	}
	next := keyedPlan(t, []string{"A", "B", "C"}, map[string]int{"A": 1, "B": 1, "C": 1})
	if n := shards(next); n != 6 {
		t.Errorf("%d runs computed, want C's 6 alone", n)
	}
	merged, err := Merge(context.Background(), next, Options{Dir: dir})
	if err != nil {
		t.Fatal(err)
	}
	fresh, err := Execute(context.Background(), next, toyExec(&calls), Options{Dir: t.TempDir(), Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(merged.Records, fresh.Records) || !slices.Equal(merged.Series, fresh.Series) {
		t.Error("the merge is not a fresh run's")
	}
	// The shard folders gone, the merged results serve them.
	os.RemoveAll(filepath.Join(dir, shardsDir))
	if n := shards(keyedPlan(t, []string{"A", "B", "C", "D"}, map[string]int{"A": 1, "B": 1, "C": 1, "D": 1})); n != 6 {
		t.Errorf("%d runs computed from the merged results, want D's 6 alone", n)
	}
}

// TestMovedInputIsReused: a run is keyed on the content of the files it
// reads, not on where they lie. The same trace at another path (a data
// root mounted elsewhere, a shard run on another machine) reuses every
// run, which are then recorded with the files where they lie now, and
// merges; another content at the new path recomputes them and says the
// input changed.
func TestMovedInputIsReused(t *testing.T) {
	dir, a, b := t.TempDir(), t.TempDir(), t.TempDir()
	traceA, progA := filepath.Join(a, "t.swf"), filepath.Join(a, "s.py")
	traceB, progB := filepath.Join(b, "t.swf"), filepath.Join(b, "s.py")
	for _, f := range []string{traceA, traceB} {
		os.WriteFile(f, []byte("1 0 10\n"), 0o644)
	}
	for _, f := range []string{progA, progB} {
		os.WriteFile(f, []byte("v1\n"), 0o644)
	}
	var calls atomic.Int64
	if _, err := Execute(context.Background(), inputPlan(2, traceA, progA), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	before := calls.Load()
	if _, err := Execute(context.Background(), inputPlan(2, traceB, progB), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 0 {
		t.Errorf("the same files at another path: %d runs computed, want 0", n)
	}
	// Shards made from the files at two paths merge.
	shards := t.TempDir()
	for k, tr := range []string{traceA, traceB} {
		if _, err := Execute(context.Background(), inputPlan(1, tr, filepath.Join(filepath.Dir(tr), "s.py")), toyExec(&calls), Options{Dir: shards, Shard: Shard{k, 2}}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := Merge(context.Background(), inputPlan(1, traceA, progA), Options{Dir: shards}); err != nil {
		t.Errorf("shards made from the same files at two paths: %v", err)
	}
	os.WriteFile(traceB, []byte("1 0 11\n"), 0o644)
	var log strings.Builder
	before = calls.Load()
	if _, err := Execute(context.Background(), inputPlan(2, traceB, progB), toyExec(&calls), Options{Dir: dir, Workers: 2, Progress: &log}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 || !strings.Contains(log.String(), "recomputing 12 runs: input "+traceB+" changed") {
		t.Errorf("another trace at the new path: %d runs computed, want 12, and a line naming it:\n%s", n, log.String())
	}
	// The same content under another name is another input: a name may
	// be data (a best-known schedule's file name gives its makespan).
	renamed := filepath.Join(b, "u.swf")
	os.WriteFile(renamed, []byte("1 0 11\n"), 0o644)
	before = calls.Load()
	if _, err := Execute(context.Background(), inputPlan(2, renamed, progB), toyExec(&calls), Options{Dir: dir, Workers: 2}); err != nil {
		t.Fatal(err)
	}
	if n := calls.Load() - before; n != 12 {
		t.Errorf("the same trace under another name: %d runs computed, want 12", n)
	}
}
