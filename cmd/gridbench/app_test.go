package main

import (
	"bytes"
	"context"
	"strings"
	"testing"
)

// A value a flag cannot read is named with the flag as it is written and
// what the flag takes, not the flag package's "invalid value ... for flag
// -reps: parse error".
func TestFlagValueErrorsSayWhatTheFlagTakes(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reproduce", "--reps", "x"}, `--reps "x": not a whole number`},
		{[]string{"reproduce", "-j", "1.5"}, `-j "1.5": not a whole number`},
		{[]string{"reproduce", "--quick=maybe"}, `--quick "maybe": not true or false`},
		{[]string{"study", "run", "s.toml", "--exec-timeout", "5"}, `--exec-timeout "5": not a duration, such as 500ms, 30s, 5m or 1h30m`},
		{[]string{"compare", "a", "b", "--alpha", "x"}, `--alpha "x": not a number`},
		{[]string{"etc", "generate", "--seed", "-5"}, `--seed "-5": not a whole number, 0 or more`},
		{[]string{"simulate", "--max-jobs", "99999999999999999999", "t.swf"}, `--max-jobs "99999999999999999999": out of range for a whole number`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"gridbench"}, tc.args...), &stdout, &stderr)
		if got := strings.TrimSpace(stderr.String()); code == 0 || got != "gridbench: "+tc.want {
			t.Errorf("%v: exit %d, stderr %q, want %q", tc.args, code, got, "gridbench: "+tc.want)
		}
	}
}

// A command or flag the tool does not have, or a flag given no value, is
// one line on stderr naming the command, with the nearest names, and
// nothing on stdout: cli printed "No help topic for 'reprodce'" (exit 3),
// or "Incorrect Usage" and the command's whole help page, its "did you
// mean" above a hundred lines.
func TestUsageErrorsAreOneLine(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"reprodce"}, `unknown command "reprodce"; did you mean "reproduce"? (gridbench --help lists the commands)`},
		{[]string{"study", "rnu", "x.toml"}, `unknown command "rnu"; did you mean "run"? (gridbench study --help lists the commands)`},
		{[]string{"plot", "gnatt", "a.csv"}, `unknown command "gnatt"; did you mean "gantt"? (gridbench plot --help lists the commands)`},
		{[]string{"xyz"}, `unknown command "xyz" (gridbench --help lists the commands)`},
		{[]string{"simulate", "--alg", "easy", "t.swf"}, `simulate: unknown flag --alg; did you mean "--algo"? (gridbench simulate --help lists its flags)`},
		{[]string{"simulate", "t.swf", "--max", "3"}, `simulate: unknown flag --max; did you mean "--max-jobs"? (gridbench simulate --help lists its flags)`},
		{[]string{"study", "run", "--fersh", "s.toml"}, `study run: unknown flag --fersh; did you mean "--fresh"? (gridbench study run --help lists its flags)`},
		{[]string{"--verison"}, `unknown flag --verison; did you mean "--version"? (gridbench --help lists its flags)`},
		{[]string{"reproduce", "--out"}, `reproduce: --out needs a value (gridbench reproduce --help says which)`},
		{[]string{"help", "reprodce"}, `unknown command "reprodce"; did you mean "reproduce"? (gridbench --help lists the commands)`},
		{[]string{"study", "help", "rnu"}, `unknown command "rnu"; did you mean "run"? (gridbench study --help lists the commands)`},
		// A required flag left out: cli printed the command's help page first.
		{[]string{"plot", "gantt", "jobs.csv"}, `plot gantt: --out is required: write the figure to FILE: .png, .svg or .pdf`},
		{[]string{"workload", "convert", "t.swf"}, `workload convert: --to is required: write the workload to FILE.json`},
		{[]string{"compare", "a"}, `compare needs OLD and NEW (runs.csv files or results folders), got 1 argument`},
	} {
		var stdout, stderr bytes.Buffer
		code := run(context.Background(), append([]string{"gridbench"}, tc.args...), &stdout, &stderr)
		if got := stderr.String(); code != 1 || got != "gridbench: "+tc.want+"\n" || stdout.Len() != 0 {
			t.Errorf("%v: exit %d, stdout %d bytes, stderr %q, want exit 1, nothing on stdout and %q", tc.args, code, stdout.Len(), got, "gridbench: "+tc.want)
		}
	}
	// What is the tool's own is left to it.
	for _, args := range [][]string{{"help", "reproduce"}, {"study", "help", "run"}, {"version"}, {"reproduce", "--help"}} {
		var stdout, stderr bytes.Buffer
		if code := run(context.Background(), append([]string{"gridbench"}, args...), &stdout, &stderr); code != 0 || stdout.Len() == 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr.String())
		}
	}
}
