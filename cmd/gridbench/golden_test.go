package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/urfave/cli/v2"

	"github.com/gridbench/gridbench/internal/golden"
)

// update rewrites every golden file of this package's tests (help pages,
// argument orders, etc eval, trace stats) instead of comparing with it:
// the one -update flag of every golden test (internal/golden).
var update = golden.Update

// checkGolden compares got with the golden file at path, or writes it
// with -update.
func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	golden.Check(t, path, got)
}

// commandPaths lists every command and subcommand of the CLI as its words,
// e.g. ["etc", "eval"], in --help order.
func commandPaths() [][]string {
	var paths [][]string
	var walk func(prefix []string, cmds []*cli.Command)
	walk = func(prefix []string, cmds []*cli.Command) {
		for _, c := range cmds {
			p := append(slices.Clone(prefix), c.Name)
			paths = append(paths, p)
			walk(p, c.Subcommands)
		}
	}
	walk(nil, newApp(nil, nil).Commands)
	return paths
}

// TestHelpGolden keeps the --help page of the tool and of every command
// under testdata/golden/help: a changed flag, default or description shows
// up as a diff to review.
func TestHelpGolden(t *testing.T) {
	pages := append([][]string{nil}, commandPaths()...)
	for _, p := range pages {
		name := strings.Join(p, "-")
		if name == "" {
			name = "gridbench"
		}
		t.Run(name, func(t *testing.T) {
			code, stdout, stderr := runCLI(append(p, "--help")...)
			if code != 0 || stderr != "" {
				t.Fatalf("exit %d, stderr %q", code, stderr)
			}
			for _, line := range strings.Split(stdout, "\n") {
				if strings.Count(line, "(default: ") > 1 { // (a default in the usage text beside the flag's own: set DefaultText)
					t.Errorf("two defaults on one line: %s", strings.TrimSpace(line))
				}
			}
			checkGolden(t, filepath.Join("testdata", "golden", "help", name+".golden"), stdout)
		})
	}
}

// Every command has a --help page, so the list above cannot silently miss one.
func TestHelpCoversEveryCommand(t *testing.T) {
	for _, p := range commandPaths() {
		path := filepath.Join("testdata", "golden", "help", strings.Join(p, "-")+".golden")
		if _, err := os.Stat(path); err != nil && !*update {
			t.Errorf("no help golden for %q: %v", strings.Join(p, " "), err)
		}
	}
}

// A flag's placeholder in --help is the first text of its usage between
// backquotes: a command named there (`gridbench merge`) became the
// placeholder of --shard. Every placeholder is a value's name: one word,
// in capitals but for a file's extension (FILE.csv, WxH).
func TestFlagPlaceholdersNameAValue(t *testing.T) {
	name := regexp.MustCompile(`^[A-Z][A-Z0-9_/]*(\.[a-z]+)?$|^WxH$`)
	var walk func(prefix string, cmds []*cli.Command)
	walk = func(prefix string, cmds []*cli.Command) {
		for _, c := range cmds {
			path := strings.TrimSpace(prefix + " " + c.Name)
			for _, f := range c.Flags {
				df, ok := f.(cli.DocGenerationFlag)
				if !ok {
					continue
				}
				_, rest, quoted := strings.Cut(df.GetUsage(), "`")
				p, _, closed := strings.Cut(rest, "`")
				if quoted && closed && !name.MatchString(p) {
					t.Errorf("%s --%s: placeholder %q is not a value's name (backquotes in its usage mark the placeholder)", path, f.Names()[0], p)
				}
			}
			walk(path, c.Subcommands)
		}
	}
	walk("", newApp(nil, nil).Commands)
}

// durations and progress lines depend on the machine, not on the arguments.
var (
	duration = regexp.MustCompile(`\d+(\.\d+)?(ns|µs|ms|s|m)\b`)
	progress = regexp.MustCompile(`(?m)^.*runs \(\d+%\).*\n`)
)

