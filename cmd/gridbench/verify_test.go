package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/xuri/excelize/v2"

	"github.com/gridbench/gridbench/analysis"
	"github.com/gridbench/gridbench/bench"
	"github.com/gridbench/gridbench/internal/datadir"
	"github.com/gridbench/gridbench/pipeline"
)

// forgeDigests records in every manifest below out the digests of the
// files as they are now, as a careful forger would after editing them:
// what verify finds then, it finds without the digests' help.
func forgeDigests(t *testing.T, out string) {
	t.Helper()
	found, _ := filepath.Glob(filepath.Join(out, "results", "*", "manifest.json"))
	for _, mpath := range found {
		m, err := analysis.ReadManifest(mpath)
		if err != nil {
			t.Fatal(err)
		}
		m.Digests = map[string]string{}
		for _, name := range []string{"runs.csv", "series.csv"} {
			if b, err := os.ReadFile(filepath.Join(filepath.Dir(mpath), name)); err == nil {
				sum := sha256.Sum256(b)
				m.Digests[name] = hex.EncodeToString(sum[:])
			}
		}
		if err := analysis.WriteManifest(mpath, m); err != nil {
			t.Fatal(err)
		}
	}
	forgeOutputs(t, out)
}

// forgeOutputs records in the outputs manifest the digests of the files it
// lists as they are now, and drops the studies whose results folder and
// the files that are gone, as a careful forger would.
func forgeOutputs(t *testing.T, out string) {
	t.Helper()
	o, err := pipeline.ReadOutputs(pipeline.OutputsPath(out))
	if err != nil {
		t.Fatal(err)
	}
	forge := func(fs []pipeline.OutputFile) []pipeline.OutputFile {
		var kept []pipeline.OutputFile
		for _, f := range fs {
			if sum, err := analysis.FileSHA256(filepath.Join(out, f.Path)); err == nil {
				kept = append(kept, pipeline.OutputFile{Path: f.Path, SHA256: sum})
			}
		}
		return kept
	}
	var studies []pipeline.OutputStudy
	for _, s := range o.Studies {
		if _, err := os.Stat(pipeline.ResultsDir(out, s.Name)); err == nil {
			s.Files = forge(s.Files)
			studies = append(studies, s)
		}
	}
	o.Studies, o.Shared = studies, forge(o.Shared)
	b, err := json.MarshalIndent(o, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(pipeline.OutputsPath(out), b, 0o644); err != nil {
		t.Fatal(err)
	}
}

// editLines rewrites a file's lines (the header is line 0) through f.
func editLines(t *testing.T, path string, f func([]string) []string) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
	if err := os.WriteFile(path, []byte(strings.Join(f(lines), "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
}

func dropLines(keep func(string) bool) func([]string) []string {
	return func(l []string) []string {
		var out []string
		for _, s := range l {
			if keep(s) {
				out = append(out, s)
			}
		}
		return out
	}
}

// setValue sets the last field of line i.
func setValue(i int, v string) func([]string) []string {
	return func(l []string) []string {
		l[i] = l[i][:strings.LastIndex(l[i], ",")+1] + v
		return l
	}
}

// quickResults reproduces immediate and deadline (--quick --reps 2) into a
// fresh folder and returns it and the --data folder.
func quickResults(t *testing.T) (out, data string) {
	t.Helper()
	out, data = t.TempDir(), t.TempDir()
	if code, _, stderr := runCLI("reproduce", "--quick", "--reps", "2", "--data", data, "--only", "immediate,deadline", "--out", out); code != 0 {
		t.Fatalf("reproduce: exit %d: %s", code, stderr)
	}
	return out, data
}

var seedLine = regexp.MustCompile(`^sample seed (\d+) \(--seed (\d+) draws this sample again\)\n`)

func TestVerify(t *testing.T) {
	out, data := quickResults(t)
	code, stdout, stderr := runCLI("verify", "--all", "--data", data, out)
	if code != 0 || !strings.HasSuffix(stdout, " report files re-rendered, all identical\n") {
		t.Fatalf("--all on untouched results: exit %d\n%s%s", code, stdout, stderr)
	}

	// The default sample: drawn afresh, its seed printed, --seed repeats it.
	code, stdout, stderr = runCLI("verify", "--data", data, out)
	m := seedLine.FindStringSubmatch(stdout)
	if code != 0 || m == nil {
		t.Fatalf("sample: exit %d: %s%s", code, stdout, stderr)
	}
	code, again, _ := runCLI("verify", "--data", data, "--seed", m[1], out)
	if code != 0 || again != stdout {
		t.Errorf("--seed %s: exit %d\n%s, the first draw:\n%s", m[1], code, again, stdout)
	}
	var seeds []string
	for range 3 {
		_, o, _ := runCLI("verify", "--data", data, out)
		if m := seedLine.FindStringSubmatch(o); m != nil {
			seeds = append(seeds, m[1])
		}
	}
	if len(seeds) != 3 || seeds[0] == seeds[1] && seeds[1] == seeds[2] {
		t.Errorf("three verifications drew seeds %v: want one fresh seed each", seeds)
	}

	// A folder a command is writing (its lock held): said so, not its
	// half-written files named as differences.
	held, err := bench.AcquireLock(context.Background(), out, bench.LockFile, false, nil)
	if err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr = runCLI("verify", "--data", data, out)
	held.Release()
	if want := out + " is being written by process " + fmt.Sprint(os.Getpid()); code != 1 || stdout != "" || !strings.Contains(stderr, want) {
		t.Errorf("locked folder: exit %d, want %q\n%s%s", code, want, stdout, stderr)
	}

	// A file changed after it was written: named with both hashes at once,
	// nothing re-computed.
	runs := filepath.Join(out, "results", "deadline", "runs.csv")
	orig, _ := os.ReadFile(runs)
	editLines(t, runs, setValue(3, "12345.5"))
	code, stdout, stderr = runCLI("verify", "--all", "--data", data, out)
	if code != 1 || !regexp.MustCompile(regexp.QuoteMeta(filepath.Dir(runs))+`: runs.csv does not match its manifest digest \(sha256 [0-9a-f]{8}… recorded, [0-9a-f]{8}… found\)`).MatchString(stdout) ||
		!strings.Contains(stderr, "nothing was re-computed") || strings.Contains(stderr, "planned runs,") {
		t.Errorf("changed runs.csv: exit %d\n%s%s", code, stdout, stderr)
	}
	os.WriteFile(runs, orig, 0o644)

	if code, _, stderr := runCLI("verify", t.TempDir()); code == 0 || !strings.Contains(stderr, "no results/<experiment>/runs.csv") {
		t.Errorf("empty folder: exit %d: %s", code, stderr)
	}
	// A run interrupted before any experiment ended has a journal, no runs.csv.
	cut := t.TempDir()
	journal := filepath.Join(cut, "results", "deadline", "runs.journal")
	os.MkdirAll(filepath.Dir(journal), 0o755)
	os.WriteFile(journal, nil, 0o644)
	if code, _, stderr := runCLI("verify", cut); code == 0 || !strings.Contains(stderr, journal+" holds the runs of a run that was interrupted; run the same command again to finish it") {
		t.Errorf("interrupted run: exit %d: %s", code, stderr)
	}
	if code, _, stderr := runCLI("verify", "--all", "--seed", "3", out); code == 0 || !strings.Contains(stderr, "--all re-computes every run") {
		t.Errorf("--all --seed: exit %d: %s", code, stderr)
	}
}

// TestVerifyTampered: each tampering, with the digests forged afterwards,
// is found by --all; deletions, duplicates and manifest edits by the
// default sample too, whatever its seed.
func TestVerifyTampered(t *testing.T) {
	pristine, data := quickResults(t)
	exp := func(e, file string) string { return filepath.Join("results", e, file) }
	for _, tc := range []struct {
		name, file string
		tamper     func([]string) []string
		want       string // regular expression over stdout
		sample     bool   // the default sample finds it whatever its seed
	}{
		{"deleted row", exp("deadline", "runs.csv"), func(l []string) []string { return append(l[:5], l[6:]...) },
			`deadline/ia=1/fcfs/0 (lacks metric|metric \S+: re-computed \S+, not recorded)`, true},
		{"deleted algorithm", exp("deadline", "runs.csv"), dropLines(func(s string) bool { return !strings.Contains(s, ",tabu,") }),
			`runs.csv: all 2 planned runs of deadline/ia=1/tabu \(reps 0-1\) have no row`, true},
		{"duplicated row", exp("deadline", "runs.csv"), func(l []string) []string { return append(l[:8], l[7:]...) },
			`deadline/ia=1/fcfs/0 metric \S+ is recorded more than once`, true},
		{"edited value", exp("deadline", "runs.csv"), setValue(40, "12345.5"),
			`deadline/ia=1/\S+ metric \S+: recorded 12345.5, re-computed \S+`, false},
		{"edited series value", exp("immediate", "series.csv"), setValue(3, "4242"),
			`series.csv: run immediate/example/\S+ series \S+ at \S+: recorded 4242, re-computed \S+`, true},
		{"edited manifest config", exp("deadline", "manifest.json"), func(l []string) []string {
			for i := range l {
				l[i] = strings.Replace(l[i], `"Jobs": 300,`, `"Jobs": 301,`, 1)
			}
			return l
		}, `deadline/manifest.json: records configuration hash \w+, but the configuration it records hashes to \w+: the manifest was edited`, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			if err := os.CopyFS(out, os.DirFS(pristine)); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join(out, tc.file)
			before, _ := os.ReadFile(path)
			editLines(t, path, tc.tamper)
			if after, _ := os.ReadFile(path); string(after) == string(before) {
				t.Fatal("the tampering changed nothing")
			}
			forgeDigests(t, out)
			re := regexp.MustCompile(tc.want)
			code, stdout, stderr := runCLI("verify", "--all", "--data", data, out)
			if code != 1 || !re.MatchString(stdout) {
				t.Errorf("--all: exit %d, want a line matching %s:\n%s%s", code, tc.want, stdout, stderr)
			}
			if !tc.sample {
				return
			}
			for range 3 {
				code, stdout, stderr := runCLI("verify", "--data", data, out)
				if code != 1 || !re.MatchString(stdout) {
					t.Fatalf("sample: exit %d, want a line matching %s:\n%s%s", code, tc.want, stdout, stderr)
				}
			}
		})
	}

	// The configuration and its hash edited together: not what this build plans.
	out := t.TempDir()
	os.CopyFS(out, os.DirFS(pristine))
	mpath := filepath.Join(out, "results", "deadline", "manifest.json")
	m, _ := analysis.ReadManifest(mpath)
	var cfg map[string]any
	if err := json.Unmarshal(m.Config, &cfg); err != nil {
		t.Fatal(err)
	}
	cfg["inter_arrivals"] = []float64{1, 4}
	m.ConfigHash, m.Config, _ = analysis.HashConfig(cfg)
	analysis.WriteManifest(mpath, m)
	forgeOutputs(t, out)
	code, stdout, stderr := runCLI("verify", "--data", data, out)
	if code != 1 || !strings.Contains(stdout, "not the one this build plans for it") || !strings.Contains(stdout, "inter_arrivals[1]: recorded 4, planned 5") {
		t.Errorf("configuration and hash edited: exit %d\n%s%s", code, stdout, stderr)
	}

	// A page that differs from this build's rendering: an edit when this
	// build made the results; when another one did, maybe only how each
	// renders, which the note says.
	for _, other := range []bool{false, true} {
		out := t.TempDir()
		os.CopyFS(out, os.DirFS(pristine))
		editLines(t, filepath.Join(out, "paper", "deadline.md"), func(l []string) []string { return append(l, "an added line") })
		if other {
			mpath := filepath.Join(out, "results", "deadline", "manifest.json")
			m, _ := analysis.ReadManifest(mpath)
			m.Build = "sha256:0123456789abcdef"
			analysis.WriteManifest(mpath, m)
		}
		forgeOutputs(t, out)
		code, stdout, stderr := runCLI("verify", "--data", data, out)
		note := "note: another build of gridbench made " + filepath.Join(out, "results", "deadline") + " (sha256:0123456789abcdef); this one is sha256:"
		if code != 1 || !strings.Contains(stdout, "paper/deadline.md") || strings.Contains(stderr, note) != other {
			t.Errorf("page edited, results of another build %v: exit %d, want the note %v\n%s%s", other, code, other, stdout, stderr)
		}
	}
}

// TestVerifyStudy: a study run's folder verifies clean, and a tampered one
// fails, its study file found through the manifest.
func TestVerifyStudy(t *testing.T) {
	dir := t.TempDir()
	study := filepath.Join(dir, "mini.toml")
	os.WriteFile(study, []byte("name = \"mini\"\nalgorithms = [\"fcfs\", \"easy\"]\n"+
		"[[workload]]\nname = \"w\"\nkind = \"deadline\"\nmean_inter_arrival = 1\njobs = 30\n"), 0o644)
	out := filepath.Join(dir, "out")
	if code, _, stderr := runCLI("study", "run", study, "--reps", "2", "--out", out); code != 0 {
		t.Fatalf("study run: exit %d: %s", code, stderr)
	}
	mpath := filepath.Join(out, "results", "mini", "manifest.json")
	if m, err := analysis.ReadManifest(mpath); err != nil || m.Study == nil || m.Study.Path != study {
		t.Fatalf("the manifest does not name the study file %s: %+v, %v", study, m, err)
	}
	for _, args := range [][]string{{"verify", out}, {"verify", "--all", out}} {
		if code, stdout, stderr := runCLI(args...); code != 0 || !strings.HasSuffix(stdout, "all identical\n") {
			t.Fatalf("%v: exit %d\n%s%s", args, code, stdout, stderr)
		}
	}

	editLines(t, filepath.Join(out, "results", "mini", "runs.csv"), dropLines(func(s string) bool { return !strings.HasPrefix(s, "mini,w,easy,1,") }))
	forgeDigests(t, out)
	if code, stdout, stderr := runCLI("verify", out); code != 1 || !strings.Contains(stdout, "planned run mini/w/easy/1 has no row") {
		t.Errorf("a deleted run: exit %d\n%s%s", code, stdout, stderr)
	}

	// The study file changed since: said at once.
	os.WriteFile(study, []byte(strings.Replace(mustRead(t, study), "jobs = 30", "jobs = 31", 1)), 0o644)
	if code, stdout, stderr := runCLI("verify", out); code != 1 || !strings.Contains(stdout, "the study file changed after these results were made") {
		t.Errorf("an edited study file: exit %d\n%s%s", code, stdout, stderr)
	}
}

func mustRead(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// replaceIn replaces the first match of re in the file at path by repl,
// failing when nothing matches.
func replaceIn(t *testing.T, path, re, repl string) {
	t.Helper()
	b := mustRead(t, path)
	loc := regexp.MustCompile(re).FindStringIndex(b)
	if loc == nil {
		t.Fatalf("%s: nothing matches %s", path, re)
	}
	os.WriteFile(path, []byte(b[:loc[0]]+regexp.MustCompile(re).ReplaceAllString(b[loc[0]:loc[1]], repl)+b[loc[1]:]), 0o644)
}

// TestVerifyOutputsTampered: what a reader sees, tampered with. Each
// trial is found by the default verify, from the outputs manifest's
// digests; and again with every digest forged (the outputs manifest and
// the results' manifests rewritten to match), by re-rendering the pages,
// claims files, tables, figures and workbook from the results. Before
// the outputs manifest, verify --all found none of them.
func TestVerifyOutputsTampered(t *testing.T) {
	pristine, data := quickResults(t)
	if code, stdout, stderr := runCLI("verify", "--data", data, pristine); code != 0 || !strings.HasSuffix(stdout, "report files re-rendered, all identical\n") {
		t.Fatalf("untouched results: exit %d\n%s%s", code, stdout, stderr)
	}
	at := func(parts ...string) string { return filepath.Join(parts...) }
	for _, tc := range []struct {
		name   string
		tamper func(t *testing.T, out string)
		want   string // regular expression over stdout, digests as recorded
		forged string // the same, the digests forged
		all    bool   // the forged trial with --all too
	}{
		{"deleted study", func(t *testing.T, out string) { os.RemoveAll(pipeline.ResultsDir(out, "deadline")) },
			`results/deadline: missing: study deadline, listed in \S+outputs.json with \d+ files, is gone`,
			`results/gridbench.xlsx: not re-rendered|paper/index.json: line`, false},
		{"deleted page", func(t *testing.T, out string) { os.Remove(at(out, "paper", "deadline.md")) },
			`paper/deadline.md: missing \(the outputs manifest lists it, sha256 \w+…\)`,
			`paper/deadline.md: its study's re-rendering writes it, but the outputs manifest does not list it`, false},
		{"page number", func(t *testing.T, out string) {
			replaceIn(t, at(out, "paper", "deadline.md"), `(?m)^\| ia=1 \| 1 \| [0-9.]+`, "| ia=1 | 1 | 99.999")
		}, `paper/deadline.md: does not match the outputs manifest`,
			`paper/deadline.md: line \d+: "\| ia=1 \| 1 \| 99.999.*" on disk, "\| ia=1 \| 1 \| [0-9.]+.*" re-rendered`, true},
		{"verdict", func(t *testing.T, out string) {
			replaceIn(t, at(out, "paper", "deadline.claims.json"), `"verdict": "(inconclusive|not held|not testable)"`, `"verdict": "held"`)
		}, `paper/deadline.claims.json: does not match the outputs manifest`,
			`paper/deadline.claims.json: line \d+: .*held.* on disk, .* re-rendered`, false},
		{"table JSON", func(t *testing.T, out string) {
			replaceIn(t, at(out, "results", "deadline", "tables", "deadline-means.json"), `"text": "\d+\.\d+"`, `"text": "1.5"`)
		}, `tables/deadline-means.json: does not match the outputs manifest`,
			`tables/deadline-means.json: line \d+: .*1\.5.* on disk, .* re-rendered`, false},
		{"workbook cell", func(t *testing.T, out string) {
			f, err := excelize.OpenFile(pipeline.WorkbookPath(out))
			if err != nil {
				t.Fatal(err)
			}
			f.SetCellValue("Raw", "G2", 12345.5)
			if err := f.Save(); err != nil {
				t.Fatal(err)
			}
			f.Close()
		}, `gridbench.xlsx: does not match the outputs manifest`,
			`gridbench.xlsx: sheet Raw cell G2: "12345.5" on disk, "\S+" re-rendered`, false},
		{"figure data", func(t *testing.T, out string) {
			replaceIn(t, at(out, "paper", "figures", "deadline-fig1-delayed.svg"), `d="M[0-9.]+`, `d="M1.5`)
		}, `deadline-fig1-delayed.svg: does not match the outputs manifest`,
			`deadline-fig1-delayed.svg: line \d+: .*on disk`, false},
		{"figure image", func(t *testing.T, out string) {
			p := at(out, "paper", "figures", "deadline-fig1-delayed.png")
			os.WriteFile(p, append([]byte(mustRead(t, p)), 0), 0o644)
		}, `deadline-fig1-delayed.png: does not match the outputs manifest`,
			`deadline-fig1-delayed.png: differs from its re-rendering \(sha256 \w+… on disk, \w+… re-rendered\)`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := t.TempDir()
			if err := os.CopyFS(out, os.DirFS(pristine)); err != nil {
				t.Fatal(err)
			}
			tc.tamper(t, out)
			check := func(want string, args ...string) string {
				t.Helper()
				code, stdout, stderr := runCLI(append(append([]string{"verify", "--data", data}, args...), out)...)
				if code != 1 || !regexp.MustCompile(want).MatchString(stdout) {
					t.Errorf("verify %v: exit %d, want a line matching %s:\n%s%s", args, code, want, stdout, stderr)
				}
				return stdout
			}
			// Files that do not match the outputs manifest stop verify
			// before it draws a sample: no seed is given for one.
			if stdout := check(tc.want); strings.Contains(stdout, "sample seed") {
				t.Errorf("verify drew no sample, yet gave its seed:\n%s", stdout)
			}
			forgeDigests(t, out)
			check(tc.forged)
			if tc.all {
				check(tc.forged, "--all")
			}
		})
	}

	// A results folder no outputs manifest lists (one copied in).
	out := t.TempDir()
	os.CopyFS(out, os.DirFS(pristine))
	os.CopyFS(pipeline.ResultsDir(out, "extra"), os.DirFS(pipeline.ResultsDir(out, "deadline")))
	if code, stdout, stderr := runCLI("verify", "--data", data, out); code != 1 || !strings.Contains(stdout, "results/extra: not listed in") {
		t.Errorf("an unlisted study folder: exit %d\n%s%s", code, stdout, stderr)
	}
	// A PDF an earlier run left beside a figure the last run wrote as PNG
	// and SVG only: the LaTeX page shows it, and verify passed.
	out = t.TempDir()
	os.CopyFS(out, os.DirFS(pristine))
	stale := filepath.Join(out, "paper", "figures", "deadline-fig1-delayed.pdf")
	os.WriteFile(stale, []byte("%PDF-1.4\n"), 0o644)
	if code, stdout, stderr := runCLI("verify", "--data", data, out); code != 1 || !strings.Contains(stdout, stale+": not listed in") ||
		!strings.Contains(stdout, "reproduce deadline again") {
		t.Errorf("a figure file the outputs manifest does not list: exit %d\n%s%s", code, stdout, stderr)
	}
	// No outputs manifest at all: said, not passed.
	os.Remove(pipeline.OutputsPath(pristine))
	if code, stdout, stderr := runCLI("verify", "--data", data, pristine); code != 1 || !strings.Contains(stdout, "outputs.json: missing: nothing records which studies and files this folder holds") {
		t.Errorf("no outputs manifest: exit %d\n%s%s", code, stdout, stderr)
	}
}

// TestVerifyFindsRecordedData: verify without --data, from a folder
// where the data cannot be found, looks where the runs looked (the
// manifest's data roots). Before, it failed with "KTH-SP2 data not found".
func TestVerifyFindsRecordedData(t *testing.T) {
	t.Setenv(datadir.EnvVar, "")
	const rel = "KTH-SP2/KTH-SP2-1996-2.1-cln.swf.gz"
	kth := datadir.ForTest(t, rel)
	data := strings.TrimSuffix(kth, filepath.FromSlash(rel))
	out := t.TempDir()
	if code, _, stderr := runCLI("reproduce", "--quick", "--reps", "2", "--data", data, "--only", "backfilling", "--out", out); code != 0 {
		t.Fatalf("reproduce: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join("data", filepath.FromSlash(rel))); err == nil {
		t.Skip("the test's working folder holds the data itself")
	}
	code, stdout, stderr := runCLI("verify", out)
	if code != 0 || !strings.HasSuffix(stdout, "all identical\n") {
		t.Errorf("verify without --data: exit %d\n%s%s", code, stdout, stderr)
	}
}