// transcript is one invocation's exit code, stdout and stderr, with the
// temporary folder written as $TMP and machine timings as <time>.
func transcript(tmp string, code int, stdout, stderr string) string {
	norm := func(s string) string {
		s = strings.ReplaceAll(s, tmp, "$TMP")
		s = progress.ReplaceAllString(s, "")
		return duration.ReplaceAllString(s, "<time>")
	}
	var b strings.Builder
	fmt.Fprintf(&b, "exit %d\n--- stdout\n", code)
	b.WriteString(norm(stdout))
	b.WriteString("--- stderr\n")
	b.WriteString(norm(stderr))
	return b.String()
}

// TestFlagsBeforeAndAfterArguments runs every command that takes positional
// arguments with its flags first and with its flags last (the forms the
// README shows), and checks that both give the same output, kept as a
// golden file under testdata/golden/args. Each order writes below its own
// temporary folder, so neither reuses the other's results.
func TestFlagsBeforeAndAfterArguments(t *testing.T) {
	tiny := "testdata/golden/tiny-study.toml"
	// $OUT is each order's own output folder, $RUN the folder `run` wrote
	// for the same order (verify and compare read it).
	for _, tc := range []struct {
		name       string
		cmd        []string // command words
		args       []string // positional arguments
		flags      []string
		needsFiles bool // reads the results `run` wrote
	}{
		{name: "run", cmd: []string{"run"}, args: []string{"deadline"}, flags: []string{"--quick", "--reps", "2", "-j", "1", "--out", "$OUT"}},
		{name: "verify", cmd: []string{"verify"}, args: []string{"$RUN"}, flags: []string{"--all", "-j", "1"}, needsFiles: true},
		{name: "compare", cmd: []string{"compare"}, args: []string{"$RUN", "$RUN"}, flags: []string{"--csv", "--alpha", "0.1"}, needsFiles: true},
		{name: "etc-eval", cmd: []string{"etc", "eval"}, args: []string{"testdata/etc/small.etc"}, flags: []string{"--heuristics", "MCT,kPB", "--k", "50"}},
		{name: "simulate", cmd: []string{"simulate"}, args: []string{"testdata/simulate/tiny.swf"},
			flags: []string{"--cpus", "4", "--algo", "easy", "--max-jobs", "3", "--jobs-out", "$OUT/jobs.csv"}},
		{name: "timeshare", cmd: []string{"timeshare"}, args: []string{"testdata/timeshare_small.swf"},
			flags: []string{"--slaves", "2", "--algo", "rr", "--quantum", "5", "--jobs-out", "$OUT/jobs.csv"}},
		{name: "trace-stats", cmd: []string{"trace", "stats"}, args: []string{"testdata/trace/small.swf"}, flags: []string{"--window", "60", "--max-lag", "3"}},
		{name: "study-run", cmd: []string{"study", "run"}, args: []string{tiny}, flags: []string{"--reps", "2", "-j", "1", "--out", "$OUT"}},
		{name: "study-merge", cmd: []string{"study", "merge"}, args: []string{tiny}, flags: []string{"--reps", "2", "--out", "$OUT"}},
		{name: "data-fetch", cmd: []string{"data", "fetch"}, args: []string{"lcg-2005-1"}, flags: []string{"--data", "../../data"}},
		{name: "flag-value-looks-like-flag", cmd: []string{"etc", "eval"}, args: []string{"--", "-"}, flags: []string{"--heuristics", "MCT"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tmp := t.TempDir()
			var got [2]string
			for order := range 2 {
				out := filepath.Join(tmp, []string{"first", "last"}[order])
				run := filepath.Join(tmp, []string{"first", "last"}[order])
				if err := os.MkdirAll(out, 0o755); err != nil {
					t.Fatal(err)
				}
				if tc.needsFiles {
					if code, _, stderr := runCLI("run", "--quick", "--reps", "2", "-j", "1", "--out", run, "deadline"); code != 0 {
						t.Fatalf("run: exit %d: %s", code, stderr)
					}
				}
				subst := func(xs []string) []string {
					ys := make([]string, len(xs))
					for i, x := range xs {
						ys[i] = strings.NewReplacer("$OUT", out, "$RUN", run).Replace(x)
					}
					return ys
				}
				args := slices.Clone(tc.cmd)
				if order == 0 {
					args = append(append(args, subst(tc.flags)...), subst(tc.args)...)
				} else {
					args = append(append(args, subst(tc.args)...), subst(tc.flags)...)
				}
				code, stdout, stderr := runCLI(args...)
				got[order] = transcript(out, code, stdout, stderr)
			}
			if got[0] != got[1] {
				t.Fatalf("flags first and flags last differ:\n--- flags first\n%s\n--- flags last\n%s", got[0], got[1])
			}
			checkGolden(t, filepath.Join("testdata", "golden", "args", tc.name+".golden"), got[0])
		})
	}
}

// --help added at the end of any command line shows that command's help,
// as it does before the arguments.
func TestHelpAfterArguments(t *testing.T) {
	for _, cmd := range [][]string{{"simulate", "x.swf"}, {"workload", "generate", "lublin"}, {"compare", "a", "b"}, {"study", "run", "s.toml"}} {
		n := len(cmd) - 1
		if cmd[0] == "compare" {
			n = 1
		}
		code, want, _ := runCLI(append(slices.Clone(cmd[:n]), "--help")...)
		got, gotOut, stderr := runCLI(append(slices.Clone(cmd), "--help")...)
		if code != 0 || got != 0 || gotOut != want || !strings.HasPrefix(want, "NAME:") {
			t.Errorf("%v --help: exit %d, stderr %q; want the help of %v", cmd, got, stderr, cmd[:n])
		}
	}
}

// flagsFirst's re-ordering, case by case: values stay with their flags,
// "--" ends the flags, "-" is an argument, unknown words are left to cli.
func TestFlagsFirst(t *testing.T) {
	app := newApp(&bytes.Buffer{}, &bytes.Buffer{})
	for _, tc := range []struct{ in, want string }{
		{"gridbench run deadline --quick", "gridbench run --quick deadline"},
		{"gridbench run deadline --reps 3 --out o", "gridbench run --reps 3 --out o deadline"},
		{"gridbench run deadline --reps=3", "gridbench run --reps=3 deadline"},
		{"gridbench compare A --csv B --alpha 0.1", "gridbench compare --csv --alpha 0.1 A B"},
		{"gridbench etc eval F --heuristics MCT G", "gridbench etc eval --heuristics MCT F G"},
		{"gridbench etc eval F -- --heuristics", "gridbench etc eval -- F --heuristics"},
		{"gridbench etc eval - --gap", "gridbench etc eval --gap -"},
		{"gridbench study run f.toml --reps 2 -j 1", "gridbench study run --reps 2 -j 1 f.toml"},
		{"gridbench data fetch kth-sp2 --data d", "gridbench data fetch --data d kth-sp2"},
		{"gridbench data x --data d", "gridbench data --data d x"},
		{"gridbench slurm --sbatch-arg --partition=short --shards 2", "gridbench slurm --sbatch-arg --partition=short --shards 2"},
		{"gridbench simulate F --help", "gridbench simulate --help"}, // (not help on a topic F)
		{"gridbench workload generate lublin -o f.swf -h", "gridbench workload generate --help"},
		{"gridbench plot gantt --title -h j.csv", "gridbench plot gantt --title -h j.csv"}, // (a flag's value)
		{"gridbench etc eval -- --help", "gridbench etc eval -- --help"},
		{"gridbench nosuch a --b", "gridbench nosuch a --b"},
		{"gridbench", "gridbench"},
	} {
		got := strings.Join(flagsFirst(app, strings.Fields(tc.in)), " ")
		if got != tc.want {
			t.Errorf("%s:\n got %s\nwant %s", tc.in, got, tc.want)
		}
	}
}
